import { calls, portDayNumber as portDay, tariffMessages } from '@smartport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoJobPrice, demoReeferPrice, demoStoragePrice, demoUsdPrice } from '../../src/db/seed/tariffs.data';
import type { PricingContainer, PricingInput } from '../../src/modules/orders/pricing.service';
import { createTestApp, present, type TestApp } from '../helpers/test-app';

// The tariff screens (standard, contract, stepped surcharges) and the pricing service over the seeded tariffs.
let t: TestApp;
let admin: string;
let staff: string;
let customer: string;

const DAY = 86_400_000;
const now = new Date();

beforeAll(async () => {
  t = await createTestApp({ jobs: { start: false } });
  admin = await t.login('admin');
  staff = await t.login('nhanvien'); // NDP, NDV, NHP
  customer = await t.login('khachhang');
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const box = (over: Partial<PricingContainer> = {}): PricingContainer => ({
  ContainerNo: 'MSCU2610012',
  IsoSizetype: '45G1',
  FE: 'F',
  CargoTypeCode: 'GP',
  IsLocalForeign: 'F',
  MCWeight: 20_000,
  Class: null,
  Unno: null,
  Temperature: null,
  OogTop: null,
  OogLeft: null,
  OogRight: null,
  OogBack: null,
  OogFront: null,
  PlugHours: null,
  DateIn: new Date(now.getTime() - 12 * DAY),
  ...over,
});
const order = (over: Partial<PricingInput> = {}): PricingInput => ({
  TerminalCode: 'NDP',
  OrderType: 'import_pickup',
  JobModeCode: 'LAYN',
  OperationCode: 'MSC',
  VesselKey: null,
  CustomerCode: 'C0000002',
  MoneyCredit: 'M',
  AttachServices: [],
  at: now,
  ExpDate: new Date(now.getTime() + DAY),
  containers: [box()],
  ...over,
});
const price = async (input: PricingInput) => {
  const out = await t.portal.services.pricing.price(input);
  if (!out.ok) throw new Error(out.message);
  return out.charges;
};
/** Port days of the demo stay: DateIn 12 days ago → expiry tomorrow, both counted. */
const stayDays = () => portDay(new Date(now.getTime() + DAY)) - portDay(new Date(now.getTime() - 12 * DAY)) + 1;

describe('pricing service over the seeded tariffs and configuration', () => {
  it('prices an import pickup from the standard tariff: job, the default attached service, storage after 3 free days', async () => {
    const c = await price(order());
    expect(c.lines.map((l) => [l.ChargeKind, l.JobModeCode, l.Source, l.Quantity, l.UnitPrice])).toEqual([
      ['job', 'LAYN', 'standard', 1, demoJobPrice('LAYN', '40', 'F')],
      ['attach', 'DVKT', 'standard', 1, demoJobPrice('DVKT', '40', 'F')],
      ['storage', 'LAYN', 'standard', stayDays() - 3, demoStoragePrice.F['40']],
    ]);
    expect(c.lines[2]?.Explanation).toMatch(/^Lưu bãi \d+ ngày, miễn phí 3 ngày, tính \d+ ngày × 90\.000 = /);
    expect(c.TotalAmount).toBe(c.lines.reduce((s, l) => s + l.Total, 0));
    expect(c.lines.every((l) => l.VatRate === 8 && l.VatAmount === Math.round(l.Amount * 0.08))).toBe(true);
  });

  it("takes the demo customer's contract before the standard tariff, and Maersk's contract for its containers", async () => {
    const cus = await price(order({ CustomerCode: 'C0000001' }));
    expect(cus.lines[0]).toMatchObject({
      Source: 'contract',
      UnitPrice: Math.round((demoJobPrice('LAYN', '40', 'F') * 0.9) / 1000) * 1000,
    });
    const mae = await price(order({ OperationCode: 'MAE' }));
    expect(mae.lines[0]).toMatchObject({
      Source: 'contract',
      UnitPrice: Math.round((demoJobPrice('LAYN', '40', 'F') * 0.85) / 1000) * 1000,
    });
  });

  it('prices out-of-gauge cargo in USD at the latest rate, with the out-of-gauge surcharge step', async () => {
    const c = await price(
      order({ JobModeCode: 'DVBAI', OrderType: 'service', containers: [box({ CargoTypeCode: 'OG', OogTop: 60, DateIn: null })] }),
    );
    expect(c.lines.map((l) => [l.ChargeKind, l.Amount])).toEqual([
      ['job', demoJobPrice('DVBAI', '40', 'F')],
      ['surcharge', Math.round(demoJobPrice('DVBAI', '40', 'F') * 0.35)],
    ]);
    const usd = await price(order({ containers: [box({ CargoTypeCode: 'OG', DateIn: null })] }));
    expect(usd.lines[0]).toMatchObject({
      TariffCurrency: 'USD',
      TariffPrice: demoUsdPrice['40'],
      ExchangeRate: 25_380,
      Amount: demoUsdPrice['40'] * 25_380,
    });
  });

  it('bills a reefer picked up from DateIn to the expiry in whole hours (no reefer rule seeded): 72,5 h → 73', async () => {
    const dateIn = new Date(now.getTime() - 2 * DAY - 30 * 60_000);
    const c = await price(order({ containers: [box({ IsoSizetype: '22R1', CargoTypeCode: 'RF', DateIn: dateIn })] }));
    const reefer = present(c.lines.find((l) => l.ChargeKind === 'reefer'));
    expect(reefer).toMatchObject({ Unit: 'Giờ', Quantity: 73, UnitPrice: demoReeferPrice['20'] });
  });

  // The terminal's 'Miễn lưu bãi ngày lễ' switch (HolydaySelect), as the 'Cấu hình cảng' screen stores it.
  const holidaySwitch = async (terminal: string, on: boolean) => {
    const v = JSON.stringify({ HolydaySelect: on ? 1 : 0 });
    await t.sql(
      `insert into system_settings (key, value) values ($1, $2::jsonb)
       on conflict (key) do update set value = system_settings.value || $2::jsonb`,
      [`form:terminal_config:${terminal}`, v],
    );
  };
  const holiday = (config: string, operator: string, customer: string, from: Date, days: number) =>
    t.sql(
      `insert into holiday_periods (terminal_code, config_name, operation_code, customer_code, descriptions, start_time, end_time)
       values ('NDP', $1, $2, $3, 'Nghỉ lễ', $4, $5)`,
      [config, operator, customer, from, new Date(from.getTime() + (days - 1) * DAY)],
    );

  it('leaves out holiday exemption days of the customer while the terminal exempts holidays, and none when it does not', async () => {
    await holiday('Nghỉ lễ thử', '*', 'C0000003', new Date(now.getTime() - 6 * DAY), 2);
    await holidaySwitch('NDP', true);
    const plain = await price(order());
    const exempt = await price(order({ CustomerCode: 'C0000003' }));
    expect(present(exempt.lines.at(-1)).Quantity).toBe(present(plain.lines.at(-1)).Quantity - 2);
    expect(exempt.lines.at(-1)?.Explanation).toContain('miễn 2 ngày lễ');
    await holidaySwitch('NDP', false);
    const off = await price(order({ CustomerCode: 'C0000003' }));
    expect(present(off.lines.at(-1)).Quantity).toBe(present(plain.lines.at(-1)).Quantity);
    expect(off.lines.at(-1)?.Explanation).not.toContain('ngày lễ');
  });

  it("adds an operator's own holidays to the holidays entered for all operators (a day counted once)", async () => {
    await t.sql(`delete from holiday_periods where terminal_code = 'NDP'`);
    await holidaySwitch('NDP', true);
    const plain = await price(order({ OperationCode: 'ONE' }));
    const plainOther = await price(order({ OperationCode: 'MAE' }));
    await holiday('Quốc khánh thử', '*', '*', new Date(now.getTime() - 8 * DAY), 2);
    await holiday('Lễ hãng ONE thử', 'ONE', '*', new Date(now.getTime() - 7 * DAY), 3);
    const combined = await price(order({ OperationCode: 'ONE' }));
    // Days −8, −7 (all) and −7, −6, −5 (ONE): four distinct days.
    expect(present(combined.lines.at(-1)).Quantity).toBe(present(plain.lines.at(-1)).Quantity - 4);
    const other = await price(order({ OperationCode: 'MAE' }));
    expect(present(other.lines.at(-1)).Quantity).toBe(present(plainOther.lines.at(-1)).Quantity - 2);
    await holidaySwitch('NDP', false);
  });

  it('answers in Vietnamese when no tariff applies', async () => {
    await t.sql(`delete from standard_tariffs where terminal_code = 'NHP' and job_mode_code = 'CAPR' and cont_size = '20' and fe = 'E'`);
    const out = await t.portal.services.pricing.price(
      order({
        TerminalCode: 'NHP',
        OrderType: 'empty_pickup',
        JobModeCode: 'CAPR',
        containers: [box({ IsoSizetype: '22G1', FE: 'E', CargoTypeCode: 'MT' })],
      }),
    );
    expect(out).toEqual({
      ok: false,
      message: 'Chưa có biểu cước áp dụng: phương án CAPR (Cấp rỗng), cont 20 rỗng (E), loại hàng MT (container MSCU2610012).',
    });
  });
});

const row = (over: Record<string, unknown> = {}) => ({
  TerminalCode: 'NDP',
  TariffCode: 'TEST-LAYN-20F',
  TariffName: 'Lấy nguyên thử',
  ChargeKind: 'job',
  JobModeCode: 'LAYN',
  ContSize: '20',
  CargoTypeCode: 'DG',
  FE: 'F',
  IsLocalForeign: '*',
  CurrencyCode: 'VND',
  UnitPrice: 777_000,
  VatRate: 8,
  ApplyDate: '2026-01-01T00:00:00+07:00',
  ExpireDate: '2027-12-31T23:59:59+07:00',
  ...over,
});

describe('tariff screens (grids)', () => {
  it('saves, lists and deletes a standard tariff row; the pricing service uses it', async () => {
    const saved = await t.call(calls.tariffs.saveStandardTariffs, { data: [row()] }, staff);
    expect(saved.status, saved.raw).toBe(200);
    expect(saved.body.message).toBe(tariffMessages.saved);
    const list = await t.call(calls.tariffs.getStandardTariffs, { TerminalCode: 'NDP', TariffCode: 'TEST-' }, staff);
    const mine = present(list.body.payload).filter((r) => r.TariffCode === 'TEST-LAYN-20F');
    expect(mine).toHaveLength(1);
    const c = await price(order({ containers: [box({ IsoSizetype: '22G1', CargoTypeCode: 'DG', DateIn: null })] }));
    expect(c.lines[0]).toMatchObject({ TariffCode: 'TEST-LAYN-20F', UnitPrice: 777_000 });
    const del = await t.call(calls.tariffs.deleteStandardTariffs, { data: [{ Rowguid: String(mine[0]?.Rowguid) }] }, staff);
    expect(del.status).toBe(200);
    const after = await t.call(calls.tariffs.getStandardTariffs, { TerminalCode: 'NDP', TariffCode: 'TEST-' }, staff);
    expect(present(after.body.payload).some((r) => r.TariffCode === 'TEST-LAYN-20F')).toBe(false);
  });

  it('refuses bad rows with Vietnamese messages', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ExpireDate: '2025-12-31T00:00:00+07:00' }, tariffMessages.expireBeforeApply],
      [{ UnitPrice: -1 }, tariffMessages.price],
      [{ VatRate: 7 }, tariffMessages.vat],
      [{ JobModeCode: 'KHONGCO' }, tariffMessages.unknownJobMode('KHONGCO')],
      [{ CargoTypeCode: 'ZZ' }, tariffMessages.unknownCargoType('ZZ')],
      [{ CurrencyCode: 'GBP' }, tariffMessages.unknownCurrency('GBP')],
      [{ ContSize: '30' }, tariffMessages.size],
      [{ FE: 'X' }, tariffMessages.fe],
      [{ ChargeKind: 'other' }, tariffMessages.chargeKind],
    ];
    for (const [over, message] of cases) {
      const res = await t.send(calls.tariffs.saveStandardTariffs, { data: [row(over)] }, staff);
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(res.body.message).toContain(message);
    }
  });

  it('refuses a second row with the same key (terminal, kind, job mode, size, cargo, F/E, L/F, effective date)', async () => {
    const first = row({ TariffCode: 'TEST-DUP', CargoTypeCode: 'BB' });
    expect((await t.call(calls.tariffs.saveStandardTariffs, { data: [first] }, staff)).status).toBe(200);
    const again = await t.send(calls.tariffs.saveStandardTariffs, { data: [{ ...first, TariffCode: 'TEST-DUP-2' }] }, staff);
    expect(again.status).toBe(400);
    expect(again.body.success).toBe(false);
    const unknownTerminal = await t.send(calls.tariffs.saveStandardTariffs, { data: [row({ TerminalCode: 'ZZZ' })] }, admin);
    expect(unknownTerminal.status).toBe(403);
  });

  it('saves a contract tariff of a customer; refuses one without customer or operator, or with unknown codes', async () => {
    const contract = (over: Record<string, unknown> = {}) =>
      row({ ContractNo: 'HD-TEST-01', CustomerCode: 'C0000005', OperationCode: '*', TariffCode: 'HD-TEST', ...over });
    const ok = await t.call(calls.tariffs.saveContractTariffs, { data: [contract()] }, staff);
    expect(ok.status, ok.raw).toBe(200);
    const list = await t.call(calls.tariffs.getContractTariffs, { CustomerCode: 'C0000005' }, staff);
    expect(present(list.body.payload).map((r) => r.ContractNo)).toContain('HD-TEST-01');
    const cases: [Record<string, unknown>, string][] = [
      [{ CustomerCode: '*' }, tariffMessages.party],
      [{ CustomerCode: 'KHONGCO' }, tariffMessages.unknownCustomer('KHONGCO')],
      [{ CustomerCode: '*', OperationCode: 'XXX' }, tariffMessages.unknownOperator('XXX')],
    ];
    for (const [over, message] of cases) {
      const res = await t.send(calls.tariffs.saveContractTariffs, { data: [contract(over)] }, staff);
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(res.body.message).toContain(message);
    }
  });

  it('saves surcharge steps; refuses a step ending before it starts and steps that overlap', async () => {
    // The seeded weight steps of NDV: 25 to under 30 (5 %), 30 and more (10 %). Close the top one at 40 and add 40 and more.
    const before = await t.call(calls.tariffs.getTariffSurcharges, { TerminalCode: 'NDV' }, staff);
    const top = present(present(before.body.payload).find((r) => r.ExtraMode === 1 && r.FromValue === 30));
    const step = { TerminalCode: 'NDV', ExtraMode: 1, FromValue: 40, ToValue: null, Percent: 15, Note: 'Từ 40 tấn' };
    const alone = await t.send(calls.tariffs.saveTariffSurcharges, { data: [step] }, staff);
    expect(alone.status).toBe(400);
    expect(alone.body.message).toBe('Các bậc phụ thu "Trọng lượng (tấn)" tại cảng NDV chồng lên nhau: từ 30 trở lên và từ 40 trở lên.');
    const ok = await t.call(calls.tariffs.saveTariffSurcharges, { data: [{ ...top, ToValue: 40 }, step] }, staff);
    expect(ok.status, ok.raw).toBe(200);
    const list = await t.call(calls.tariffs.getTariffSurcharges, { TerminalCode: 'NDV' }, staff);
    const weight = present(list.body.payload).filter((r) => r.ExtraMode === 1);
    expect(weight.map((r) => [r.FromValue, r.ToValue, r.Percent])).toEqual([
      [25, 30, 5],
      [30, 40, 10],
      [40, null, 15],
    ]);
    const bad = await t.send(calls.tariffs.saveTariffSurcharges, { data: [{ ...step, FromValue: 50, ToValue: 45 }] }, staff);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain(tariffMessages.toValue);
    const overlap = await t.send(calls.tariffs.saveTariffSurcharges, { data: [{ ...step, FromValue: 28, ToValue: 29 }] }, staff);
    expect(overlap.status).toBe(400);
    expect(overlap.body.message).toBe(
      'Các bậc phụ thu "Trọng lượng (tấn)" tại cảng NDV chồng lên nhau: từ 25 đến dưới 30 và từ 28 đến dưới 29.',
    );
  });

  it('keeps staff to their terminals and customers out', async () => {
    const list = await t.call(calls.tariffs.getStandardTariffs, {}, staff);
    expect(new Set(present(list.body.payload).map((r) => r.TerminalCode))).toEqual(new Set(['NDP', 'NDV', 'NHP']));
    const other = await t.send(calls.tariffs.saveStandardTariffs, { data: [row({ TerminalCode: 'GML' })] }, staff);
    expect(other.status).toBe(403);
    expect((await t.call(calls.tariffs.getStandardTariffs, {}, admin)).status).toBe(200);
    for (const call of [calls.tariffs.getStandardTariffs, calls.tariffs.getContractTariffs, calls.tariffs.getTariffSurcharges]) {
      expect((await t.send(call, {}, customer)).status, call.path).toBe(403);
    }
    expect((await t.send(calls.tariffs.saveStandardTariffs, { data: [row()] }, customer)).status).toBe(403);
  });
});
