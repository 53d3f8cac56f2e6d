/** Where the vessel-schedule filter is kept between visits (spec 03 §7: local storage). */
export const VESSEL_FILTER_KEY = 'smartport.vesselScheduleFilter';

/** The filter as stored and as sent to `common/getVesselScheduleList`; dates are ISO strings. */
export interface VesselScheduleFilter {
  TerminalCode?: string;
  VesselName?: string;
  FromDate?: string;
  ToDate?: string;
  /** Set by a screen that asks for this lookup to run when the schedule opens; cleared once run. */
  Rowguid?: string;
}

const text = (v: unknown, max: number) => (typeof v === 'string' && v.trim() ? v.trim().slice(0, max) : undefined);
const isoDate = (v: unknown) => (typeof v === 'string' && !Number.isNaN(Date.parse(v)) ? v : undefined);

/** Only the known fields, trimmed; anything else in storage (an old or damaged entry) is ignored. */
export function cleanVesselFilter(raw: unknown): VesselScheduleFilter {
  if (!raw || typeof raw !== 'object') return {};
  const r = raw as Record<string, unknown>;
  const f: VesselScheduleFilter = {
    TerminalCode: text(r.TerminalCode, 10),
    VesselName: text(r.VesselName, 100),
    FromDate: isoDate(r.FromDate),
    ToDate: isoDate(r.ToDate),
    Rowguid: text(r.Rowguid, 64),
  };
  return Object.fromEntries(Object.entries(f).filter(([, v]) => v !== undefined)) as VesselScheduleFilter;
}

export function readVesselFilter(storage: Pick<Storage, 'getItem'> = localStorage): VesselScheduleFilter {
  try {
    return cleanVesselFilter(JSON.parse(storage.getItem(VESSEL_FILTER_KEY) ?? 'null'));
  } catch {
    return {};
  }
}

export function saveVesselFilter(filter: VesselScheduleFilter, storage: Pick<Storage, 'setItem'> = localStorage) {
  storage.setItem(VESSEL_FILTER_KEY, JSON.stringify(cleanVesselFilter(filter)));
}

/** For another screen: open the schedule with this filter already run once. */
export function requestVesselLookup(filter: Omit<VesselScheduleFilter, 'Rowguid'>, storage: Pick<Storage, 'setItem'> = localStorage) {
  saveVesselFilter({ ...filter, Rowguid: crypto.randomUUID() }, storage);
}

/**
 * What the screen does when it opens: the stored filter fills the form; when it carries a Rowguid
 * the lookup runs at once (and `lookupDone` clears the Rowguid once it has run, so the next visit
 * only restores the filter).
 */
export function openingFilter(storage: Pick<Storage, 'getItem'> = localStorage) {
  const { Rowguid, ...fields } = readVesselFilter(storage);
  return { fields, runNow: !!Rowguid };
}

/** The requested lookup has run: keep the filter, drop the Rowguid. */
export function lookupDone(storage: Pick<Storage, 'getItem' | 'setItem'> = localStorage) {
  const { Rowguid, ...fields } = readVesselFilter(storage);
  if (Rowguid) saveVesselFilter(fields, storage);
}
