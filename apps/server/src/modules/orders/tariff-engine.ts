import { type ChargeLine, contSizeOf, isReeferSizetype, type OrderCharges, portDayNumber } from '@smartport/contract';

/**
 * The tariff engine (rules and a worked example in docs/decisions.md "Tariff engine"): pure functions that
 * turn an order's facts — tariffs, surcharge steps, job modes, exchange rates, free days, holiday periods, reefer
 * hours, attached services — into priced charge lines. No I/O: `pricing.service.ts` gathers the facts.
 */

const ALL = '*';

/** The port day (days since 1970-01-01 in port time) a moment falls on. */
const portDay = portDayNumber;

const vnNumber = new Intl.NumberFormat('vi-VN', { maximumFractionDigits: 4 });
/** 45000 → '45.000', 37.5 → '37,5'. */
export const vn = (n: number) => vnNumber.format(n);

// ---- tariffs ---------------------------------------------------------------------------------------------------

export type ChargeKind = 'job' | 'storage' | 'reefer';

/** A standard or contract tariff row as the engine reads it. */
export interface TariffRow {
  Source: 'standard' | 'contract';
  Rowguid: string;
  TariffCode: string;
  TariffName: string;
  ChargeKind: string;
  JobModeCode: string;
  ContSize: string;
  CargoTypeCode: string;
  FE: string;
  IsLocalForeign: string;
  CurrencyCode: string;
  UnitPrice: number;
  VatRate: number;
  ApplyDate: Date;
  ExpireDate: Date;
  /** Contract rows only ('*' for standard rows). */
  ContractNo?: string | null;
  CustomerCode?: string;
  OperationCode?: string;
}

export interface TariffQuery {
  chargeKind: ChargeKind;
  jobModeCode: string;
  contSize: string;
  cargoTypeCode: string;
  fe: string;
  isLocalForeign: string;
  customerCode: string;
  operationCode: string;
  at: Date;
}

const up = (s: string | null | undefined) => (s ?? '').trim().toUpperCase();
const fits = (rowValue: string, value: string) => up(rowValue) === ALL || up(rowValue) === up(value);

/**
 * Weights of the exact (non-*) fields of a matching row: job mode over cargo type over size over F/E over
 * local/foreign. Each weight is larger than the sum of the ones after it, so the score orders rows as "the most
 * important exact field first".
 */
export const fieldWeights = { JobModeCode: 16, CargoTypeCode: 8, ContSize: 4, FE: 2, IsLocalForeign: 1 } as const;

/**
 * The rank of a tariff row for a query, compared left to right (higher wins), or null when the row does not apply:
 * [party tier (contract with the customer 2, contract with the operator only 1, standard 0), both parties named,
 * exact-field score, ApplyDate].
 */
export function tariffRank(row: TariffRow, q: TariffQuery): number[] | null {
  if (up(row.ChargeKind) !== up(q.chargeKind)) return null;
  if (row.ApplyDate.getTime() > q.at.getTime() || row.ExpireDate.getTime() < q.at.getTime()) return null;
  if (
    !fits(row.JobModeCode, q.jobModeCode) ||
    !fits(row.ContSize, q.contSize) ||
    !fits(row.CargoTypeCode, q.cargoTypeCode) ||
    !fits(row.FE, q.fe) ||
    !fits(row.IsLocalForeign, q.isLocalForeign)
  )
    return null;
  let tier = 0;
  let both = 0;
  if (row.Source === 'contract') {
    const cu = up(row.CustomerCode ?? ALL);
    const op = up(row.OperationCode ?? ALL);
    if (cu === ALL && op === ALL) return null;
    if (!fits(cu, q.customerCode) || !fits(op, q.operationCode)) return null;
    tier = cu !== ALL ? 2 : 1;
    both = cu !== ALL && op !== ALL ? 1 : 0;
  }
  let score = 0;
  for (const [field, w] of Object.entries(fieldWeights) as [keyof typeof fieldWeights, number][]) {
    if (up(row[field]) !== ALL) score += w;
  }
  return [tier, both, score, row.ApplyDate.getTime()];
}

function compareRanks(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/** The most specific valid tariff for the query (equal ranks: the smaller TariffCode, then Rowguid), or null. */
export function pickTariff(rows: readonly TariffRow[], q: TariffQuery): TariffRow | null {
  let top: TariffRow | null = null;
  let topRank: number[] = [];
  for (const r of rows) {
    const k = tariffRank(r, q);
    if (!k) continue;
    const c = top === null ? 1 : compareRanks(k, topRank);
    const tieWins =
      c === 0 && top !== null && (r.TariffCode < top.TariffCode || (r.TariffCode === top.TariffCode && r.Rowguid < top.Rowguid));
    if (c > 0 || tieWins) {
      top = r;
      topRank = k;
    }
  }
  return top;
}

// ---- storage days --------------------------------------------------------------------------------------------

export interface Period {
  StartTime: Date;
  EndTime: Date;
}

export interface StorageFacts {
  /** When the container entered the yard. */
  dateIn: Date;
  /** When it leaves (the order's expiry). */
  until: Date;
  freeDays: number;
  /** Where the free days start: 'ATB' (the vessel's berthing), 'DateIn', or 'DateOut' (free days end on the exit day). */
  freeStart: 'ATB' | 'DateIn' | 'DateOut';
  /** The vessel's berthing time when known (ATB rules); DateIn is used when it is not. */
  atb: Date | null;
  /** Holiday exemption periods of the order (already the most specific configuration's). */
  holidays: readonly Period[];
}

export interface StorageDays {
  /** Port days in the yard, day in and day out both counted. */
  days: number;
  /** Of those, days inside the free period. */
  free: number;
  /** Of those, days outside the free period exempted as holidays. */
  holiday: number;
  /** days − free − holiday (never below 0). */
  billable: number;
}

/**
 * Storage days of a stay (docs/decisions.md): every port day from the day in to the day out, both counted; the free
 * period is `freeDays` port days from its start (ATB or DateIn; DateOut: the last `freeDays` days of the stay); a day
 * outside it that a holiday period touches is exempt; the rest is billed.
 */
export function storageDays(f: StorageFacts): StorageDays {
  const first = portDay(f.dateIn);
  const last = portDay(f.until);
  if (last < first) return { days: 0, free: 0, holiday: 0, billable: 0 };
  const freeDays = Math.max(0, Math.floor(f.freeDays));
  let freeFrom: number;
  if (f.freeStart === 'DateOut') freeFrom = last - freeDays + 1;
  else if (f.freeStart === 'ATB' && f.atb) freeFrom = portDay(f.atb);
  else freeFrom = first;
  const freeTo = freeFrom + freeDays - 1;
  const spans = f.holidays.map((h) => [portDay(h.StartTime), portDay(h.EndTime)] as const);
  let free = 0;
  let holiday = 0;
  for (let d = first; d <= last; d++) {
    if (d >= freeFrom && d <= freeTo) free++;
    else if (spans.some(([a, b]) => a <= d && d <= b)) holiday++;
  }
  const days = last - first + 1;
  return { days, free, holiday, billable: Math.max(0, days - free - holiday) };
}

// ---- surcharges ----------------------------------------------------------------------------------------------

export interface SurchargeStep {
  ExtraMode: number;
  FromValue: number;
  ToValue: number | null;
  Percent: number;
  Note: string | null;
}

export interface SurchargeFacts {
  /** Gross weight, kilograms. */
  MCWeight: number | null;
  Class: string | null;
  Temperature: number | null;
  OogTop: number | null;
  OogLeft: number | null;
  OogRight: number | null;
  OogBack: number | null;
  OogFront: number | null;
}

export const extraModeNames: Record<number, string> = {
  1: 'Phụ thu trọng lượng',
  2: 'Phụ thu hàng nguy hiểm',
  3: 'Phụ thu hàng quá khổ',
  4: 'Phụ thu nhiệt độ lạnh',
};

/**
 * The value a job mode's ExtraMode measures on a container, or null when it has none: 1 gross weight in tonnes (the
 * container's MCWeight is kilograms; the surcharge steps are configured in tonnes, 'Trọng lượng (tấn)'), 2 the IMO
 * class number (e.g. '2.1' → 2.1), 3 the largest out-of-gauge dimension (cm), 4 the degrees below 0 °C.
 */
export function surchargeValue(extraMode: number, c: SurchargeFacts): number | null {
  switch (extraMode) {
    case 1:
      return c.MCWeight != null && c.MCWeight > 0 ? c.MCWeight / 1000 : null;
    case 2: {
      const n = c.Class ? Number.parseFloat(c.Class.replace(',', '.')) : Number.NaN;
      return Number.isFinite(n) && n > 0 ? n : null;
    }
    case 3: {
      const m = Math.max(0, ...[c.OogTop, c.OogLeft, c.OogRight, c.OogBack, c.OogFront].map((v) => v ?? 0));
      return m > 0 ? m : null;
    }
    case 4:
      return c.Temperature != null && c.Temperature < 0 ? Math.abs(c.Temperature) : null;
    default:
      return null;
  }
}

/** The step of `extraMode` holding `value` (FromValue ≤ value < ToValue; no ToValue = no upper bound), or null. */
export function pickStep(steps: readonly SurchargeStep[], extraMode: number, value: number): SurchargeStep | null {
  let top: SurchargeStep | null = null;
  for (const s of steps) {
    if (s.ExtraMode !== extraMode || value < s.FromValue || (s.ToValue != null && value >= s.ToValue)) continue;
    if (!top || s.FromValue > top.FromValue) top = s;
  }
  return top;
}

const valueText = (extraMode: number, v: number) =>
  extraMode === 1 ? `${vn(v)} tấn` : extraMode === 2 ? `class ${vn(v)}` : extraMode === 3 ? `quá khổ ${vn(v)} cm` : `${vn(-v)} °C`;

// ---- money ---------------------------------------------------------------------------------------------------

/** VAT of an amount: round(Amount × rate / 100); -1 (KCT, not subject) and 0 give 0. */
export const vatOf = (amount: number, vatRate: number) => (vatRate > 0 ? Math.round((amount * vatRate) / 100) : 0);

export const vatText = (vatRate: number) => (vatRate < 0 ? 'KCT' : `${vatRate}%`);

// ---- the order -----------------------------------------------------------------------------------------------

export interface EngineContainer extends SurchargeFacts {
  ContainerNo: string;
  IsoSizetype: string;
  FE: 'F' | 'E';
  CargoTypeCode: string;
  IsLocalForeign: 'L' | 'F';
  /** Storage facts for containers leaving the yard, else null. */
  storage: StorageFacts | null;
  /** Billable reefer hours and how they were counted, else null (not a reefer or nothing to bill). */
  reefer: { hours: number; how: string } | null;
  /** Attached services priced on this container (the defaults and the attachable ones the customer ticked). */
  attach: readonly string[];
}

export interface EngineInput {
  TerminalCode: string;
  JobModeCode: string;
  OperationCode: string;
  CustomerCode: string;
  at: Date;
  jobModes: ReadonlyMap<string, { JobModeName: string; ExtraMode: number }>;
  tariffs: readonly TariffRow[];
  steps: readonly SurchargeStep[];
  /** Currency → VND rate (the latest active on or before `at`). */
  rates: ReadonlyMap<string, number>;
  containers: readonly EngineContainer[];
  /** The order's depot ('Danh mục depot'), whose own lift charge is a surcharge line per container. */
  depot?: EngineDepot | null;
}

/** A depot of the order's terminal and its lift charge (VND per container, before VAT). */
export interface EngineDepot {
  DepotCode: string;
  DepotName: string;
  LiftCharge: number;
}

export type EngineOutcome = { ok: true; charges: OrderCharges } | { ok: false; message: string };

const feName = (fe: string) => (fe === 'F' ? 'hàng (F)' : 'rỗng (E)');

/** Whether a container is priced as a reefer: ISO type group R or cargo type RF (hàng lạnh). */
export const isReeferContainer = (c: { IsoSizetype: string; CargoTypeCode: string }) =>
  isReeferSizetype(c.IsoSizetype) || up(c.CargoTypeCode) === 'RF';

class PricingProblem extends Error {}

/** Prices an order: per container its job line, surcharge, attached services, storage and reefer lines. */
export function priceOrder(input: EngineInput): EngineOutcome {
  const lines: ChargeLine[] = [];
  const modeName = (code: string) => input.jobModes.get(code)?.JobModeName ?? code;
  try {
    if (!input.jobModes.has(input.JobModeCode))
      throw new PricingProblem(`Phương án "${input.JobModeCode}" không có trong danh mục phương án.`);

    const rateOf = (currency: string): number | null => {
      const cur = up(currency);
      if (cur === 'VND') return null;
      const rate = input.rates.get(cur);
      if (rate == null || !(rate > 0)) throw new PricingProblem(`Chưa có tỷ giá ${cur} hiệu lực tại thời điểm tính cước.`);
      return rate;
    };

    /** One line from a tariff and a quantity; the amount is rounded to whole VND once. */
    const line = (
      c: EngineContainer,
      kind: ChargeLine['ChargeKind'],
      jobMode: string,
      t: TariffRow,
      quantity: number,
      unit: string,
      what: string,
    ): ChargeLine => {
      const rate = rateOf(t.CurrencyCode);
      const vndPrice = t.UnitPrice * (rate ?? 1);
      const amount = Math.round(vndPrice * quantity);
      const vat = vatOf(amount, t.VatRate);
      const source =
        t.Source === 'contract'
          ? `biểu cước hợp đồng ${t.ContractNo ?? ''} (${t.TariffCode})`.replace('  ', ' ')
          : `biểu cước chuẩn ${t.TariffCode}`;
      const price = rate ? `${vn(t.UnitPrice)} ${up(t.CurrencyCode)} × tỷ giá ${vn(rate)}` : vn(t.UnitPrice);
      return {
        LineNo: lines.length + 1,
        ContainerNo: c.ContainerNo,
        JobModeCode: jobMode,
        JobModeName: modeName(jobMode),
        ChargeKind: kind,
        Source: t.Source,
        TariffCode: t.TariffCode,
        TariffName: t.TariffName,
        IsoSizetype: c.IsoSizetype,
        FE: c.FE,
        CargoTypeCode: c.CargoTypeCode,
        Quantity: quantity,
        Unit: unit,
        UnitPrice: Math.round(vndPrice),
        TariffCurrency: up(t.CurrencyCode),
        TariffPrice: t.UnitPrice,
        ExchangeRate: rate,
        Amount: amount,
        VatRate: t.VatRate,
        VatAmount: vat,
        Total: amount + vat,
        Explanation: `${what}, tính ${vn(quantity)} ${unit.toLowerCase()} × ${price} = ${vn(amount)} đ theo ${source}; VAT ${vatText(t.VatRate)}`,
      };
    };

    const query = (c: EngineContainer, kind: ChargeKind, jobMode: string): TariffQuery => ({
      chargeKind: kind,
      jobModeCode: jobMode,
      contSize: contSizeOf(c.IsoSizetype),
      cargoTypeCode: c.CargoTypeCode,
      fe: c.FE,
      isLocalForeign: c.IsLocalForeign,
      customerCode: input.CustomerCode,
      operationCode: input.OperationCode,
      at: input.at,
    });
    const need = (c: EngineContainer, kind: ChargeKind, jobMode: string, what: string) => {
      const t = pickTariff(input.tariffs, query(c, kind, jobMode));
      if (!t)
        throw new PricingProblem(
          `Chưa có biểu cước áp dụng: ${what}, cont ${contSizeOf(c.IsoSizetype)} ${feName(c.FE)}, loại hàng ${c.CargoTypeCode} (container ${c.ContainerNo}).`,
        );
      return t;
    };

    const mode = input.jobModes.get(input.JobModeCode) as { JobModeName: string; ExtraMode: number };
    for (const c of input.containers) {
      const size = contSizeOf(c.IsoSizetype);
      // Job line.
      const jobWhat = `phương án ${input.JobModeCode} (${mode.JobModeName})`;
      const jobTariff = need(c, 'job', input.JobModeCode, jobWhat);
      const job = line(c, 'job', input.JobModeCode, jobTariff, 1, 'Cont', `${mode.JobModeName} cont ${size} ${feName(c.FE)}`);
      lines.push(job);

      /** A surcharge of one VND amount on the job line: its tariff code and VAT rate. */
      const surcharge = (amount: number, unit: string, patch: Partial<ChargeLine>, explanation: string) => {
        const vat = vatOf(amount, jobTariff.VatRate);
        lines.push({
          ...job,
          LineNo: lines.length + 1,
          ChargeKind: 'surcharge',
          Quantity: 1,
          Unit: unit,
          UnitPrice: amount,
          TariffCurrency: 'VND',
          TariffPrice: amount,
          ExchangeRate: null,
          Amount: amount,
          VatAmount: vat,
          Total: amount + vat,
          ...patch,
          Explanation: `${explanation}; VAT ${vatText(jobTariff.VatRate)}`,
        });
      };

      // Surcharge of the job mode's ExtraMode.
      const value = surchargeValue(mode.ExtraMode, c);
      const step = value == null ? null : pickStep(input.steps, mode.ExtraMode, value);
      if (step && value != null && step.Percent > 0) {
        const amount = Math.round((job.Amount * step.Percent) / 100);
        const bounds = `bậc từ ${vn(step.FromValue)}${step.ToValue != null ? ` đến dưới ${vn(step.ToValue)}` : ' trở lên'}`;
        surcharge(
          amount,
          'Lần',
          {},
          `${extraModeNames[mode.ExtraMode]} (${valueText(mode.ExtraMode, value)}, ${bounds}): ${vn(step.Percent)}% × ${vn(job.Amount)} = ${vn(amount)} đ`,
        );
      }

      // The depot's own lift charge (docs/decisions.md 'Depots'): a surcharge line of the job's tariff code and VAT.
      const depot = input.depot;
      if (depot && depot.LiftCharge > 0) {
        const amount = Math.round(depot.LiftCharge);
        surcharge(
          amount,
          'Cont',
          { TariffName: `Phí nâng/hạ tại depot ${depot.DepotCode}` },
          `Phí nâng/hạ tại depot ${depot.DepotCode} (${depot.DepotName}): ${vn(amount)} đ/cont theo danh mục depot`,
        );
      }

      // Attached services.
      for (const service of c.attach) {
        const t = need(c, 'job', service, `dịch vụ đính kèm ${service} (${modeName(service)})`);
        lines.push(line(c, 'attach', service, t, 1, 'Cont', `Dịch vụ đính kèm ${modeName(service)} cont ${size} ${feName(c.FE)}`));
      }

      // Storage.
      if (c.storage) {
        const s = storageDays(c.storage);
        if (s.billable > 0) {
          const t = need(c, 'storage', input.JobModeCode, 'lưu bãi');
          const what = `Lưu bãi ${s.days} ngày, miễn phí ${s.free} ngày${s.holiday ? `, miễn ${s.holiday} ngày lễ` : ''}`;
          lines.push(line(c, 'storage', input.JobModeCode, t, s.billable, 'Ngày', what));
        }
      }

      // Reefer power.
      if (c.reefer && c.reefer.hours > 0) {
        const t = need(c, 'reefer', input.JobModeCode, 'điện lạnh');
        lines.push(line(c, 'reefer', input.JobModeCode, t, c.reefer.hours, 'Giờ', `Điện lạnh ${c.reefer.how}`));
      }
    }
  } catch (e) {
    if (e instanceof PricingProblem) return { ok: false, message: e.message };
    throw e;
  }
  return { ok: true, charges: totalsOf(lines, input.at) };
}

/** Totals are the sums of the lines. */
export function totalsOf(lines: ChargeLine[], at: Date): OrderCharges {
  const Amount = lines.reduce((s, l) => s + l.Amount, 0);
  const VatAmount = lines.reduce((s, l) => s + l.VatAmount, 0);
  return { lines, Amount, VatAmount, TotalAmount: Amount + VatAmount, CurrencyCode: 'VND', PricedAt: at.toISOString() };
}

/** The reefer hours a pickup (DateIn → ExpDate) or another order (PlugHours from `at`) bills, as a plug-in period. */
export function reeferPeriod(
  direction: 'in' | 'out' | 'stay',
  c: { DateIn: Date | null; PlugHours: number | null },
  at: Date,
  expDate: Date,
): { plugIn: Date; plugOut: Date } | null {
  if (direction === 'out' && c.DateIn) return c.DateIn.getTime() <= expDate.getTime() ? { plugIn: c.DateIn, plugOut: expDate } : null;
  if (c.PlugHours != null && c.PlugHours > 0) return { plugIn: at, plugOut: new Date(at.getTime() + c.PlugHours * 3_600_000) };
  return null;
}

/** Whole hours rounded up: the reading when no reefer rule applies (as the rule R2 without added hours). */
export const wholeHoursUp = (p: { plugIn: Date; plugOut: Date }) => Math.ceil((p.plugOut.getTime() - p.plugIn.getTime()) / 3_600_000);

/**
 * The lines of an extension (gia hạn): the storage and reefer lines of the order priced to its new expiry (`to`) less
 * what the order and its earlier extensions priced to the expiry they covered (`covered`), per container and kind, on
 * the same tariffs and rules. A day or hour is billed once: what `covered` billed is never in the result, and two
 * extensions back to back bill what one to the last expiry would. Job and attached-service lines are never repeated.
 */
export function extensionLines(to: OrderCharges, covered: OrderCharges, at: Date, what: (l: ChargeLine) => string): OrderCharges {
  const kinds = new Set<string>(['storage', 'reefer']);
  const key = (l: ChargeLine) => `${l.ContainerNo ?? ''}|${l.ChargeKind}`;
  const before = new Map<string, number>();
  for (const l of covered.lines) if (kinds.has(l.ChargeKind)) before.set(key(l), (before.get(key(l)) ?? 0) + l.Quantity);
  const lines: ChargeLine[] = [];
  for (const l of to.lines) {
    if (!kinds.has(l.ChargeKind)) continue;
    const extra = l.Quantity - (before.get(key(l)) ?? 0);
    if (extra <= 0) continue;
    const amount = Math.round(l.TariffPrice * (l.ExchangeRate ?? 1) * extra);
    const vat = vatOf(amount, l.VatRate);
    lines.push({
      ...l,
      LineNo: lines.length + 1,
      Quantity: extra,
      Amount: amount,
      VatAmount: vat,
      Total: amount + vat,
      Explanation: `${what(l)}: thêm ${vn(extra)} ${l.Unit.toLowerCase()} × ${vn(l.UnitPrice)} = ${vn(amount)} đ (${l.Explanation})`,
    });
  }
  return totalsOf(lines, at);
}
