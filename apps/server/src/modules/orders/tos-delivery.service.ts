import { contSizeOf } from '@smartport/contract';
import type { TosConnection, TosOrderDelivery, TosOrderDesk } from '../../adapters/tos/tos.port';
import type { OrderApprovalRepository } from './order-approval.repository';

/** Bounded retries of a delivery the TOS could not take (down): 30 s, 1, 2, 4 … minutes apart, 10 attempts; then staff. */
export interface TosRetry {
  maxAttempts: number;
  backoffMs(attempts: number): number;
}
export const tosRetry: TosRetry = { maxAttempts: 10, backoffMs: (n) => Math.min(30_000 * 2 ** (n - 1), 30 * 60_000) };

const failureWords: Record<string, string> = {
  not_configured: 'chưa cấu hình kết nối TOS của cảng',
  timeout: 'TOS không trả lời trong thời gian chờ',
  unreachable: 'không kết nối được TOS',
  malformed: 'TOS trả lời sai định dạng',
  refused: 'TOS báo lỗi',
  login_refused: 'TOS từ chối tài khoản kết nối',
};

export const tosDeliveryMessages = {
  noJobMapping: (job: string, size: string, cargo: string) =>
    `Chưa có mapping phương án ${job} (cỡ ${size}, loại hàng ${cargo}) sang mã tác nghiệp TOS (Cấu hình > Mapping phương án).`,
  noTariffMapping: (tariff: string) => `Chưa có mapping mã biểu cước ${tariff} sang mã biểu cước TOS (Quản trị > Mapping biểu cước).`,
  refused: (reason: string) => `TOS từ chối lệnh: ${reason}`,
  failed: (what: string, detail?: string) => `Chưa gửi được lệnh sang TOS: ${what}${detail ? ` (${detail})` : ''}.`,
};

export type DeliveryResult = 'sent' | 'refused' | 'failed' | 'skipped';

/**
 * Approved orders to the TOS: each container's TOS job code through 'Mapping phương án', each charge's TOS
 * tariff code through the tariff mapping, sent with the terminal's TOS connection in use. A refusal (the TOS's or a
 * missing mapping) is shown to staff (TosStatus refused + TosMessage) and the TOS's own refusal raises the connection
 * alert mail; an outage is retried with bounded backoff by the `orders.tos-push` job.
 */
export function createTosDeliveryService(deps: {
  repo: OrderApprovalRepository;
  tos: TosOrderDesk;
  /** The terminal's TOS connection in use (terminal config), null when it has none. */
  connection(terminal: string): Promise<TosConnection | null>;
  /** 'Mapping biểu cước': the TOS's code of a portal tariff code, null when not mapped. */
  tosTariffCode(tariffCode: string): Promise<string | null>;
  /** The SMP → TOS alert address hears that the TOS refused an order (one mail per refusal). */
  alertRefused(detail: string, what: string): Promise<unknown>;
  retry?: TosRetry;
  now?: () => Date;
  log?: { info(o: object, m: string): void; warn(o: object, m: string): void };
}) {
  const { repo } = deps;
  const retry = deps.retry ?? tosRetry;
  const now = () => deps.now?.() ?? new Date();
  const running = new Map<string, Promise<DeliveryResult>>();

  async function refuse(orderNo: string, message: string) {
    await repo.tosRefused(orderNo, message);
    deps.log?.warn({ order: orderNo, message }, 'TOS delivery refused');
    return 'refused' as const;
  }

  async function deliverOnce(orderNo: string): Promise<DeliveryResult> {
    const order = await repo.byNo(orderNo);
    if (order?.OrderStatus !== 'C' || !['pending', 'failed'].includes(order.TosStatus)) return 'skipped';
    const containers = [];
    for (const c of await repo.containers(orderNo)) {
      const size = contSizeOf(c.IsoSizetype);
      const cargo = c.CargoTypeCode ?? (c.FE === 'E' ? 'MT' : 'GP');
      const job = await repo.tosJobCode(order.JobModeCode, size, cargo);
      if (!job) return refuse(orderNo, tosDeliveryMessages.noJobMapping(order.JobModeCode, size, cargo));
      containers.push({
        ContainerNo: c.ContainerNo,
        IsoSizetype: c.IsoSizetype,
        FE: c.FE,
        CargoTypeCode: c.CargoTypeCode,
        TosJobCode: job,
      });
    }
    const charges = [];
    for (const ch of await repo.charges(orderNo)) {
      const code = await deps.tosTariffCode(ch.TariffCode);
      if (!code) return refuse(orderNo, tosDeliveryMessages.noTariffMapping(ch.TariffCode));
      charges.push({ ContainerNo: ch.ContainerNo, TariffCode: ch.TariffCode, TosTariffCode: code, Amount: Number(ch.Amount) });
    }
    const delivery: TosOrderDelivery = {
      OrderNo: order.OrderNo,
      PinCode: order.PinCode,
      TerminalCode: order.TerminalCode,
      CustomerCode: order.CustomerCode,
      OperationCode: order.OperationCode,
      VesselKey: order.VesselKey,
      BLNo: order.BLNo,
      BookingNo: order.BookingNo,
      DepotCode: order.DepotCode,
      ExpDate: order.ExpDate ? new Date(order.ExpDate) : null,
      TotalAmount: Number(order.TotalAmount),
      ExtendsOrderNo: order.ExtendsOrderNo,
      containers,
      charges,
    };
    const conn = await deps.connection(order.TerminalCode);
    const r = conn ? await deps.tos.sendOrder(conn, delivery) : ({ ok: false, failure: 'not_configured' } as const);
    if (r.ok) {
      await repo.tosSent(orderNo, r.value.tosOrderNo);
      deps.log?.info({ order: orderNo, tosOrderNo: r.value.tosOrderNo }, 'order delivered to the TOS');
      return 'sent';
    }
    if (r.failure === 'order_refused') {
      const result = await refuse(orderNo, tosDeliveryMessages.refused(r.detail));
      await deps.alertRefused(r.detail, `gửi lệnh ${orderNo} sang TOS`);
      return result;
    }
    const attempts = order.TosAttempts + 1;
    const nextTry = attempts >= retry.maxAttempts ? null : new Date(now().getTime() + retry.backoffMs(attempts));
    const detail = 'detail' in r ? r.detail : undefined;
    await repo.tosFailed(orderNo, tosDeliveryMessages.failed(failureWords[r.failure] ?? r.failure, detail), nextTry);
    deps.log?.warn({ order: orderNo, failure: r.failure, attempts, nextTry }, 'TOS delivery failed');
    return 'failed';
  }

  return {
    /** One delivery attempt of one order (concurrent calls for the same order in this process share it). */
    deliver(orderNo: string): Promise<DeliveryResult> {
      const going = running.get(orderNo);
      if (going) return going;
      const p = deliverOnce(orderNo).finally(() => running.delete(orderNo));
      running.set(orderNo, p);
      return p;
    },

    /** The job: the approved orders whose delivery is due. */
    async pushDue(): Promise<Record<DeliveryResult, number>> {
      const counts: Record<DeliveryResult, number> = { sent: 0, refused: 0, failed: 0, skipped: 0 };
      for (const orderNo of await repo.dueTos()) counts[await this.deliver(orderNo)]++;
      return counts;
    },

    /** A cancelled order the TOS held is cancelled there too; the outcome in words (null = nothing to tell). */
    async cancelAtTos(order: { OrderNo: string; TerminalCode: string }, reason: string): Promise<string | null> {
      const conn = await deps.connection(order.TerminalCode);
      const r = conn ? await deps.tos.cancelOrder(conn, order.OrderNo, reason) : ({ ok: false, failure: 'not_configured' } as const);
      if (r.ok) return null;
      const words = r.failure === 'order_refused' ? r.detail : (failureWords[r.failure] ?? r.failure);
      deps.log?.warn({ order: order.OrderNo, failure: r.failure }, 'TOS not told of the cancellation');
      return `Chưa báo hủy được lệnh sang TOS: ${words}. Vui lòng báo TOS hủy lệnh.`;
    },
  };
}
export type TosDeliveryService = ReturnType<typeof createTosDeliveryService>;
