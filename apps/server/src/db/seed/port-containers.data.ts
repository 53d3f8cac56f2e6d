import type { Database } from '../client';
import { ownerPrefix, shippingLineSeed } from './demo-data';
import { containerNumber, createRandom } from './random';
import { allTerminalCodes } from './terminals.data';

/** Containers each terminal holds a record of (the comparison screen's 10,000-row files repeat them). */
export const PORT_CONTAINERS_PER_TERMINAL = 400;

const MINUTE = 60_000;
const DAY = 86_400_000;

const sizeTypes = ['22G1', '22G1', '45G1', '45G1', '42G1', '22R1', '45R1', '22U1', '22T1', '42P1'] as const;

/** One visit of a container at a terminal, before it is placed in time and on a vessel call. */
export interface PortContainerVisit {
  TerminalCode: string;
  ContainerNo: string;
  /** 1 import, 2 export, 3 import transhipment, 4 export transhipment (the classes catalogue). */
  ClassCode: '1' | '2' | '3' | '4';
  IsoSizetype: string;
  FE: 'F' | 'E';
  OperationCode: string;
  /** How long before the seeding time the container came in. */
  ageMinutes: number;
  /** How long it stays; it has left when this is shorter than its age. */
  dwellMinutes: number | null;
  hold: boolean;
  /** Bill of lading (import) or booking (export). */
  document: string;
}

/**
 * The port's container visits, the same on every machine and at every time (a fixed PRNG, no
 * clock): container numbers with valid ISO 6346 check digits, one current visit per container and
 * terminal; every 20th container also has an earlier, finished visit at the next terminal.
 */
export function portContainerPlan(perTerminal = PORT_CONTAINERS_PER_TERMINAL): PortContainerVisit[] {
  const r = createRandom(6346_2026);
  const visits: PortContainerVisit[] = [];
  let serial = 300_000;
  allTerminalCodes.forEach((terminal, t) => {
    for (let i = 0; i < perTerminal; i++) {
      const opr = r.pick(shippingLineSeed)[0];
      const prefix = ownerPrefix[opr] ?? 'TGHU';
      const iso = r.pick(sizeTypes);
      const ClassCode = r.pick(['1', '1', '2', '2', '3', '4'] as const);
      const isImport = ClassCode === '1' || ClassCode === '3';
      const FE = r.chance(0.2) ? 'E' : 'F';
      const ageMinutes = r.int(90, 30 * 24 * 60);
      const visit: PortContainerVisit = {
        TerminalCode: terminal,
        ContainerNo: containerNumber(prefix, ++serial),
        ClassCode,
        IsoSizetype: iso,
        FE,
        OperationCode: opr,
        ageMinutes,
        dwellMinutes: r.chance(0.35) ? r.int(6 * 60, 12 * 24 * 60) : null,
        hold: isImport && FE === 'F' && r.chance(0.1),
        document: isImport ? `${prefix.slice(0, 3)}${r.int(100000000, 999999999)}` : `${opr}B${r.int(1000000, 9999999)}`,
      };
      visits.push(visit);
      if (i % 20 === 0) {
        const earlier = allTerminalCodes[(t + 1) % allTerminalCodes.length] as string;
        visits.push({
          ...visit,
          TerminalCode: earlier,
          ClassCode: '1',
          ageMinutes: ageMinutes + r.int(40, 90) * 24 * 60,
          dwellMinutes: r.int(2, 10) * 24 * 60,
          hold: false,
          document: `${prefix.slice(0, 3)}${r.int(100000000, 999999999)}`,
        });
      }
    }
  });
  return visits;
}

interface Voyage {
  key: string;
  name: string;
  im: string;
  ex: string;
  etb: number;
}

/** The call a container came on (import: last berthing before it came in) or leaves on (export: next one). */
function voyageOf(list: readonly Voyage[], at: number, isImport: boolean): Voyage | null {
  let lo = 0;
  let hi = list.length - 1;
  let before = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if ((list[mid] as Voyage).etb <= at) {
      before = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  if (isImport) return list[before] ?? list[0] ?? null;
  return list[before + 1] ?? list[before] ?? null;
}

const vesselCode = (name: string) =>
  name
    .replace(/[^A-Z0-9]/gi, '')
    .toUpperCase()
    .slice(0, 8);

/** The cargo type the yard records for a visit: empty (MT), a reefer by its ISO group R (RF), else general (GP). */
export function yardCargoType(fe: string, isoSizetype: string): string {
  if (fe === 'E') return 'MT';
  return isoSizetype.charAt(2) === 'R' ? 'RF' : 'GP';
}

/**
 * Local or foreign goods and customs' last status as the yard records them: full containers of classes 1, 3 and 4
 * carry foreign goods, cleared (TQ) unless the plan holds them (NA: not allowed past the supervised area); exports
 * (class 2) are domestic goods; empties carry none.
 */
export function yardGoods(
  fe: string,
  classCode: string,
  held: boolean,
): { IsLocalForeign: 'L' | 'F' | null; CustomsStatus: string | null } {
  if (fe !== 'F') return { IsLocalForeign: null, CustomsStatus: null };
  if (classCode === '2') return { IsLocalForeign: 'L', CustomsStatus: null };
  return { IsLocalForeign: 'F', CustomsStatus: held ? 'NA' : 'TQ' };
}

/** The yard blocks of the seeded visits, in turn (the demo release points serve A01–A03 and B01–B02 at NDP). */
const yardBlocks = ['A01', 'A02', 'A03', 'B01', 'B02', 'C01', 'C02', 'R01'] as const;

/** Writes the plan placed in time (`now`) and on the seeded vessel calls, in one bulk insert. */
export async function seedPortContainers(database: Database, now = new Date()) {
  const voyages = await database.query<{ k: string; tc: string; n: string; im: string; ex: string; etb: number }>(
    `select vessel_key as k, terminal_code as tc, vessel_name as n, vessel_im_voy as im, vessel_ex_voy as ex,
            extract(epoch from etb) * 1000 as etb
     from vessel_voyages where etb is not null order by terminal_code, etb`,
  );
  const byTerminal = new Map<string, Voyage[]>();
  for (const v of voyages) {
    const list = byTerminal.get(v.tc) ?? [];
    list.push({ key: v.k, name: v.n, im: v.im, ex: v.ex, etb: Number(v.etb) });
    byTerminal.set(v.tc, list);
  }
  const base = Math.floor(now.getTime() / 1000) * 1000;
  const cols = {
    tc: [] as string[],
    no: [] as string[],
    cls: [] as string[],
    iso: [] as string[],
    opr: [] as string[],
    fe: [] as string[],
    cargo: [] as string[],
    dateIn: [] as number[],
    dateOut: [] as (number | null)[],
    vk: [] as (string | null)[],
    vc: [] as (string | null)[],
    vn: [] as (string | null)[],
    im: [] as (string | null)[],
    ex: [] as (string | null)[],
    seq: [] as (number | null)[],
    year: [] as (number | null)[],
    bl: [] as (string | null)[],
    bk: [] as (string | null)[],
    status: [] as string[],
    lf: [] as (string | null)[],
    customs: [] as (string | null)[],
    block: [] as string[],
  };
  for (const [i, v] of portContainerPlan().entries()) {
    const isImport = v.ClassCode === '1' || v.ClassCode === '3';
    const dateIn = base - v.ageMinutes * MINUTE;
    const left = v.dwellMinutes !== null && v.dwellMinutes < v.ageMinutes;
    const voyage = voyageOf(byTerminal.get(v.TerminalCode) ?? [], isImport ? dateIn : dateIn + DAY, isImport);
    cols.tc.push(v.TerminalCode);
    cols.no.push(v.ContainerNo);
    cols.cls.push(v.ClassCode);
    cols.iso.push(v.IsoSizetype);
    cols.opr.push(v.OperationCode);
    cols.fe.push(v.FE);
    cols.cargo.push(yardCargoType(v.FE, v.IsoSizetype));
    cols.dateIn.push(dateIn);
    cols.dateOut.push(left ? dateIn + (v.dwellMinutes as number) * MINUTE : null);
    cols.vk.push(voyage?.key ?? null);
    cols.vc.push(voyage ? vesselCode(voyage.name) : null);
    cols.vn.push(voyage?.name ?? null);
    cols.im.push(voyage?.im ?? null);
    cols.ex.push(voyage?.ex ?? null);
    cols.seq.push(voyage ? Number(voyage.key.slice(-4)) : null);
    cols.year.push(voyage ? new Date(voyage.etb).getUTCFullYear() : null);
    cols.bl.push(isImport ? v.document : null);
    cols.bk.push(isImport ? null : v.document);
    cols.status.push(left ? (isImport ? 'D' : 'B') : v.hold ? 'H' : 'S');
    const goods = yardGoods(v.FE, v.ClassCode, v.hold);
    cols.lf.push(goods.IsLocalForeign);
    cols.customs.push(goods.CustomsStatus);
    cols.block.push(yardBlocks[i % yardBlocks.length] as string);
  }
  await database.query(
    `insert into port_containers (terminal_code, container_no, class_code, iso_sizetype, operation_code, fe, cargo_type_code, date_in,
       date_out, vessel_key, vessel_code, vessel_name, vessel_im_voy, vessel_ex_voy, call_seq, call_year, bl_no, booking_no,
       container_status_code, is_local_foreign, customs_status, customs_checked_at, block)
     select tc, no, cls, iso, opr, fe, cargo, to_timestamp(di / 1000.0), to_timestamp(dout / 1000.0), vk, vc, vn, im, ex, seq, yr, bl, bk, st,
            lf, cs, case when cs is null then null else to_timestamp(di / 1000.0) end, blk
     from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::float8[], $9::float8[],
                 $10::text[], $11::text[], $12::text[], $13::text[], $14::text[], $15::int[], $16::int[], $17::text[], $18::text[], $19::text[],
                 $20::text[], $21::text[], $22::text[])
          as p(tc, no, cls, iso, opr, fe, cargo, di, dout, vk, vc, vn, im, ex, seq, yr, bl, bk, st, lf, cs, blk)
     on conflict do nothing`,
    Object.values(cols),
  );
  return cols.no.length;
}

/** The demo yard the order screens work with (docs: shared names): MSC's containers at NDP, known to the e2e tests. */
export const demoYard = {
  terminal: 'NDP',
  operator: 'MSC',
  importBill: 'MEDUHP2611001',
  reeferBill: 'MEDUHP2611002',
  /**
   * Full import containers on importBill: MSCU 261001–261062, 22G1 / 45G1 alternating, in for 12 days; yard blocks
   * A01 (261001–261030), B01 (261031–261050) and A02 (261051–261062). Each e2e spec that takes a box out of the gate
   * has one of its own (a box gone out is gone from the TOS's yard).
   */
  imports: { owner: 'MSCU', from: 261001, count: 62, days: 12 },
  /** Empty containers: MSCU 262001–262040, 22G1, in for 20 days, block B02; 262037 is held (H) and 262038 damaged (X). */
  empties: { owner: 'MSCU', from: 262001, count: 40, days: 20 },
  /** Full reefers on reeferBill: MSCU 261101–261105, 22R1, block R01. */
  reefers: { owner: 'MSCU', from: 261101, count: 5, days: 12 },
  /**
   * Foreign goods customs still holds, on heldBill: MSCU 261201–261203, 22G1, in for 5 days, with no customs answer
   * yet, NA and KHH. The customs simulator's demo declarations 107261120100 / 03EE (TQ: releases 261201 and 261202)
   * and 107261120200 / 03EE (NA: 261203 stays held) cover them.
   */
  held: { owner: 'MSCU', from: 261201, statuses: [null, 'NA', 'KHH'], days: 5 },
  heldBill: 'MEDUHP2611003',
} as const;

/** Writes the demo yard (open visits, DateOut null) on the terminal's last vessel call before now. */
export async function seedDemoYard(database: Database, now = new Date()) {
  const y = demoYard;
  const [voyage] = await database.query<{ k: string; n: string; im: string; ex: string; etb: Date }>(
    `select vessel_key k, vessel_name n, vessel_im_voy im, vessel_ex_voy ex, etb from vessel_voyages
      where terminal_code = $1 and etb <= $2 order by (operation_code = $3) desc, etb desc limit 1`,
    [y.terminal, now, y.operator],
  );
  const base = Math.floor(now.getTime() / 1000) * 1000;
  const rows: {
    no: string;
    cls: string;
    iso: string;
    fe: string;
    dateIn: number;
    bl: string | null;
    customs?: string | null;
    status?: string;
    block: string;
  }[] = [];
  for (let i = 0; i < y.imports.count; i++)
    rows.push({
      no: containerNumber(y.imports.owner, y.imports.from + i),
      cls: '1',
      iso: i % 2 === 0 ? '22G1' : '45G1',
      fe: 'F',
      dateIn: base - y.imports.days * DAY,
      bl: y.importBill,
      block: i < 30 ? 'A01' : i < 50 ? 'B01' : 'A02',
    });
  for (let i = 0; i < y.empties.count; i++)
    rows.push({
      no: containerNumber(y.empties.owner, y.empties.from + i),
      cls: '2',
      iso: '22G1',
      fe: 'E',
      dateIn: base - y.empties.days * DAY,
      bl: null,
      status: i === 36 ? 'H' : i === 37 ? 'X' : 'S',
      block: 'B02',
    });
  for (let i = 0; i < y.reefers.count; i++)
    rows.push({
      no: containerNumber(y.reefers.owner, y.reefers.from + i),
      cls: '1',
      iso: '22R1',
      fe: 'F',
      dateIn: base - y.reefers.days * DAY,
      bl: y.reeferBill,
      block: 'R01',
    });
  for (const [i, customs] of y.held.statuses.entries())
    rows.push({
      no: containerNumber(y.held.owner, y.held.from + i),
      cls: '1',
      iso: '22G1',
      fe: 'F',
      dateIn: base - y.held.days * DAY,
      bl: y.heldBill,
      customs,
      block: 'A02',
    });
  await database.query(
    `insert into port_containers (terminal_code, container_no, class_code, iso_sizetype, operation_code, fe, cargo_type_code, date_in,
       date_out, vessel_key, vessel_code, vessel_name, vessel_im_voy, vessel_ex_voy, bl_no, container_status_code,
       is_local_foreign, customs_status, customs_checked_at, block)
     select $1, no, cls, iso, $2, fe, cargo, to_timestamp(di / 1000.0), null, $3, $4, $5, $6, $7, bl, st,
            lf, cs, case when cs is null then null else to_timestamp(di / 1000.0) end, blk
       from unnest($8::text[], $9::text[], $10::text[], $11::text[], $12::text[], $13::float8[], $14::text[], $15::text[], $16::text[],
                   $17::text[], $18::text[])
         as p(no, cls, iso, fe, cargo, di, bl, lf, cs, st, blk)
     on conflict do nothing`,
    [
      y.terminal,
      y.operator,
      voyage?.k ?? null,
      voyage ? vesselCode(voyage.n) : null,
      voyage?.n ?? null,
      voyage?.im ?? null,
      voyage?.ex ?? null,
      rows.map((r) => r.no),
      rows.map((r) => r.cls),
      rows.map((r) => r.iso),
      rows.map((r) => r.fe),
      rows.map((r) => yardCargoType(r.fe, r.iso)),
      rows.map((r) => r.dateIn),
      rows.map((r) => r.bl),
      rows.map((r) => yardGoods(r.fe, r.cls, false).IsLocalForeign),
      rows.map((r) => (r.customs !== undefined ? r.customs : yardGoods(r.fe, r.cls, false).CustomsStatus)),
      rows.map((r) => r.status ?? 'S'),
      rows.map((r) => r.block),
    ],
  );
  return rows.length;
}
