import type { CallRequest, calls, OrderStatus } from '@smartport/contract';
import type { AuthUser } from '../../http/context';
import { badRequest, notFound } from '../../http/errors';
import { assertOrderActor, orderReach } from '../../security/order-access';
import { orderStatusNames, type PublicOrderService } from '../orders/public-order.service';
import type { HomeRepository, OrderFilter, OrderRowRecord } from './home.repository';

/** The most container rows one list answers (the newest orders first). */
export const ORDER_ROW_LIMIT = 2000;

export const homeMessages = {
  missing: 'Không tìm thấy lệnh.',
  deleted: 'Xóa thành công lệnh.',
  onlyUnpaid: (orderNo: string, status: string) =>
    `Không thể xóa lệnh ${orderNo}: lệnh đang ở trạng thái "${status}". Chỉ xóa được lệnh chưa thanh toán (trạng thái A).`,
  cancelled: 'Lệnh đã bị hủy.',
  /** Money may still arrive for a live attempt; the order stays until the attempt ends. */
  livePayment: (orderNo: string) =>
    `Không thể xóa lệnh ${orderNo}: lệnh đang có giao dịch thanh toán chưa kết thúc. Quý khách vui lòng hoàn tất thanh toán hoặc thử lại sau khi giao dịch kết thúc (tối đa 30 phút).`,
};

const iso = (d: Date | string | null) => (d == null ? null : new Date(d).toISOString());
const statusName = (s: OrderStatus) => orderStatusNames[s] ?? s;

function toWire(row: OrderRowRecord) {
  return { ...row, OrderStatusName: statusName(row.OrderStatus), ExpDate: iso(row.ExpDate), CreatedTime: iso(row.CreatedTime) as string };
}

export function createHomeService(deps: {
  repo: HomeRepository;
  publicOrders: Pick<PublicOrderService, 'linkToken'>;
  /** Where the e-invoice provider serves an issued invoice's PDF (its port's `pdfUrl`). */
  invoicePdfUrl?: (invoice: { InvoiceSeries: string; InvoiceNo: string }) => string | null;
}) {
  const { repo } = deps;

  async function headOrThrow(user: AuthUser, orderNo: string) {
    const head = await repo.orderHead(orderReach(user), orderNo);
    if (!head) throw notFound(homeMessages.missing);
    return head;
  }

  return {
    /** PinCodes → the tracking list; FindValue → search by PIN, order or container number; neither → orders awaiting payment. */
    async orderRows(user: AuthUser, input: CallRequest<typeof calls.home.dashboardTracking>) {
      const pins = [...new Set((input.PinCodes ?? []).map((p) => p.trim()).filter(Boolean))];
      const filter: OrderFilter = pins.length
        ? { kind: 'pins', pins }
        : input.FindValue
          ? { kind: 'find', value: input.FindValue.trim() }
          : { kind: 'pending' };
      const rows = await repo.orderRows(orderReach(user), filter, { attach: !!input.getAttach, limit: ORDER_ROW_LIMIT });
      return rows.map(toWire);
    },

    pendingCount: (user: AuthUser) => repo.pendingCount(orderReach(user)),

    /** Delete = cancel (status D), allowed only while the order is unpaid (status A, no transaction). */
    async deleteOrder(user: AuthUser, orderNo: string) {
      assertOrderActor(user);
      const head = await headOrThrow(user, orderNo);
      const cancelled = await repo.cancelUnpaid(orderReach(user), orderNo, user.UserID);
      if (cancelled === 'cancelled') return homeMessages.deleted;
      if (cancelled === 'live_attempt') throw badRequest(homeMessages.livePayment(orderNo));
      const now = (await repo.orderHead(orderReach(user), orderNo)) ?? head;
      throw badRequest(
        homeMessages.onlyUnpaid(orderNo, now.TransactionId && now.OrderStatus === 'A' ? 'Đã thanh toán' : statusName(now.OrderStatus)),
      );
    },

    async files(user: AuthUser, orderNo: string) {
      await headOrThrow(user, orderNo);
      const files = await repo.files(orderNo);
      return files.map((f) => ({
        Rowguid: f.Rowguid,
        FileName: f.FileName,
        ContentType: f.ContentType,
        FileSize: f.FileSize,
        CreatedTime: iso(f.CreatedTime) as string,
        DataUrl: `data:${f.ContentType};base64,${Buffer.from(f.Content).toString('base64')}`,
      }));
    },

    /** spec 02 §3 "Order result / QR items": the QR and the public order link (DESIGN.md §8), and the invoice when issued. */
    async qrItems(user: AuthUser, orderNo: string) {
      const head = await headOrThrow(user, orderNo);
      const invoices = await repo.invoicesOf(orderNo);
      const link = `/order/${deps.publicOrders.linkToken(orderNo)}`;
      return [
        {
          OrderNo: head.OrderNo,
          PinCode: head.PinCode,
          JobModeName: head.JobModeName,
          MoneyCredit: head.MoneyCredit,
          InvoiceNo: invoices.length ? invoices.map((i) => `${i.InvoiceSeries}-${i.InvoiceNo}`).join(', ') : null,
          isSplitInvoice: invoices.length > 1,
          qr_url: link,
          ord_url: link,
          // The (first) issued invoice's PDF; a split invoice lists its numbers, each PDF from the provider.
          pdf_url: invoices[0] ? (deps.invoicePdfUrl?.(invoices[0]) ?? null) : null,
          error: head.OrderStatus === 'D' ? homeMessages.cancelled : null,
        },
      ];
    },

    async orderState(user: AuthUser, orderNo: string) {
      const head = await headOrThrow(user, orderNo);
      return {
        OrderNo: head.OrderNo,
        PinCode: head.PinCode,
        OrderStatus: head.OrderStatus,
        OrderStatusName: statusName(head.OrderStatus),
        TransactionId: head.TransactionId,
        paid: !!head.TransactionId,
      };
    },
  };
}
export type HomeService = ReturnType<typeof createHomeService>;
