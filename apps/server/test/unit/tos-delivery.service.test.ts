import { describe, expect, it } from 'vitest';
import type { TosOrderDesk } from '../../src/adapters/tos/tos.port';
import type { ApprovalOrder, OrderApprovalRepository } from '../../src/modules/orders/order-approval.repository';
import { createTosDeliveryService, tosDeliveryMessages, tosRetry } from '../../src/modules/orders/tos-delivery.service';

// The TOS delivery's rules with a fake repository and a fake TOS: mappings, refusals (alerted) and bounded retries.
const NOW = new Date('2026-11-26T03:00:00Z');
const conn = { host: 'tos.test', port: 80, user: 'u', password: 'p' };

function setup(opts: { tos: TosOrderDesk['sendOrder']; jobCode?: string | null; tosTariff?: string | null; status?: string }) {
  const order: ApprovalOrder = {
    OrderNo: 'NDP2611269000001',
    PinCode: '26112600001-10',
    TerminalCode: 'NDP',
    CustomerCode: 'C0000001',
    JobModeCode: 'LAYN',
    OperationCode: 'MSC',
    VesselKey: null,
    BLNo: null,
    BookingNo: null,
    DepotCode: null,
    ExpDate: null,
    TotalAmount: 648_000,
    MoneyCredit: 'M',
    OrderStatus: opts.status ?? 'C',
    TransactionId: 'FT1',
    CreatedBy: 'khachhang',
    TosStatus: 'pending',
    TosOrderNo: null,
    TosAttempts: 0,
    Source: 'SMP',
    ExtendsOrderNo: null,
  };
  const state = { order, nextTry: null as Date | null, message: null as string | null, alerts: [] as string[] };
  const repo = {
    byNo: async () => ({ ...state.order }),
    containers: async () => [{ ContainerNo: 'TGHU2640015', IsoSizetype: '22G1', FE: 'F', CargoTypeCode: 'GP' }],
    charges: async () => [{ ContainerNo: 'TGHU2640015', TariffCode: 'NH20F', Amount: 648_000 }],
    tosJobCode: async () => (opts.jobCode === undefined ? 'LN' : opts.jobCode),
    tosSent: async (_: string, no: string) => {
      state.order = { ...state.order, TosStatus: 'sent', TosOrderNo: no, TosAttempts: state.order.TosAttempts + 1 };
    },
    tosRefused: async (_: string, message: string) => {
      state.order = { ...state.order, TosStatus: 'refused', TosAttempts: state.order.TosAttempts + 1 };
      state.message = message;
    },
    tosFailed: async (_: string, message: string, nextTry: Date | null) => {
      state.order = { ...state.order, TosStatus: 'failed', TosAttempts: state.order.TosAttempts + 1 };
      state.message = message;
      state.nextTry = nextTry;
    },
  } as unknown as OrderApprovalRepository;
  const delivery = createTosDeliveryService({
    repo,
    tos: { sendOrder: opts.tos, cancelOrder: async () => ({ ok: true }) },
    connection: async () => conn,
    tosTariffCode: async () => (opts.tosTariff === undefined ? 'LOLO-20-F' : opts.tosTariff),
    alertRefused: async (detail) => {
      state.alerts.push(detail);
    },
    now: () => NOW,
  });
  return { delivery, state };
}

describe('TOS delivery', () => {
  it('sends the order with each container’s TOS job code and each line’s TOS tariff code', async () => {
    let sent: Parameters<TosOrderDesk['sendOrder']>[1] | null = null;
    const { delivery, state } = setup({
      tos: async (_c, o) => {
        sent = o;
        return { ok: true, value: { tosOrderNo: 'TOS-000001' } };
      },
    });
    expect(await delivery.deliver('NDP2611269000001')).toBe('sent');
    expect(state.order).toMatchObject({ TosStatus: 'sent', TosOrderNo: 'TOS-000001' });
    expect(sent).toMatchObject({
      containers: [{ ContainerNo: 'TGHU2640015', TosJobCode: 'LN' }],
      charges: [{ TariffCode: 'NH20F', TosTariffCode: 'LOLO-20-F', Amount: 648_000 }],
    });
  });

  it('refuses, without asking the TOS or mailing, an order whose job mode or tariff has no mapping', async () => {
    let asked = 0;
    const tos = async () => {
      asked++;
      return { ok: true as const, value: { tosOrderNo: 'x' } };
    };
    const noJob = setup({ tos, jobCode: null });
    expect(await noJob.delivery.deliver('NDP2611269000001')).toBe('refused');
    expect(noJob.state.message).toBe(tosDeliveryMessages.noJobMapping('LAYN', '20', 'GP'));
    const noTariff = setup({ tos, tosTariff: null });
    expect(await noTariff.delivery.deliver('NDP2611269000001')).toBe('refused');
    expect(noTariff.state.message).toBe(tosDeliveryMessages.noTariffMapping('NH20F'));
    expect(asked).toBe(0);
    expect([...noJob.state.alerts, ...noTariff.state.alerts]).toEqual([]);
  });

  it("shows the TOS's refusal in its words and raises the connection alert", async () => {
    const { delivery, state } = setup({
      tos: async () => ({ ok: false, failure: 'order_refused', detail: 'Container không có trong bãi' }),
    });
    expect(await delivery.deliver('NDP2611269000001')).toBe('refused');
    expect(state.message).toBe('TOS từ chối lệnh: Container không có trong bãi');
    expect(state.alerts).toEqual(['Container không có trong bãi']);
  });

  it('retries an outage with growing waits, and leaves the order to staff after the last attempt', async () => {
    const { delivery, state } = setup({ tos: async () => ({ ok: false, failure: 'timeout' }) });
    const waits: number[] = [];
    for (let i = 0; i < tosRetry.maxAttempts; i++) {
      expect(await delivery.deliver('NDP2611269000001')).toBe('failed');
      waits.push(state.nextTry ? state.nextTry.getTime() - NOW.getTime() : -1);
    }
    expect(waits.slice(0, 4)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(Math.max(...waits)).toBeLessThanOrEqual(30 * 60_000);
    expect(waits.at(-1)).toBe(-1);
    expect(state.message).toBe('Chưa gửi được lệnh sang TOS: TOS không trả lời trong thời gian chờ.');
    expect(state.alerts).toEqual([]);
  });

  it('leaves alone an order that is no longer approved', async () => {
    const { delivery } = setup({ tos: async () => ({ ok: true, value: { tosOrderNo: 'x' } }), status: 'D' });
    expect(await delivery.deliver('NDP2611269000001')).toBe('skipped');
  });
});
