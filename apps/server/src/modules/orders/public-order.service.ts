import { orderStatusNames } from '@smartport/contract';
import { AppError, notFound } from '../../http/errors';
import type { OrderLinks } from '../../security/order-links';
import type { ReleasePoint } from '../admin/admin-rules.service';
import type { OrdersRepository } from './orders.repository';

export { orderStatusNames };

const cargoTypeNames: Record<string, string> = {
  GP: 'Hàng khô',
  MT: 'Rỗng',
  RF: 'Hàng lạnh',
  DG: 'Hàng nguy hiểm',
  OG: 'Hàng quá khổ',
};

export const publicOrderMessages = {
  invalid: 'Liên kết xem lệnh không hợp lệ. Vui lòng kiểm tra lại đường dẫn hoặc mã QR.',
  expired: 'Liên kết xem lệnh đã hết hạn. Vui lòng liên hệ cảng hoặc mở lại lệnh từ tài khoản của bạn.',
  missing: 'Không tìm thấy lệnh.',
};

/** The public order view behind an order's `ord_url` (DESIGN.md §8): a signed, expiring token per order. */
export function createPublicOrderService(deps: {
  repo: OrdersRepository;
  links: OrderLinks;
  /** The release point serving each yard block of a terminal (admin's 'Cấu hình điểm thu phí theo block'). */
  releasePointsFor: (terminal: string, blocks: readonly (string | null)[]) => Promise<Map<string | null, ReleasePoint | null>>;
}) {
  return {
    linkToken: (orderNo: string, expiresAt?: Date): string => deps.links.linkToken(orderNo, expiresAt),

    async view(token: string) {
      const link = deps.links.read(token);
      if (!link) throw new AppError(400, publicOrderMessages.invalid, 'invalid');
      if (link.e * 1000 < Date.now()) throw new AppError(410, publicOrderMessages.expired, 'expired');
      const found = await deps.repo.orderWithContainers(link.o);
      if (!found) throw notFound(publicOrderMessages.missing);
      const { order, containers } = found;
      // The gate pass says where the truck's papers are released: the release point of each container's yard block.
      const points = await deps.releasePointsFor(order.TerminalCode, [...new Set(containers.map((c) => c.Block))]);
      const pointOf = (block: string | null) => points.get(block)?.Label ?? null;
      return {
        ...order,
        JobModeName: order.JobModeName ?? order.JobModeCode,
        OrderStatusName: orderStatusNames[order.OrderStatus] ?? order.OrderStatus,
        ExpDate: order.ExpDate?.toISOString() ?? null,
        CreatedTime: order.CreatedTime.toISOString(),
        GateQr: `SMP|${order.TerminalCode}|${order.OrderNo}|${order.PinCode}`,
        containers: containers.map((c) => ({
          ContainerNo: c.ContainerNo,
          IsoSizetype: c.IsoSizetype,
          FE: c.FE,
          CargoTypeName: c.CargoTypeCode ? (cargoTypeNames[c.CargoTypeCode] ?? c.CargoTypeCode) : null,
          SealNo: c.SealNo,
          MCWeight: c.MCWeight,
          Block: c.Block,
          ReleasePoint: pointOf(c.Block),
        })),
        ReleasePoints: [...new Set(containers.map((c) => pointOf(c.Block)).filter((p): p is string => p !== null))],
      };
    },
  };
}
export type PublicOrderService = ReturnType<typeof createPublicOrderService>;
