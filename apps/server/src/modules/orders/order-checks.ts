import {
  bookingMessages,
  type CheckedContainer,
  containerNoProblem,
  customsHeld,
  customsHoldMessages,
  DAY_MS,
  edoMessages,
  formatPortTime,
  IMO_CLASS,
  imoMessages,
  isoSizetypeProblem,
  isReeferSizetype,
  normalizeContainerNo,
  type OrderContainerInput,
  type OrderTypeDef,
  orderLimits,
  orderMessages,
  plugHourMessages,
  portFormats,
  portInstantChecked,
  teuOf,
  weightProblem,
} from '@smartport/contract';

/**
 * The pure rules of an order draft: the expiry, the document the type needs, and each container row
 * against what the port knows of it. The service gathers the facts (repository) and these functions decide.
 */

export const orderCheckMessages = {
  expFormat: 'Hạn lệnh không đúng định dạng (YYYY-MM-DD HH:mm)',
  jobMode: (code: string, title: string) => `Phương án ${code} không dùng cho loại lệnh "${title}"`,
  noMenu: (title: string) => `Bạn không có quyền tạo lệnh "${title}".`,
  operator: (code: string) => `Không tìm thấy hãng khai thác ${code}`,
  vessel: (key: string, terminal: string) => `Không tìm thấy tàu/chuyến ${key} tại cảng ${terminal}`,
  payerOther: 'Tài khoản khách hàng chỉ tạo lệnh cho chính mình: đối tượng thanh toán phải là khách hàng của tài khoản.',
  payerMissing: (code: string) => `Không tìm thấy đối tượng thanh toán ${code} (hoặc khách hàng đã ngừng hoạt động)`,
  notFound: (orderNo: string) => `Không tìm thấy lệnh ${orderNo}.`,
  notPayLater: 'Chỉ lệnh chưa thanh toán của khách hàng thu sau mới xác nhận thu sau được.',
} as const;

/**
 * An order expiry as typed: ISO 8601 with a zone, or 'YYYY-MM-DD HH:mm[:ss]' / 'YYYY-MM-DD' in port time
 * (Asia/Ho_Chi_Minh, UTC+7, no daylight saving); a day alone is its last second. Null when it is not a date.
 */
export function parseExpDate(text: string): Date | null {
  const v = text.trim();
  const local = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(v);
  if (local) {
    const [y, mo, d] = [Number(local[1]), Number(local[2]), Number(local[3])];
    const dayOnly = local[4] === undefined;
    const [h, mi, s] = dayOnly ? [23, 59, 59] : [Number(local[4]), Number(local[5]), Number(local[6] ?? 0)];
    return portInstantChecked(y, mo, d, h, mi, s);
  }
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2})$/.test(v)) return null;
  const at = new Date(v);
  return Number.isNaN(at.getTime()) ? null : at;
}

/** The expiry's problem (missing, not a date, past, beyond the limit) or null. */
export function expDateProblem(text: string | null | undefined, now: Date): string | null {
  if (!text?.trim()) return orderMessages.noExpDate;
  const at = parseExpDate(text);
  if (!at) return orderCheckMessages.expFormat;
  if (at.getTime() <= now.getTime()) return orderMessages.expPast;
  if (at.getTime() > now.getTime() + orderLimits.maxExpiryDays * DAY_MS) return orderMessages.expTooFar;
  return null;
}

/** The document the type needs (bill of lading, booking, or either). */
export function documentProblem(type: OrderTypeDef, h: { BLNo: string | null; BookingNo: string | null }): string | null {
  if (type.document === 'BLNo') return h.BLNo ? null : orderMessages.noBL;
  if (type.document === 'BookingNo') return h.BookingNo ? null : orderMessages.noBooking;
  return h.BLNo || h.BookingNo ? null : orderMessages.noDocument;
}

/** General cargo and empty container codes of the cargo-type catalogue (catalogs.data.ts). */
export const CARGO = { general: 'GP', empty: 'MT', reefer: 'RF', dangerous: 'DG', oog: 'OG' } as const;

/** What the port knows of a container at the order's terminal: its open yard visit, if any. */
export interface YardVisit {
  ContainerNo: string;
  IsoSizetype: string;
  FE: string;
  OperationCode: string;
  /** The cargo type the yard recorded (GP, MT, RF, DG, OG), null where it recorded none. */
  CargoTypeCode: string | null;
  BLNo: string | null;
  BookingNo: string | null;
  DateIn: Date;
  /** 1 import, 2 export, 3 / 4 transhipment (the classes catalogue). */
  ClassCode: string;
  /** L domestic, F foreign goods; null where the yard recorded none. */
  IsLocalForeign: string | null;
  /** Customs' last status during this visit, null before any answer. */
  CustomsStatus: string | null;
  /** The vessel call the container came on (or leaves on), as the TOS recorded it; null where it recorded none. */
  VesselKey: string | null;
  VesselName: string | null;
  VesselImVoy: string | null;
  VesselExVoy: string | null;
}

/** A vessel call as the refusals name it: 'MSC ANNA 2611N/2611S'. */
export const voyageLabel = (v: { VesselName: string | null; VesselImVoy: string | null; VesselExVoy: string | null }, key: string) =>
  v.VesselName ? `${v.VesselName} ${v.VesselImVoy ?? ''}/${v.VesselExVoy ?? ''}` : key;

/** Another live order holding a container: its PIN as shown and whose order it is. */
export interface LiveHolder {
  pin: string;
  CustomerCode: string;
}

/** The facts the row check needs, gathered by the service for the whole list at once. */
export interface RowFacts {
  /** The operator's own size codes (size-type config): LocalSizetype → ISO and default cargo codes. */
  localSizes: ReadonlyMap<string, { IsoSizetype: string; CargoTypeCode: string | null; CargoEmptyCode: string | null }>;
  /** Cargo types of the catalogue, code → name. */
  cargoTypes: ReadonlyMap<string, string>;
  /** Open yard visits at the terminal by container number. */
  yard: ReadonlyMap<string, YardVisit>;
  /** Live orders (A/P/C, not expired) of the terminal holding a container: container → PIN shown and its customer. */
  liveOrders: ReadonlyMap<string, LiveHolder>;
  /**
   * The customer the order is for (a customer account's own, or the payer once staff chose it), null while unknown: a
   * refusal names another order's PIN only when that order is this customer's too.
   */
  customerCode: string | null;
  /** The IMO list's answer for a drop-off of (class, UN no): null = not allowed, else the alert texts. */
  imo: (cls: string, unno: string) => string[] | null;
  /** Operator's local/foreign default. */
  defaultLocalForeign: 'L' | 'F';
}

export interface RowContext {
  type: OrderTypeDef;
  TerminalCode: string;
  OperationCode: string;
  BLNo: string | null;
  /** The vessel call chosen in the header (checked at the terminal), with its name for the refusals. */
  vessel?: { VesselKey: string; label: string } | null;
}

const goodsName = { L: 'nội (L)', F: 'ngoại (F)' } as const;

const hasValue = (v: number | null | undefined) => v != null && v > 0;

/**
 * Checks every row (spec 02 §3 extras): ISO 6346 number, size (operator's code or ISO), F/E, cargo type,
 * reefer temperature, dangerous goods (Class, UN No, the terminal's IMO list for drop-offs), out-of-gauge dimensions,
 * duplicates, other live orders, and the yard (pickups and yard services: in the yard, on the bill for an import
 * pickup, size, full/empty, operator and cargo type as the yard recorded them, never as typed; drop-offs: not in the
 * yard). Problems start 'Dòng N: '.
 */
export function checkRows(rows: readonly OrderContainerInput[], ctx: RowContext, facts: RowFacts): CheckedContainer[] {
  const firstRow = new Map<string, number>();
  const { type } = ctx;
  return rows.map((input, i) => {
    const Row = i + 1;
    const problems: string[] = [];
    const notes: string[] = [];
    const say = (m: string) => problems.push(`Dòng ${Row}: ${m}`);
    const ContainerNo = normalizeContainerNo(input.ContainerNo ?? '');
    const noProblem = containerNoProblem(ContainerNo);
    if (noProblem) say(noProblem);
    const visit = noProblem ? undefined : facts.yard.get(ContainerNo);

    // Size: the operator's own code first, then an ISO code. A container the yard holds (pickups, yard services) is
    // the size the yard recorded: a typed size that differs is refused, none typed takes the yard's.
    const fromYard = type.direction !== 'in' ? visit : undefined;
    const sizeText = (input.IsoSizetype ?? '').trim().toUpperCase();
    let IsoSizetype = sizeText;
    let LocalSizetype: string | null = null;
    const local = sizeText ? facts.localSizes.get(sizeText) : undefined;
    if (local) {
      IsoSizetype = local.IsoSizetype;
      LocalSizetype = sizeText;
    } else if (!sizeText && fromYard) {
      IsoSizetype = fromYard.IsoSizetype;
    } else {
      const p = isoSizetypeProblem(sizeText);
      if (p)
        say(
          sizeText
            ? `Kích cỡ "${sizeText}" không có trong cấu hình kích cỡ của hãng ${ctx.OperationCode} và không phải mã ISO hợp lệ (ví dụ 22G1, 45G1)`
            : p,
        );
    }
    if (fromYard && sizeText && IsoSizetype !== fromYard.IsoSizetype) {
      if (!isoSizetypeProblem(IsoSizetype))
        say(`Kích cỡ của container ${ContainerNo} trong bãi là ${fromYard.IsoSizetype}, không phải ${sizeText}`);
      IsoSizetype = fromYard.IsoSizetype;
      LocalSizetype = null;
    }
    const isoValid = !isoSizetypeProblem(IsoSizetype);

    // Full / empty: fixed by the type, chosen per row for '*' (or taken from the yard).
    let FE: 'F' | 'E';
    if (type.FE !== '*') {
      FE = type.FE;
      if (input.FE && input.FE !== type.FE)
        say(type.FE === 'F' ? 'Loại lệnh này chỉ nhận container hàng (F)' : 'Loại lệnh này chỉ nhận container rỗng (E)');
    } else if (input.FE) FE = input.FE;
    else if (visit && (visit.FE === 'F' || visit.FE === 'E')) FE = visit.FE;
    else {
      FE = 'F';
      say('Vui lòng chọn Hàng/Rỗng (F/E)');
    }

    // Cargo type: the yard's record for a container it holds (a typed one that differs is refused); else as given
    // (must exist), else the size config's, else empty / general cargo.
    const typedCargo = input.CargoTypeCode?.trim().toUpperCase() || '';
    let CargoTypeCode = typedCargo;
    if (fromYard?.CargoTypeCode) {
      if (typedCargo && typedCargo !== fromYard.CargoTypeCode)
        say(`Loại hàng của container ${ContainerNo} trong bãi là ${fromYard.CargoTypeCode}, không phải ${typedCargo}`);
      CargoTypeCode = fromYard.CargoTypeCode;
    } else if (CargoTypeCode) {
      if (!facts.cargoTypes.has(CargoTypeCode)) say(`Loại hàng ${CargoTypeCode} không có trong danh mục loại hàng`);
    } else {
      const configured = local ? (FE === 'E' ? local.CargoEmptyCode : local.CargoTypeCode) : null;
      CargoTypeCode =
        configured && facts.cargoTypes.has(configured)
          ? configured
          : FE === 'E' && facts.cargoTypes.has(CARGO.empty)
            ? CARGO.empty
            : FE === 'F' && isoValid && isReeferSizetype(IsoSizetype) && facts.cargoTypes.has(CARGO.reefer)
              ? CARGO.reefer
              : CARGO.general;
    }

    // Reefer: a full reefer container (ISO group R or reefer cargo) needs its set temperature.
    const reefer = (isoValid && isReeferSizetype(IsoSizetype)) || CargoTypeCode === CARGO.reefer;
    if (reefer && FE === 'F' && input.Temperature == null) say('Container lạnh phải nhập nhiệt độ (°C)');

    // Dangerous goods: Class and UN No, and for a drop-off the terminal's IMO list.
    const cls = input.Class?.trim() || null;
    const unno = input.Unno?.trim() || null;
    if (CargoTypeCode === CARGO.dangerous || cls || unno) {
      if (!cls || !unno) say('Hàng nguy hiểm phải nhập Class (IMO) và UN No');
      else if (!IMO_CLASS.test(cls)) say(imoMessages.classFormat);
      else if (!/^\d{4}$/.test(unno)) say(imoMessages.unnoFormat);
      else if (type.direction === 'in') {
        const alerts = facts.imo(cls, unno);
        if (alerts === null) say(imoMessages.notAllowed(cls, unno, ctx.TerminalCode));
        else for (const a of alerts) if (a) notes.push(`Dòng ${Row}: ${a}`);
      }
    }

    // Weight (kg) within the bounds of the size the row ended up with (an operator's code or the yard's size).
    const weight = weightProblem({ IsoSizetype: isoValid ? IsoSizetype : null, MCWeight: input.MCWeight });
    if (weight) say(weight);

    // Reefer plug hours: asked only of a reefer worked in the yard (a pickup's run from its DateIn to the expiry).
    const plugHours = input.PlugHours != null && input.PlugHours > 0 ? input.PlugHours : null;
    if (plugHours != null) {
      if (type.direction !== 'stay') say(plugHourMessages.notForType);
      else if (!reefer) say(plugHourMessages.notReefer(ContainerNo));
    }

    // Out of gauge: at least one dimension.
    if (
      CargoTypeCode === CARGO.oog &&
      ![input.OogTop, input.OogLeft, input.OogRight, input.OogBack, input.OogFront].some((v) => hasValue(v))
    )
      say('Hàng quá khổ phải nhập ít nhất một kích thước quá khổ (trên, trái, phải, sau, trước)');

    // Duplicates in the list, other live orders.
    if (!noProblem) {
      const first = firstRow.get(ContainerNo);
      if (first !== undefined) say(`Container ${ContainerNo} trùng với dòng ${first}`);
      else firstRow.set(ContainerNo, Row);
      const holder = facts.liveOrders.get(ContainerNo);
      // Another customer's PIN is that customer's key to the gate: never shown to someone else.
      if (holder)
        say(
          orderMessages.containerTaken(ContainerNo, facts.customerCode && holder.CustomerCode === facts.customerCode ? holder.pin : null),
        );
    }

    // The yard.
    if (!noProblem) {
      if (type.direction === 'in') {
        if (visit) say(`Container ${ContainerNo} đang có trong bãi cảng ${ctx.TerminalCode}`);
      } else if (!visit) {
        say(`Container ${ContainerNo} không có trong bãi cảng ${ctx.TerminalCode}`);
      } else {
        if (type.type === 'import_pickup' && ctx.BLNo && visit.BLNo !== ctx.BLNo)
          say(`Container ${ContainerNo} không thuộc vận đơn ${ctx.BLNo}`);
        if (visit.FE !== FE) say(`Container ${ContainerNo} trong bãi là container ${visit.FE === 'E' ? 'rỗng (E)' : 'hàng (F)'}`);
        // The operator prices the order (contracts, free days): it is the yard's, never one the client names.
        if (visit.OperationCode !== ctx.OperationCode)
          say(`Container ${ContainerNo} trong bãi thuộc hãng ${visit.OperationCode}, không phải hãng ${ctx.OperationCode}`);
        // A laden pickup tied to a call takes the container off the call the yard recorded for it, not another one.
        if (type.vesselRequired && ctx.vessel && visit.VesselKey && visit.VesselKey !== ctx.vessel.VesselKey)
          say(
            `Container ${ContainerNo} trong bãi thuộc tàu/chuyến ${voyageLabel(visit, visit.VesselKey)}, không phải tàu/chuyến ${ctx.vessel.label} đã chọn`,
          );
      }
    }

    // Local / foreign goods: the yard's record for a container it holds (a typed one that differs is refused).
    let IsLocalForeign: 'L' | 'F' = input.IsLocalForeign ?? facts.defaultLocalForeign;
    const yardGoods = fromYard?.IsLocalForeign === 'L' || fromYard?.IsLocalForeign === 'F' ? fromYard.IsLocalForeign : null;
    if (yardGoods) {
      if (input.IsLocalForeign && input.IsLocalForeign !== yardGoods)
        say(`Container ${ContainerNo} trong bãi là hàng ${goodsName[yardGoods]}, không phải hàng ${goodsName[input.IsLocalForeign]}`);
      IsLocalForeign = yardGoods;
    }

    // Customs holds (spec 02 §4): foreign goods leaving the port wait for customs' release; the order can be made and
    // paid, it waits in 'Duyệt lệnh' until then.
    let CusHold: boolean | null = null;
    if (fromYard && type.direction === 'out' && yardGoods) {
      const held = { FE: fromYard.FE, IsLocalForeign: yardGoods, ClassCode: fromYard.ClassCode, CustomsStatus: fromYard.CustomsStatus };
      CusHold = customsHeld(held);
      if (CusHold) notes.push(customsHoldMessages.note(Row, ContainerNo, fromYard.CustomsStatus));
    }

    return {
      Row,
      ContainerNo,
      IsoSizetype,
      LocalSizetype,
      Teu: isoValid ? teuOf(IsoSizetype) : 1,
      FE,
      CargoTypeCode,
      CargoTypeName: facts.cargoTypes.get(CargoTypeCode) ?? null,
      IsLocalForeign,
      Commodity: input.Commodity ?? null,
      MCWeight: input.MCWeight ?? null,
      SealNo: input.SealNo ?? null,
      POL: input.POL?.toUpperCase() ?? null,
      POD: input.POD?.toUpperCase() ?? null,
      FPOD: input.FPOD?.toUpperCase() ?? null,
      Temperature: input.Temperature ?? null,
      Vent: input.Vent ?? null,
      VentUnit: input.VentUnit ?? null,
      Class: cls,
      Unno: unno,
      OogTop: input.OogTop ?? null,
      OogLeft: input.OogLeft ?? null,
      OogRight: input.OogRight ?? null,
      OogBack: input.OogBack ?? null,
      OogFront: input.OogFront ?? null,
      PlugHours: type.direction === 'stay' && reefer ? plugHours : null,
      DateIn: fromYard ? fromYard.DateIn.toISOString() : null,
      FromYard: !!fromYard,
      CusHold,
      EdoNo: null,
      problems,
      notes,
    };
  });
}

/** An eDO naming a container, as the order checks read it (the edo module's `releasesFor`). */
export interface EdoCoverFact {
  EdoNo: string;
  TerminalCode: string;
  ContainerNo: string;
  ConsigneeTaxCode: string;
  AgentTaxCode: string | null;
  ValidUntil: Date;
  Status: 'A' | 'R';
  /** Issued at the order's terminal or at one sharing its eDOs with it. */
  usableHere: boolean;
}

/**
 * eDO release (docs/decisions.md 'eDO release'): an import pickup of a line on eDO needs, for each container, an active
 * eDO on the bill, valid at the order's terminal, naming the payer as consignee or as the party acting for it, valid
 * to the order's expiry. The row takes the eDO (EdoNo); otherwise the problem says which eDO fails and why. With no
 * payer yet (`payerTax` null: staff before the payer step), the party is checked when the payer is known (pricing,
 * save). Pure: the service gathers the eDOs.
 */
export function applyEdoReleases(
  rows: CheckedContainer[],
  q: { line: string; terminal: string; payerTax: string | null; expDate: Date | null; now: Date; covers: readonly EdoCoverFact[] },
): CheckedContainer[] {
  const day = (d: Date) => formatPortTime(d, portFormats.date);
  for (const r of rows) {
    // Not in the yard or not on the bill: that is the row's problem already.
    if (!r.FromYard || r.problems.some((p) => p.includes(`Container ${r.ContainerNo} không thuộc`))) continue;
    const say = (m: string) => r.problems.push(`Dòng ${r.Row}: ${m}`);
    const mine = q.covers.filter((c) => c.ContainerNo === r.ContainerNo);
    const live = mine.filter((c) => c.Status === 'A');
    const valid = live.filter((c) => c.ValidUntil.getTime() >= q.now.getTime());
    const here = valid.filter((c) => c.usableHere);
    const party = q.payerTax;
    const forPayer = party ? here.filter((c) => c.ConsigneeTaxCode === party || c.AgentTaxCode === party) : here;
    const chosen = forPayer[0];
    if (chosen) {
      if (q.expDate && q.expDate.getTime() > chosen.ValidUntil.getTime())
        say(edoMessages.pickupAfter(r.ContainerNo, chosen.EdoNo, day(chosen.ValidUntil)));
      else r.EdoNo = chosen.EdoNo;
      continue;
    }
    const other = here[0];
    const away = valid[0];
    const expired = live[0];
    const revoked = mine[0];
    if (other && party) say(edoMessages.pickupOtherParty(r.ContainerNo, other.EdoNo, other.ConsigneeTaxCode));
    else if (away) say(edoMessages.pickupTerminal(r.ContainerNo, away.EdoNo, away.TerminalCode, q.terminal));
    else if (expired) say(edoMessages.pickupExpired(r.ContainerNo, expired.EdoNo, day(expired.ValidUntil)));
    else if (revoked) say(edoMessages.pickupRevoked(r.ContainerNo, revoked.EdoNo));
    else say(edoMessages.pickupNone(r.ContainerNo, q.line, party));
  }
  return rows;
}

/** A booking as the order checks read it (the bookings module's `bookingFor`). */
export interface BookingFactLite {
  BookingNo: string;
  TerminalCode: string;
  ValidUntil: Date;
  Status: 'A' | 'R';
  lines: { IsoSizetype: string; Quantity: number; Picked: number; Dropped: number }[];
}

/**
 * Bookings (docs/decisions.md 'Bookings'): an empty pickup or an export drop-off names an active booking of the line at
 * the terminal, lasting to the order's expiry (else a header problem, returned), and each row's size must be booked
 * with boxes left for this kind of move (else the row's problem).
 */
export function bookingProblem(
  b: BookingFactLite | null,
  q: { bookingNo: string; line: string; terminal: string; expDate: Date; now: Date },
): string | null {
  const day = (d: Date) => formatPortTime(d, portFormats.date);
  if (!b || b.TerminalCode !== q.terminal) return bookingMessages.orderNone(q.bookingNo, q.line, q.terminal);
  if (b.Status !== 'A') return bookingMessages.orderCancelled(b.BookingNo);
  if (b.ValidUntil.getTime() < q.now.getTime()) return bookingMessages.orderExpired(b.BookingNo, day(b.ValidUntil));
  if (q.expDate.getTime() > b.ValidUntil.getTime()) return bookingMessages.orderAfter(b.BookingNo, day(b.ValidUntil));
  return null;
}

/** Each row against the booking's sizes and what is left of them for `kind`; rows over the limit get the problem. */
export function applyBookingLimits(
  rows: CheckedContainer[],
  b: BookingFactLite,
  kind: 'empty_pickup' | 'fcl_pre_advice',
): CheckedContainer[] {
  const taken = new Map<string, number>();
  for (const r of rows) {
    const line = b.lines.find((l) => l.IsoSizetype === r.IsoSizetype);
    if (!line) {
      r.problems.push(`Dòng ${r.Row}: ${bookingMessages.sizeNotBooked(b.BookingNo, r.IsoSizetype)}`);
      continue;
    }
    const left = Math.max(0, line.Quantity - (kind === 'empty_pickup' ? line.Picked : line.Dropped));
    const n = (taken.get(r.IsoSizetype) ?? 0) + 1;
    taken.set(r.IsoSizetype, n);
    if (n > left) r.problems.push(`Dòng ${r.Row}: ${bookingMessages.overQuantity(b.BookingNo, r.IsoSizetype, left)}`);
  }
  return rows;
}

/**
 * Terminal flag ImportPickupAllCont: an import pickup takes every container of the bill still in the yard. The
 * containers left out are named on the first row (the call's answer is per row).
 */
export function missingFromBill(rows: CheckedContainer[], billInYard: readonly string[]): CheckedContainer[] {
  const listed = new Set(rows.map((r) => r.ContainerNo));
  const missing = billInYard.filter((c) => !listed.has(c));
  const first = rows[0];
  if (!missing.length || !first) return rows;
  first.problems.push(
    `Dòng 1: Cảng yêu cầu lấy tất cả container của vận đơn còn trong bãi; còn thiếu ${missing.length} container: ${missing.join(', ')}`,
  );
  return rows;
}

/** The first problem of the rows, or null. */
export const firstProblem = (rows: readonly CheckedContainer[]) => rows.find((r) => r.problems.length)?.problems[0] ?? null;
