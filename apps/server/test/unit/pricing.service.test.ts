import { describe, expect, it } from 'vitest';
import type { PricingRepository } from '../../src/modules/orders/pricing.repository';
import { createPricingService, type PricingContainer, type PricingInput } from '../../src/modules/orders/pricing.service';
import type { TariffRow } from '../../src/modules/orders/tariff-engine';

// The pricing service gathers its facts from the other services (fakes here) and lets the engine price.

const d = (s: string) => new Date(s);
const row = (over: Partial<TariffRow>): TariffRow => ({
  Source: 'standard',
  Rowguid: over.TariffCode ?? 'x',
  TariffCode: 'T',
  TariffName: 'Biểu cước',
  ChargeKind: 'job',
  JobModeCode: '*',
  ContSize: '*',
  CargoTypeCode: '*',
  FE: '*',
  IsLocalForeign: '*',
  CurrencyCode: 'VND',
  UnitPrice: 100_000,
  VatRate: 8,
  ApplyDate: d('2026-01-01T00:00:00+07:00'),
  ExpireDate: d('2026-12-31T23:59:59+07:00'),
  ...over,
});

function setup(over: { reeferRule?: boolean } = {}) {
  const asked: Record<string, unknown[]> = { free: [], holidays: [], attach: [], reefer: [] };
  const repo = {
    tariffs: async () => [
      row({ TariffCode: 'JOB', JobModeCode: 'LAYN', UnitPrice: 1_000_000 }),
      row({ TariffCode: 'DVKT', JobModeCode: 'DVKT', UnitPrice: 200_000 }),
      row({ TariffCode: 'DVBAI', JobModeCode: 'DVBAI', UnitPrice: 300_000 }),
      row({ TariffCode: 'LB', ChargeKind: 'storage', UnitPrice: 50_000 }),
      row({ TariffCode: 'DL', ChargeKind: 'reefer', UnitPrice: 20_000 }),
    ],
    surchargeSteps: async () => [],
    jobModes: async () =>
      new Map([
        ['LAYN', { JobModeName: 'Lấy nguyên container', ExtraMode: 1 }],
        ['DVKT', { JobModeName: 'Kiểm hóa', ExtraMode: 4 }],
        ['DVBAI', { JobModeName: 'Đảo chuyển', ExtraMode: 3 }],
      ]),
    rates: async () => new Map([['USD', 25_000]]),
    berthing: async () => null,
  } satisfies PricingRepository;
  const rule = {
    ruleId: 'r1',
    TerminalCode: 'NDP',
    OperationCode: '*',
    MoneyCredit: 'M',
    ApplyDate: d('2026-01-01'),
    ExpireDate: d('2027-01-01'),
    Rounding: 'R2' as const,
    HourAdding: 1,
  };
  const service = createPricingService({
    repo,
    storageRules: {
      freeDaysFor: async (q) => {
        asked.free?.push(q);
        return { freeDays: 3, startTime: 'DateIn', endTime: 'DateOut', ruleId: 'f1' };
      },
      reeferRuleFor: async () => (over.reeferRule === false ? null : rule),
      reeferHours: async (q) => {
        asked.reefer?.push(q);
        return { hours: Math.ceil((q.plugOut.getTime() - q.plugIn.getTime()) / 3_600_000) + 1, ruleId: 'r1' };
      },
    },
    holidays: {
      holidayPeriodsFor: async (q) => {
        asked.holidays?.push(q);
        return [];
      },
    },
    attachConfig: {
      attachedServicesFor: async (q) => {
        asked.attach?.push(q);
        return [
          { AttachServiceCode: 'DVKT', IsFixed: true },
          { AttachServiceCode: 'DVBAI', IsFixed: false },
        ];
      },
    },
  });
  return { service, asked };
}

const container = (over: Partial<PricingContainer> = {}): PricingContainer => ({
  ContainerNo: 'MSCU2610012',
  IsoSizetype: '22G1',
  FE: 'F',
  CargoTypeCode: 'gp',
  IsLocalForeign: 'F',
  MCWeight: null,
  Class: null,
  Unno: null,
  Temperature: null,
  OogTop: null,
  OogLeft: null,
  OogRight: null,
  OogBack: null,
  OogFront: null,
  PlugHours: null,
  DateIn: d('2026-11-10T08:00:00+07:00'),
  ...over,
});
const input = (over: Partial<PricingInput> = {}): PricingInput => ({
  TerminalCode: 'ndp',
  OrderType: 'import_pickup',
  JobModeCode: 'LAYN',
  OperationCode: 'MSC',
  VesselKey: null,
  CustomerCode: 'C0000001',
  MoneyCredit: 'M',
  AttachServices: [],
  at: d('2026-11-20T10:00:00+07:00'),
  ExpDate: d('2026-11-14T17:00:00+07:00'),
  containers: [container()],
  ...over,
});

describe('pricing service', () => {
  it('prices a pickup: job line, the default attached service, storage beyond the free days (5 days, 3 free → 2)', async () => {
    const { service, asked } = setup();
    const out = await service.price(input());
    if (!out.ok) throw new Error(out.message);
    expect(out.charges.lines.map((l) => [l.ChargeKind, l.JobModeCode, l.Quantity, l.Amount])).toEqual([
      ['job', 'LAYN', 1, 1_000_000],
      ['attach', 'DVKT', 1, 200_000],
      ['storage', 'LAYN', 2, 100_000],
    ]);
    expect(asked.free?.[0]).toMatchObject({
      terminal: 'NDP',
      classCode: '1',
      fe: 'F',
      cargoTypeCode: 'GP',
      moneyCredit: 'M',
      isReefer: false,
    });
    expect(asked.attach?.[0]).toMatchObject({
      terminal: 'NDP',
      jobModeCode: 'LAYN',
      operationCode: 'MSC',
      customerCode: 'C0000001',
      isLocalForeign: 'F',
    });
  });

  it('adds a ticked attachable service, and not one the attach config does not offer', async () => {
    const { service } = setup();
    const out = await service.price(input({ AttachServices: ['dvbai'] }));
    expect(out.ok && out.charges.lines.map((l) => l.JobModeCode)).toEqual(['LAYN', 'DVKT', 'DVBAI', 'LAYN']);
    const other = await service.price(input({ AttachServices: ['DVKC', 'DVKT'] }));
    expect(other.ok && other.charges.lines.map((l) => l.JobModeCode)).toEqual(['LAYN', 'DVKT', 'LAYN']);
  });

  it('answers the attached services the configuration offers: the fixed ones charged, the others charged when ticked', async () => {
    const { service } = setup();
    const plain = await service.price(input());
    expect(plain.ok && plain.charges.AttachOptions).toEqual([
      { AttachServiceCode: 'DVBAI', JobModeName: 'Đảo chuyển', IsFixed: false, Charged: false },
      { AttachServiceCode: 'DVKT', JobModeName: 'Kiểm hóa', IsFixed: true, Charged: true },
    ]);
    const ticked = await service.price(input({ AttachServices: ['DVBAI'] }));
    expect(ticked.ok && ticked.charges.AttachOptions?.find((o) => o.AttachServiceCode === 'DVBAI')?.Charged).toBe(true);
  });

  it("prices an empty reefer's plug hours only while it is worked in the yard on the customer's hours (stuffing)", async () => {
    const { service } = setup();
    const reeferEmpty = container({ IsoSizetype: '22R1', FE: 'E', CargoTypeCode: 'MT', DateIn: null, PlugHours: 4 });
    const stuffing = await service.price(input({ OrderType: 'stuffing', containers: [reeferEmpty] }));
    if (!stuffing.ok) throw new Error(stuffing.message);
    expect(stuffing.charges.lines.find((l) => l.ChargeKind === 'reefer')).toMatchObject({ Quantity: 5, Unit: 'Giờ' });
    const pickup = await service.price(
      input({ OrderType: 'empty_pickup', containers: [{ ...reeferEmpty, PlugHours: null, DateIn: d('2026-11-10T08:00:00+07:00') }] }),
    );
    expect(pickup.ok && pickup.charges.lines.some((l) => l.ChargeKind === 'reefer')).toBe(false);
  });

  it('charges no storage to containers coming in, and reefer hours from PlugHours for them', async () => {
    const { service, asked } = setup();
    const out = await service.price(
      input({
        OrderType: 'service',
        containers: [container({ IsoSizetype: '22R1', CargoTypeCode: 'RF', DateIn: null, PlugHours: 10 })],
      }),
    );
    if (!out.ok) throw new Error(out.message);
    expect(out.charges.lines.map((l) => l.ChargeKind)).toEqual(['job', 'attach', 'reefer']);
    expect(out.charges.lines[2]).toMatchObject({ Quantity: 11, Unit: 'Giờ', Amount: 220_000 });
    expect(out.charges.lines[2]?.Explanation).toContain('Làm tròn 1 giờ, cộng 1 giờ');
    expect(asked.holidays).toEqual([]);
  });

  it('rounds up to whole hours when no reefer rule applies', async () => {
    const { service } = setup({ reeferRule: false });
    const out = await service.price(
      input({ OrderType: 'service', containers: [container({ IsoSizetype: '22R1', DateIn: null, PlugHours: 2.25 })] }),
    );
    expect(out.ok && out.charges.lines.at(-1)?.Quantity).toBe(3);
  });
});
