import { containerCheckDigit, orderMessages, orderTypes } from '@smartport/contract';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  applyServerCheck,
  clientProblems,
  newContainerRow,
  rowsFromText,
  shownFields,
  withClientChecks,
} from '../src/features/orders/container-rows';
import { defaultExpiry, emptyOrderInfo, headerInput, orderInfoProblem } from '../src/features/orders/order-draft';
import { followInterval, followState } from '../src/features/orders/order-follow';

const no = (owner: string, serial: number) => {
  const first10 = `${owner}${serial}`;
  return `${first10}${containerCheckDigit(first10)}`;
};
const now = dayjs('2026-11-26T03:00:00Z');

describe('order information (step 1)', () => {
  const pickup = orderTypes.import_pickup;
  const filled = () => ({
    ...emptyOrderInfo(pickup, 'NDP'),
    OperationCode: 'MSC',
    BLNo: 'MEDUHP2611001',
    vessel: {
      VesselKey: 'V1',
      VesselName: 'A',
      VesselImVoy: '1N',
      VesselExVoy: '1S',
      TerminalCode: 'NDP',
      ETA: null,
      ETB: null,
      ETD: null,
    },
    ExpDate: defaultExpiry(now),
  });

  it('defaults the expiry to the end of tomorrow, port time', () => {
    expect(defaultExpiry(now).tz('Asia/Ho_Chi_Minh').format('YYYY-MM-DD HH:mm:ss')).toBe('2026-11-27 23:59:59');
  });

  it('asks in the server order: terminal, operator, vessel, document, expiry', () => {
    expect(orderInfoProblem(pickup, { ...filled(), TerminalCode: '' }, now)).toBe(orderMessages.noTerminal);
    expect(orderInfoProblem(pickup, { ...filled(), OperationCode: '' }, now)).toBe(orderMessages.noOperation);
    expect(orderInfoProblem(pickup, { ...filled(), vessel: null }, now)).toBe(orderMessages.noVessel);
    expect(orderInfoProblem(pickup, { ...filled(), BLNo: ' ' }, now)).toBe(orderMessages.noBL);
    expect(orderInfoProblem(orderTypes.empty_pickup, { ...filled(), BookingNo: '' }, now)).toBe(orderMessages.noBooking);
    expect(orderInfoProblem(orderTypes.service, { ...filled(), BLNo: '', BookingNo: '' }, now)).toBe(orderMessages.noDocument);
    expect(orderInfoProblem(pickup, { ...filled(), ExpDate: null }, now)).toBe(orderMessages.noExpDate);
    expect(orderInfoProblem(pickup, { ...filled(), ExpDate: now.subtract(1, 'hour') }, now)).toBe(orderMessages.expPast);
    expect(orderInfoProblem(pickup, { ...filled(), ExpDate: now.add(31, 'day') }, now)).toBe(orderMessages.expTooFar);
    expect(orderInfoProblem(pickup, filled(), now)).toBeNull();
  });

  it('sends only the document the type uses and the expiry as port time', () => {
    const header = headerInput(pickup, { ...filled(), BookingNo: 'BK1' });
    expect(header).toMatchObject({
      OrderType: 'import_pickup',
      JobModeCode: 'LAYN',
      BLNo: 'MEDUHP2611001',
      BookingNo: null,
      VesselKey: 'V1',
    });
    expect(header.ExpDate).toBe('2026-11-27 23:59:59');
  });
});

describe('container rows (step 2)', () => {
  const dropOff = orderTypes.fcl_pre_advice;
  const good = no('TGHU', 263001);
  const bad = `${good.slice(0, 10)}${(Number(good[10]) + 1) % 10}`;

  it('names the row of a wrong check digit, a missing size of a drop-off and a duplicate', () => {
    const rows = [good, bad, good].map((c) => newContainerRow(dropOff, { ContainerNo: c, IsoSizetype: '22G1' }));
    rows.push(newContainerRow(dropOff, { ContainerNo: no('TGHU', 263002) }));
    const problems = clientProblems(dropOff, rows);
    expect(problems[0]).toEqual([]);
    expect(problems[1]?.[0]).toMatch(new RegExp(`^Dòng 2: Số container "${bad}" sai số kiểm tra`));
    expect(problems[2]).toEqual([`Dòng 3: Số container "${good}" trùng với dòng 1`]);
    expect(problems[3]).toEqual(['Dòng 4: Vui lòng nhập kích cỡ ISO']);
  });

  it('lets a pickup leave the size to the yard', () => {
    const rows = [newContainerRow(orderTypes.import_pickup, { ContainerNo: no('MSCU', 261001) })];
    expect(clientProblems(orderTypes.import_pickup, rows)).toEqual([[]]);
  });

  it("takes the server's answer: normalised size, problems and notes replace the client's", () => {
    const rows = withClientChecks(orderTypes.import_pickup, [
      newContainerRow(orderTypes.import_pickup, { ContainerNo: no('MSCU', 261001) }),
    ]);
    const [checked] = applyServerCheck(rows, [
      {
        ...rows[0],
        Row: 1,
        IsoSizetype: '22G1',
        LocalSizetype: null,
        Teu: 1,
        FE: 'F',
        CargoTypeCode: 'GP',
        CargoTypeName: 'Hàng khô',
        IsLocalForeign: 'F',
        POL: null,
        FPOD: null,
        VentUnit: null,
        PlugHours: null,
        DateIn: '2026-11-14T00:00:00.000Z',
        FromYard: true,
        problems: ['Dòng 1: Container MSCU2610014 không thuộc vận đơn X'],
        notes: ['Dòng 1: ghi chú'],
      } as never,
    ]);
    expect(checked).toMatchObject({
      IsoSizetype: '22G1',
      CargoTypeCode: 'GP',
      checked: true,
      fromYard: true,
      notes: ['Dòng 1: ghi chú'],
    });
    expect(checked?.problems).toHaveLength(1);
  });

  it('reads pasted lines into the shown columns and skips a title line', () => {
    const fields = shownFields(orderTypes.icd_pre_advice, []);
    expect(fields.slice(0, 3)).toEqual(['ContainerNo', 'IsoSizetype', 'FE']);
    const rows = rowsFromText(orderTypes.icd_pre_advice, `Số container\tKích cỡ ISO\tHàng/Rỗng\n${good}\t22g1\tE\n\n${bad};45G1;F`, fields);
    expect(rows.map((r) => [r.ContainerNo, r.IsoSizetype, r.FE])).toEqual([
      [good, '22G1', 'E'],
      [bad, '45G1', 'F'],
    ]);
  });

  it('shows the cargo extras only when a row needs them', () => {
    const rows = [
      newContainerRow(dropOff, { ContainerNo: good, CargoTypeCode: 'rf' }),
      newContainerRow(dropOff, { ContainerNo: good, CargoTypeCode: 'DG' }),
    ];
    const fields = shownFields(dropOff, rows);
    expect(fields).toEqual(expect.arrayContaining(['Temperature', 'Vent', 'Class', 'Unno']));
    expect(fields).not.toContain('OogTop');
  });

  it('weights are kilograms: the contract bounds per size, worded per row at once', () => {
    const rows = [
      newContainerRow(dropOff, { ContainerNo: good, IsoSizetype: '22G1', MCWeight: '24000' }),
      newContainerRow(dropOff, { ContainerNo: no('TGHU', 263002), IsoSizetype: '22G1', MCWeight: '-1' }),
      newContainerRow(dropOff, { ContainerNo: no('TGHU', 263003), IsoSizetype: '22G1', MCWeight: '24' }),
      newContainerRow(dropOff, { ContainerNo: no('TGHU', 263004), IsoSizetype: '22G1', MCWeight: '99999' }),
    ];
    const problems = clientProblems(dropOff, rows);
    expect(problems[0]).toEqual([]);
    expect(problems[1]).toEqual(['Dòng 2: Trọng lượng (kg) không được âm']);
    expect(problems[2]?.[0]).toMatch(/^Dòng 3: Trọng lượng \(kg\) tối thiểu 1\.000 kg/);
    expect(problems[3]).toEqual(["Dòng 4: Trọng lượng (kg) của container 20' tối đa 30.480 kg"]);
  });

  it('offers the plug hours of reefers worked in the yard only (stuffing, unstuffing, services)', () => {
    const reefer = (type: typeof dropOff) => [newContainerRow(type, { ContainerNo: good, IsoSizetype: '22R1' })];
    expect(shownFields(orderTypes.stuffing, reefer(orderTypes.stuffing))).toContain('PlugHours');
    expect(shownFields(orderTypes.service, reefer(orderTypes.service))).toContain('PlugHours');
    expect(
      shownFields(orderTypes.unstuffing, [newContainerRow(orderTypes.unstuffing, { ContainerNo: good, CargoTypeCode: 'RF' })]),
    ).toContain('PlugHours');
    expect(
      shownFields(orderTypes.stuffing, [newContainerRow(orderTypes.stuffing, { ContainerNo: good, IsoSizetype: '22G1' })]),
    ).not.toContain('PlugHours');
    expect(shownFields(orderTypes.import_pickup, reefer(orderTypes.import_pickup))).not.toContain('PlugHours');
  });
});

describe('step 6 follows the order until its invoice and TOS delivery end', () => {
  const order = (o: Partial<Parameters<typeof followState>[0] & object> = {}) => ({
    OrderStatus: 'C',
    InvoiceState: 'issued' as const,
    TosStatus: 'sent' as const,
    TosRetrying: false,
    ...o,
  });
  it('waits for payment and approval, then for the invoice and the TOS', () => {
    expect(followState(null)).toBe('waiting');
    expect(followState(order({ OrderStatus: 'P', InvoiceState: 'none', TosStatus: 'none' }))).toBe('waiting');
    expect(followState(order({ InvoiceState: 'pending' }))).toBe('finishing');
    expect(followState(order({ TosStatus: 'pending' }))).toBe('finishing');
    expect(followState(order({ TosStatus: 'none' }))).toBe('finishing');
    expect(followState(order({ TosStatus: 'failed', TosRetrying: true }))).toBe('retrying');
    expect(followState(order())).toBe('done');
    expect(followState(order({ InvoiceState: 'failed', TosStatus: 'refused' }))).toBe('done');
    expect(followState(order({ OrderStatus: 'D', InvoiceState: 'none', TosStatus: 'none' }))).toBe('done');
  });
  it('asks again while anything may change, never once it is done', () => {
    expect(followInterval(order({ InvoiceState: 'pending' }))).toBeGreaterThan(0);
    expect(followInterval(order({ TosStatus: 'failed', TosRetrying: true }))).toBeGreaterThan(0);
    expect(followInterval(order())).toBe(false);
  });
});

describe('attached services the customer ticks travel in the header', () => {
  it('sends the ticked optional services', () => {
    const info = { ...emptyOrderInfo(orderTypes.stuffing, 'NDP'), AttachServices: ['DVKC'] };
    expect(headerInput(orderTypes.stuffing, info).AttachServices).toEqual(['DVKC']);
    expect(headerInput(orderTypes.stuffing, emptyOrderInfo(orderTypes.stuffing, 'NDP')).AttachServices).toEqual([]);
  });
});
