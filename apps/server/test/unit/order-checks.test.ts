import {
  containerCheckDigit,
  customsHoldMessages,
  DAY_MS,
  edoMessages,
  type OrderContainerInput,
  orderContainerInput,
  orderMessages,
  orderTypes,
  portDayKey,
} from '@smartport/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyEdoReleases,
  checkRows,
  documentProblem,
  type EdoCoverFact,
  expDateProblem,
  firstProblem,
  missingFromBill,
  parseExpDate,
  type RowFacts,
  type YardVisit,
} from '../../src/modules/orders/order-checks';
import { orderNoOf, pinOf } from '../../src/modules/orders/order-numbers';

const cntr = (owner: string, serial: number) => {
  const first10 = `${owner}${String(serial).padStart(6, '0')}`;
  return `${first10}${containerCheckDigit(first10)}`;
};
const row = (r: Partial<OrderContainerInput> & { ContainerNo: string }): OrderContainerInput =>
  orderContainerInput.parse({ IsoSizetype: '22G1', ...r });

const visit = (no: string, v: Partial<YardVisit> = {}): YardVisit => ({
  ContainerNo: no,
  IsoSizetype: '22G1',
  FE: 'F',
  OperationCode: 'MSC',
  CargoTypeCode: 'GP',
  BLNo: 'BL1',
  BookingNo: null,
  DateIn: new Date('2026-11-14T00:00:00Z'),
  ClassCode: '1',
  IsLocalForeign: 'F',
  CustomsStatus: 'TQ',
  VesselKey: null,
  VesselName: null,
  VesselImVoy: null,
  VesselExVoy: null,
  ...v,
});

function facts(over: Partial<RowFacts> = {}): RowFacts {
  return {
    localSizes: new Map([['20DC', { IsoSizetype: '22G1', CargoTypeCode: null, CargoEmptyCode: null }]]),
    cargoTypes: new Map([
      ['GP', 'Hàng khô'],
      ['MT', 'Rỗng'],
      ['RF', 'Hàng lạnh'],
      ['DG', 'Hàng nguy hiểm'],
      ['OG', 'Hàng quá khổ'],
    ]),
    yard: new Map(),
    liveOrders: new Map(),
    customerCode: null,
    imo: () => null,
    defaultLocalForeign: 'F',
    ...over,
  };
}
const ctx = (type: keyof typeof orderTypes, BLNo: string | null = null) => ({
  type: orderTypes[type],
  TerminalCode: 'NDP',
  OperationCode: 'MSC',
  BLNo,
});

describe('the order expiry', () => {
  const now = new Date('2026-11-26T03:00:00Z'); // 10:00 port time
  it('reads port time YYYY-MM-DD HH:mm[:ss], a day alone (its last second) and ISO with a zone', () => {
    expect(parseExpDate('2026-11-27 08:30')?.toISOString()).toBe('2026-11-27T01:30:00.000Z');
    expect(parseExpDate('2026-11-27 08:30:15')?.toISOString()).toBe('2026-11-27T01:30:15.000Z');
    expect(parseExpDate('2026-11-27')?.toISOString()).toBe('2026-11-27T16:59:59.000Z');
    expect(parseExpDate('2026-11-27T08:30:00+07:00')?.toISOString()).toBe('2026-11-27T01:30:00.000Z');
    expect(parseExpDate('2026-11-27T01:30:00.000Z')?.toISOString()).toBe('2026-11-27T01:30:00.000Z');
    expect(parseExpDate('2026-02-30 10:00')).toBeNull();
    expect(parseExpDate('27/11/2026')).toBeNull();
  });
  it('must come after now and at most 30 days ahead', () => {
    expect(expDateProblem('', now)).toBe(orderMessages.noExpDate);
    expect(expDateProblem('hôm nay', now)).toMatch(/định dạng/);
    expect(expDateProblem('2026-11-26 09:59', now)).toBe(orderMessages.expPast);
    expect(expDateProblem('2026-12-27 10:00', now)).toBe(orderMessages.expTooFar);
    expect(expDateProblem('2026-12-26 10:00', now)).toBeNull();
  });
});

describe('the document of each type', () => {
  it('bill of lading, booking or either', () => {
    expect(documentProblem(orderTypes.import_pickup, { BLNo: null, BookingNo: 'B' })).toBe(orderMessages.noBL);
    expect(documentProblem(orderTypes.empty_pickup, { BLNo: 'X', BookingNo: null })).toBe(orderMessages.noBooking);
    expect(documentProblem(orderTypes.service, { BLNo: null, BookingNo: null })).toBe(orderMessages.noDocument);
    expect(documentProblem(orderTypes.service, { BLNo: null, BookingNo: 'B' })).toBeNull();
  });
});

describe('order numbers and PINs', () => {
  it('keep the demo format: terminal + port day + 7-digit serial; PIN day + 5 digits - 2 digits', () => {
    const day = portDayKey(new Date('2026-11-25T18:00:00Z'), 'YYMMDD'); // already the 26th in Vietnam
    expect(day).toBe('261126');
    expect(orderNoOf('NDP', day, 42)).toBe('NDP2611260000042');
    expect(pinOf(day, 4817, 5)).toBe('26112604817-05');
  });
});

describe('container rows', () => {
  const a = cntr('TGHU', 263001);
  const b = cntr('TGHU', 263002);

  it('a valid drop-off row: normalised, TEU from the ISO size, general cargo by default, no problem', () => {
    const [r] = checkRows([row({ ContainerNo: a.toLowerCase(), IsoSizetype: '45g1' })], ctx('fcl_pre_advice'), facts());
    expect(r?.problems).toEqual([]);
    expect(r).toMatchObject({ ContainerNo: a, IsoSizetype: '45G1', Teu: 2, FE: 'F', CargoTypeCode: 'GP', LocalSizetype: null });
  });

  it('names the row: wrong check digit, unknown size, duplicate', () => {
    const bad = `${a.slice(0, 10)}${(Number(a[10]) + 1) % 10}`;
    const rows = checkRows(
      [row({ ContainerNo: bad }), row({ ContainerNo: a, IsoSizetype: 'XX' }), row({ ContainerNo: b }), row({ ContainerNo: b })],
      ctx('fcl_pre_advice'),
      facts(),
    );
    expect(rows[0]?.problems[0]).toMatch(/^Dòng 1: .*sai số kiểm tra/);
    expect(rows[1]?.problems[0]).toMatch(/^Dòng 2: Kích cỡ "XX" không có trong cấu hình kích cỡ của hãng MSC/);
    expect(rows[2]?.problems).toEqual([]);
    expect(rows[3]?.problems[0]).toBe(`Dòng 4: Container ${b} trùng với dòng 3`);
    expect(firstProblem(rows)).toMatch(/^Dòng 1:/);
  });

  it("the operator's own size code stands for its ISO size (size-type config)", () => {
    const [r] = checkRows([row({ ContainerNo: a, IsoSizetype: '20dc' })], ctx('fcl_pre_advice'), facts());
    expect(r).toMatchObject({ IsoSizetype: '22G1', LocalSizetype: '20DC', problems: [] });
  });

  it('FE fixed by the type; chosen per row for either; empties default to the empty cargo code', () => {
    const [fixed] = checkRows([row({ ContainerNo: a, FE: 'E' })], ctx('fcl_pre_advice'), facts());
    expect(fixed?.problems[0]).toMatch(/chỉ nhận container hàng/);
    const [none] = checkRows([row({ ContainerNo: a })], ctx('icd_pre_advice'), facts());
    expect(none?.problems[0]).toMatch(/F\/E/);
    const [empty] = checkRows([row({ ContainerNo: a, FE: 'E' })], ctx('icd_pre_advice'), facts());
    expect(empty).toMatchObject({ FE: 'E', CargoTypeCode: 'MT', problems: [] });
  });

  it('cargo extras: unknown cargo type, reefer temperature, dangerous Class and UN No, out-of-gauge dimension', () => {
    const rows = checkRows(
      [
        row({ ContainerNo: a, CargoTypeCode: 'ZZ' }),
        row({ ContainerNo: b, IsoSizetype: '22R1' }),
        row({ ContainerNo: cntr('TGHU', 263003), CargoTypeCode: 'DG', Class: '3' }),
        row({ ContainerNo: cntr('TGHU', 263004), CargoTypeCode: 'OG' }),
        row({ ContainerNo: cntr('TGHU', 263005), IsoSizetype: '22R1', Temperature: -18 }),
        row({ ContainerNo: cntr('TGHU', 263006), CargoTypeCode: 'OG', OogTop: 20 }),
      ],
      ctx('fcl_pre_advice'),
      facts(),
    );
    expect(rows[0]?.problems[0]).toBe('Dòng 1: Loại hàng ZZ không có trong danh mục loại hàng');
    expect(rows[1]?.problems[0]).toMatch(/^Dòng 2: Container lạnh phải nhập nhiệt độ/);
    expect(rows[1]?.CargoTypeCode).toBe('RF');
    expect(rows[2]?.problems[0]).toBe('Dòng 3: Hàng nguy hiểm phải nhập Class (IMO) và UN No');
    expect(rows[3]?.problems[0]).toMatch(/^Dòng 4: Hàng quá khổ phải nhập ít nhất một kích thước/);
    expect(rows[4]?.problems).toEqual([]);
    expect(rows[5]?.problems).toEqual([]);
  });

  it("drop-offs of dangerous goods follow the terminal's IMO list: refused with its message, or allowed with a note", () => {
    const dg = (no: string, Unno: string) => row({ ContainerNo: no, CargoTypeCode: 'DG', Class: '3', Unno });
    const rows = checkRows(
      [dg(a, '1263'), dg(b, '1993')],
      ctx('fcl_pre_advice'),
      facts({ imo: (_c, u) => (u === '1263' ? ['Xếp khu C'] : null) }),
    );
    expect(rows[0]).toMatchObject({ problems: [], notes: ['Dòng 1: Xếp khu C'] });
    expect(rows[1]?.problems[0]).toBe('Dòng 2: Hàng nguy hiểm lớp 3, UN 1993 không có trong danh mục được phép hạ tại cảng NDP');
  });

  it("another live order of the terminal holds the container: its PIN is named only when it is the same customer's", () => {
    const liveOrders = new Map([[a, { pin: '26112501234', CustomerCode: 'C0000001' }]]);
    const [own] = checkRows([row({ ContainerNo: a })], ctx('fcl_pre_advice'), facts({ liveOrders, customerCode: 'C0000001' }));
    expect(own?.problems[0]).toBe(`Dòng 1: Container ${a} đã có trong lệnh PIN 26112501234 còn hiệu lực`);
    for (const customerCode of ['C0000005', null]) {
      const [other] = checkRows([row({ ContainerNo: a })], ctx('fcl_pre_advice'), facts({ liveOrders, customerCode }));
      expect(other?.problems[0]).toBe(`Dòng 1: Container ${a} đã có trong một lệnh khác còn hiệu lực`);
      expect(other?.problems.join(' ')).not.toContain('26112501234');
    }
  });

  it("weights are kilograms within the size's bounds, checked on the size the row ends up with", () => {
    const problems = (r: Partial<OrderContainerInput>, type: keyof typeof orderTypes = 'fcl_pre_advice') =>
      checkRows([{ ...row({ ContainerNo: a }), ...r }], ctx(type), facts())[0]?.problems ?? [];
    expect(problems({ MCWeight: 24_000 })).toEqual([]);
    expect(problems({ MCWeight: 30_480 })).toEqual([]);
    expect(problems({ MCWeight: 30_481 })).toEqual(["Dòng 1: Trọng lượng (kg) của container 20' tối đa 30.480 kg"]);
    expect(problems({ MCWeight: 32_000, IsoSizetype: '45G1' })).toEqual([]);
    expect(problems({ MCWeight: 32_501, IsoSizetype: '45G1' })).toEqual(["Dòng 1: Trọng lượng (kg) của container 40' tối đa 32.500 kg"]);
    expect(problems({ MCWeight: 25 })[0]).toMatch(/^Dòng 1: Trọng lượng \(kg\) tối thiểu 1\.000 kg/);
    expect(problems({ MCWeight: 0 })[0]).toMatch(/^Dòng 1: Trọng lượng \(kg\) tối thiểu/);
    expect(problems({ MCWeight: -5 })).toEqual(['Dòng 1: Trọng lượng (kg) không được âm']);
    // The operator's own code 20DC is a 22G1: held to 20' bounds.
    expect(problems({ MCWeight: 31_000, IsoSizetype: '20DC' })).toEqual(["Dòng 1: Trọng lượng (kg) của container 20' tối đa 30.480 kg"]);
  });

  it('reefer plug hours: taken for a reefer worked in the yard, refused elsewhere', () => {
    const yard = new Map([[a, visit(a, { IsoSizetype: '22R1', CargoTypeCode: 'RF' })]]);
    const [stay] = checkRows(
      [row({ ContainerNo: a, IsoSizetype: '', Temperature: -18, PlugHours: 6 })],
      ctx('unstuffing'),
      facts({ yard }),
    );
    expect(stay).toMatchObject({ problems: [], PlugHours: 6 });
    const [dry] = checkRows([row({ ContainerNo: a, PlugHours: 6 })], ctx('unstuffing'), facts({ yard: new Map([[a, visit(a)]]) }));
    expect(dry?.problems).toEqual([`Dòng 1: Container ${a} không phải container lạnh: không nhập giờ cắm điện lạnh`]);
    const [pickup] = checkRows(
      [row({ ContainerNo: a, IsoSizetype: '', Temperature: -18, PlugHours: 6 })],
      ctx('import_pickup'),
      facts({ yard }),
    );
    expect(pickup?.problems[0]).toMatch(/^Dòng 1: Giờ cắm điện lạnh chỉ nhập cho lệnh đóng hàng, rút hàng và lệnh dịch vụ/);
    expect(pickup?.PlugHours).toBeNull();
  });

  it("an import pickup's vessel call is the one the yard recorded for the container", () => {
    const yard = new Map([[a, visit(a, { VesselKey: 'NDP20260101', VesselName: 'MSC ANNA', VesselImVoy: '2611N', VesselExVoy: '2611S' })]]);
    const chosen = (VesselKey: string) => ({ ...ctx('import_pickup', 'BL1'), vessel: { VesselKey, label: 'WAN HAI 2612N/2612S' } });
    const [other] = checkRows([row({ ContainerNo: a })], chosen('NDP20260202'), facts({ yard }));
    expect(other?.problems).toEqual([
      `Dòng 1: Container ${a} trong bãi thuộc tàu/chuyến MSC ANNA 2611N/2611S, không phải tàu/chuyến WAN HAI 2612N/2612S đã chọn`,
    ]);
    const [same] = checkRows([row({ ContainerNo: a })], chosen('NDP20260101'), facts({ yard }));
    expect(same?.problems).toEqual([]);
  });

  it('the yard: drop-offs must not be there; pickups must be, on the bill, full/empty as recorded, DateIn from there', () => {
    const yard = new Map([
      [a, visit(a)],
      [b, visit(b, { BLNo: 'OTHER', FE: 'E' })],
    ]);
    const [inYard] = checkRows([row({ ContainerNo: a })], ctx('fcl_pre_advice'), facts({ yard }));
    expect(inYard?.problems[0]).toBe(`Dòng 1: Container ${a} đang có trong bãi cảng NDP`);
    const c = cntr('TGHU', 263009);
    const rows = checkRows(
      [row({ ContainerNo: a, IsoSizetype: '' }), row({ ContainerNo: b }), row({ ContainerNo: c })],
      ctx('import_pickup', 'BL1'),
      facts({ yard }),
    );
    expect(rows[0]).toMatchObject({ problems: [], IsoSizetype: '22G1', DateIn: '2026-11-14T00:00:00.000Z' });
    expect(rows[1]?.problems).toEqual([
      `Dòng 2: Container ${b} không thuộc vận đơn BL1`,
      `Dòng 2: Container ${b} trong bãi là container rỗng (E)`,
    ]);
    expect(rows[2]?.problems[0]).toBe(`Dòng 3: Container ${c} không có trong bãi cảng NDP`);
  });

  it("the yard decides what a held container is: a typed size, operator or cargo type that differs is refused with the yard's value", () => {
    const reefer = cntr('MSCU', 261101);
    const big = cntr('MSCU', 261002);
    const yard = new Map([
      [reefer, visit(reefer, { IsoSizetype: '22R1', CargoTypeCode: 'RF' })],
      [big, visit(big, { IsoSizetype: '45G1' })],
    ]);
    const rows = checkRows(
      [
        row({ ContainerNo: reefer, IsoSizetype: '22G1', CargoTypeCode: 'GP', Temperature: -18 }),
        row({ ContainerNo: big, IsoSizetype: '20DC' }),
      ],
      ctx('import_pickup', 'BL1'),
      facts({ yard }),
    );
    expect(rows[0]?.problems).toEqual([
      `Dòng 1: Kích cỡ của container ${reefer} trong bãi là 22R1, không phải 22G1`,
      `Dòng 1: Loại hàng của container ${reefer} trong bãi là RF, không phải GP`,
    ]);
    // Whatever was typed, the row carries the yard's record (the price is never worked out from the typed one).
    expect(rows[0]).toMatchObject({ IsoSizetype: '22R1', CargoTypeCode: 'RF', FromYard: true });
    // The operator's own size code is read as its ISO type (20DC = 22G1) before it is compared.
    expect(rows[1]?.problems).toEqual([`Dòng 2: Kích cỡ của container ${big} trong bãi là 45G1, không phải 20DC`]);
    expect(rows[1]).toMatchObject({ IsoSizetype: '45G1', LocalSizetype: null, Teu: 2 });
  });

  it('nothing typed: size, full/empty and cargo type come from the yard; the same values typed pass', () => {
    const reefer = cntr('MSCU', 261101);
    const yard = new Map([[reefer, visit(reefer, { IsoSizetype: '22R1', CargoTypeCode: 'RF' })]]);
    const [blank] = checkRows(
      [row({ ContainerNo: reefer, IsoSizetype: '', Temperature: -18 })],
      ctx('import_pickup', 'BL1'),
      facts({ yard }),
    );
    expect(blank).toMatchObject({ problems: [], IsoSizetype: '22R1', FE: 'F', CargoTypeCode: 'RF', FromYard: true });
    const [same] = checkRows(
      [row({ ContainerNo: reefer, IsoSizetype: '22r1', CargoTypeCode: 'rf', Temperature: -18 })],
      ctx('import_pickup', 'BL1'),
      facts({ yard }),
    );
    expect(same?.problems).toEqual([]);
  });

  it("the operator is the yard's: an order naming another line for a held container is refused", () => {
    const yard = new Map([[a, visit(a, { OperationCode: 'MSC' })]]);
    const [r] = checkRows([row({ ContainerNo: a })], { ...ctx('import_pickup', 'BL1'), OperationCode: 'MAE' }, facts({ yard }));
    expect(r?.problems).toEqual([`Dòng 1: Container ${a} trong bãi thuộc hãng MSC, không phải hãng MAE`]);
  });

  it("property: whatever a client types for a held container, the checked row (what pricing reads) is the yard's record", () => {
    const held = cntr('MSCU', 261101);
    const record = visit(held, { IsoSizetype: '22R1', CargoTypeCode: 'RF', FE: 'F' });
    const yard = new Map([[held, record]]);
    const typed = fc.record({
      IsoSizetype: fc.constantFrom('', '22G1', '45G1', '22R1', '45R1', '20DC', '22U1', 'XXXX'),
      CargoTypeCode: fc.constantFrom(null, 'GP', 'RF', 'DG', 'OG', 'MT'),
      FE: fc.constantFrom(null, 'F', 'E'),
    });
    fc.assert(
      fc.property(typed, fc.constantFrom('import_pickup', 'unstuffing', 'service') as fc.Arbitrary<keyof typeof orderTypes>, (t, type) => {
        const [r] = checkRows([row({ ContainerNo: held, ...t, Temperature: -18 })], ctx(type, 'BL1'), facts({ yard }));
        expect(r).toMatchObject({ IsoSizetype: '22R1', CargoTypeCode: 'RF', FromYard: true });
        // A typed value other than the record never passes unnoticed.
        const differs =
          (t.IsoSizetype !== '' && t.IsoSizetype !== '22R1') || (t.CargoTypeCode !== null && t.CargoTypeCode !== 'RF') || t.FE === 'E';
        if (differs) expect(r?.problems.length).toBeGreaterThan(0);
        else expect(r?.problems).toEqual([]);
      }),
    );
  });

  it('customs holds: a pickup of foreign goods not released by its last status is held with a note; released, local or in-yard work is not', () => {
    const pickup = (v: Partial<YardVisit>, type: keyof typeof orderTypes = 'import_pickup') =>
      checkRows([row({ ContainerNo: a })], ctx(type, 'BL1'), facts({ yard: new Map([[a, visit(a, v)]]) }))[0];
    for (const status of [null, 'NA', 'KHH', 'XCTQ', 'tq?'])
      expect(pickup({ CustomsStatus: status }), String(status)).toMatchObject({
        CusHold: true,
        problems: [],
        notes: [customsHoldMessages.note(1, a, status)],
      });
    for (const status of ['TQ', ' gph ', 'MHBQ', 'CCK'])
      expect(pickup({ CustomsStatus: status })).toMatchObject({ CusHold: false, notes: [] });
    expect(pickup({ CustomsStatus: null, IsLocalForeign: 'L' })).toMatchObject({ CusHold: false, IsLocalForeign: 'L' });
    expect(pickup({ CustomsStatus: null, ClassCode: '2' })).toMatchObject({ CusHold: false });
    // The yard recorded no goods origin: the rule cannot apply (visits recorded before the TOS said).
    expect(pickup({ CustomsStatus: null, IsLocalForeign: null })).toMatchObject({ CusHold: null });
    // Work in the yard (unstuffing) is not a release: no hold decided there.
    expect(pickup({ CustomsStatus: null }, 'unstuffing')).toMatchObject({ CusHold: null });
  });

  it("local / foreign goods are the yard's: typed otherwise, refused naming the yard's", () => {
    const yard = new Map([[a, visit(a, { IsLocalForeign: 'F' })]]);
    const [r] = checkRows([row({ ContainerNo: a, IsLocalForeign: 'L' })], ctx('import_pickup', 'BL1'), facts({ yard }));
    expect(r).toMatchObject({
      IsLocalForeign: 'F',
      problems: [`Dòng 1: Container ${a} trong bãi là hàng ngoại (F), không phải hàng nội (L)`],
    });
  });

  describe('eDO release (applyEdoReleases)', () => {
    const now = new Date('2026-11-27T03:00:00Z');
    const until = new Date('2026-12-01T16:59:59Z'); // 01/12/2026 23:59:59 port time
    const cover = (c: Partial<EdoCoverFact> = {}): EdoCoverFact => ({
      EdoNo: 'EDO0000001',
      TerminalCode: 'NDP',
      ContainerNo: a,
      ConsigneeTaxCode: '0101',
      AgentTaxCode: null,
      ValidUntil: until,
      Status: 'A',
      usableHere: true,
      ...c,
    });
    const run = (covers: EdoCoverFact[], payerTax: string | null = '0101', expDate: Date | null = now) => {
      const rows = checkRows([row({ ContainerNo: a })], ctx('import_pickup', 'BL1'), facts({ yard: new Map([[a, visit(a)]]) }));
      return applyEdoReleases(rows, { line: 'MSC', terminal: 'NDP', payerTax, expDate, now, covers })[0];
    };

    it('takes the eDO naming the payer as consignee or as its agent', () => {
      expect(run([cover()])).toMatchObject({ EdoNo: 'EDO0000001', problems: [] });
      expect(run([cover({ AgentTaxCode: '0202' })], '0202')).toMatchObject({ EdoNo: 'EDO0000001', problems: [] });
      // No payer yet (staff before the payer step): any valid eDO here passes, the party is checked at pricing.
      expect(run([cover()], null)).toMatchObject({ EdoNo: 'EDO0000001', problems: [] });
    });

    it('says which eDO fails and why: none, revoked, expired, another terminal, another party, the order outlasting it', () => {
      expect(run([])?.problems).toEqual([`Dòng 1: ${edoMessages.pickupNone(a, 'MSC', '0101')}`]);
      expect(run([cover({ Status: 'R' })])?.problems).toEqual([`Dòng 1: ${edoMessages.pickupRevoked(a, 'EDO0000001')}`]);
      expect(run([cover({ ValidUntil: new Date('2026-11-20T16:59:59Z') })])?.problems).toEqual([
        `Dòng 1: ${edoMessages.pickupExpired(a, 'EDO0000001', '20/11/2026')}`,
      ]);
      expect(run([cover({ usableHere: false, TerminalCode: 'GML' })])?.problems).toEqual([
        `Dòng 1: ${edoMessages.pickupTerminal(a, 'EDO0000001', 'GML', 'NDP')}`,
      ]);
      expect(run([cover()], '0303')?.problems).toEqual([`Dòng 1: ${edoMessages.pickupOtherParty(a, 'EDO0000001', '0101')}`]);
      expect(run([cover()], '0101', new Date('2026-12-02T01:00:00Z'))?.problems).toEqual([
        `Dòng 1: ${edoMessages.pickupAfter(a, 'EDO0000001', '01/12/2026')}`,
      ]);
    });

    it('property: only an active eDO, valid here and now, naming the payer, to the order expiry, releases a container', () => {
      fc.assert(
        fc.property(
          fc.record({
            Status: fc.constantFrom<'A' | 'R'>('A', 'R'),
            usableHere: fc.boolean(),
            ConsigneeTaxCode: fc.constantFrom('0101', '0202'),
            AgentTaxCode: fc.constantFrom(null, '0101', '0303'),
            daysLeft: fc.integer({ min: -3, max: 5 }),
          }),
          fc.constantFrom('0101', '0202', '0303'),
          fc.integer({ min: 0, max: 6 }),
          (c, payer, expDays) => {
            const ValidUntil = new Date(now.getTime() + c.daysLeft * DAY_MS);
            const expDate = new Date(now.getTime() + expDays * DAY_MS);
            const r = run([cover({ ...c, ValidUntil })], payer, expDate);
            const releases =
              c.Status === 'A' &&
              c.usableHere &&
              ValidUntil >= now &&
              (c.ConsigneeTaxCode === payer || c.AgentTaxCode === payer) &&
              expDate <= ValidUntil;
            expect(r?.EdoNo !== null).toBe(releases);
            expect(r?.problems.length === 0).toBe(releases);
          },
        ),
      );
    });
  });

  it('a drop-off is not from the yard: its typed size and cargo type stand', () => {
    const [r] = checkRows([row({ ContainerNo: a, IsoSizetype: '45G1', CargoTypeCode: 'GP' })], ctx('fcl_pre_advice'), facts());
    expect(r).toMatchObject({ problems: [], IsoSizetype: '45G1', CargoTypeCode: 'GP', FromYard: false, DateIn: null });
  });

  it('ImportPickupAllCont: the containers of the bill left out are named on the first row', () => {
    const rows = checkRows([row({ ContainerNo: a })], ctx('import_pickup', 'BL1'), facts({ yard: new Map([[a, visit(a)]]) }));
    missingFromBill(rows, [a, b]);
    expect(rows[0]?.problems[0]).toMatch(new RegExp(`^Dòng 1: .*còn thiếu 1 container: ${b}$`));
  });
});
