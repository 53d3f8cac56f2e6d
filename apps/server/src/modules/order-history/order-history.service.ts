import {
  type CallRequest,
  type calls,
  formatPortTime,
  type OrderHistoryEvent,
  orderHistoryLimits,
  orderHistoryMessages,
  orderStatusNames,
  portDayEnd,
  portFormats,
  portInstantChecked,
  type TosStatus,
  tosStatusNames,
  yardStateNames,
} from '@smartport/contract';
import type { AuthUser } from '../../http/context';
import { badRequest, notFound } from '../../http/errors';
import { orderReach } from '../../security/order-access';
import type { OrderLinks } from '../../security/order-links';
import type { ReleasePoint } from '../admin/admin-rules.service';
import type { HistoryHeadRecord, HistoryRowRecord, HistorySort, HistoryWhere, OrderHistoryRepository } from './order-history.repository';

type C = typeof calls.orderHistory;
type Filter = CallRequest<C['exportOrderHistory']>;

const iso = (d: Date | string | null) => (d == null ? null : new Date(d).toISOString());

const paymentStatusNames: Record<number, string> = { [-1]: 'Thất bại', 0: 'Chưa hoàn tất', 1: 'Thành công' };
const invoiceStatusNames: Record<string, string> = { Y: 'Đã phát hành', C: 'Đã hủy' };
const money = (n: number) => `${Math.round(n).toLocaleString('vi-VN')} VNĐ`;

function toWire<R extends HistoryRowRecord>(row: R) {
  return {
    ...row,
    OrderStatusName: orderStatusNames[row.OrderStatus] ?? row.OrderStatus,
    ExpDate: iso(row.ExpDate),
    CreatedTime: iso(row.CreatedTime) as string,
  };
}

/** 'YYYY-MM-DD' of the port calendar → that day's first (or last) instant; a day that does not exist is a 400. */
function portDay(text: string | undefined, label: string, end: boolean): Date | undefined {
  if (!text) return undefined;
  const [y, m, d] = text.split('-').map(Number);
  const start = portInstantChecked(y as number, m as number, d as number);
  if (!start) throw badRequest(orderHistoryMessages.badDate(label));
  return end ? portDayEnd(start) : start;
}

function whereOf(f: Filter): HistoryWhere {
  const from = portDay(f.FromDate, 'Từ ngày', false);
  const to = portDay(f.ToDate, 'Đến ngày', true);
  if (from && to && from > to) throw badRequest(orderHistoryMessages.badPeriod);
  return {
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    ...(f.OrderStatus ? { status: f.OrderStatus } : {}),
    ...(f.JobModeCode ? { jobMode: f.JobModeCode } : {}),
    ...(f.TerminalCode ? { terminal: f.TerminalCode } : {}),
    ...(f.ContainerNo ? { container: f.ContainerNo } : {}),
    ...(f.BLNo ? { document: f.BLNo } : {}),
    ...(f.PinCode ? { pin: f.PinCode } : {}),
  };
}

const sortOf = (f: Filter): HistorySort => ({ field: f.SortField, order: f.SortOrder });

/** What happened to an order, from the facts its rows keep (no event table: each fact has its own time column). */
export function orderTimeline(facts: {
  head: HistoryHeadRecord;
  payments: Awaited<ReturnType<OrderHistoryRepository['payments']>>;
  invoices: Awaited<ReturnType<OrderHistoryRepository['invoices']>>;
  cancellations: Awaited<ReturnType<OrderHistoryRepository['invoiceCancellations']>>;
  containers: { ContainerNo: string; AllocatedAt: string | null; GateInTime: string | null; GateOutTime: string | null }[];
  extensions: { OrderNo: string; ExpDate: Date; TotalAmount: number; CreatedTime: Date }[];
}): OrderHistoryEvent[] {
  const { head } = facts;
  const events: OrderHistoryEvent[] = [
    {
      Time: iso(head.CreatedTime),
      Kind: 'created',
      Title: 'Tạo lệnh',
      Detail: `${head.JobModeName} · ${money(head.TotalAmount)}`,
      By: head.CreatedBy,
    },
  ];
  for (const p of facts.payments) {
    if (p.Status === 1) {
      events.push({
        Time: iso(p.CompletedTime ?? p.CreatedTime),
        Kind: 'paid',
        Title: 'Thanh toán thành công',
        Detail: `${p.PartnerCode} · ${money(p.Amount)}${p.TransactionId ? ` · mã giao dịch ${p.TransactionId}` : ''}`,
        By: p.UserID,
      });
    } else if (p.Status === -1) {
      events.push({
        Time: iso(p.CompletedTime ?? p.CreatedTime),
        Kind: 'payFailed',
        Title: 'Thanh toán thất bại',
        Detail: p.PartnerCode,
        By: p.UserID,
      });
    }
  }
  if (head.ApprovedTime)
    events.push({ Time: iso(head.ApprovedTime), Kind: 'approved', Title: 'Duyệt lệnh', Detail: null, By: head.ApprovedBy });
  if (head.OrderStatus === 'D') {
    // Staff reject an order waiting for approval with a reason; an approved order is cancelled; the customer deletes an unpaid one.
    const rejected = !head.ApprovedTime && !!head.RejectReason;
    events.push({
      Time: iso(head.CancelledTime),
      Kind: rejected ? 'rejected' : 'cancelled',
      Title: rejected ? 'Từ chối lệnh' : 'Hủy lệnh',
      Detail: head.RejectReason ?? head.Note,
      By: head.CancelledBy,
    });
  }
  for (const i of facts.invoices) {
    events.push({
      Time: iso(i.IssueDate),
      Kind: 'invoiced',
      Title: 'Phát hành hóa đơn',
      Detail: `${i.InvoiceSeries}-${i.InvoiceNo}`,
      By: null,
    });
  }
  for (const c of facts.cancellations.filter((s) => s.Step === 'provider_cancelled')) {
    events.push({
      Time: iso(c.CreatedTime),
      Kind: 'invoiceCancelled',
      Title: 'Hủy hóa đơn',
      Detail: c.InvoiceNo ?? c.Message,
      By: c.CreatedBy,
    });
  }
  // The order reached PB when the TOS allocated its first container; HT when its last one left.
  const allocated = facts.containers
    .map((c) => c.AllocatedAt)
    .filter((a): a is string => !!a)
    .sort();
  if (allocated[0])
    events.push({
      Time: allocated[0],
      Kind: 'allocated',
      Title: yardStateNames.allocated,
      Detail: `${allocated.length}/${facts.containers.length} container`,
      By: null,
    });
  if (head.CompletedAt)
    events.push({ Time: iso(head.CompletedAt), Kind: 'completed', Title: yardStateNames.completed, Detail: null, By: null });
  for (const x of facts.extensions)
    events.push({
      Time: iso(x.CreatedTime),
      Kind: 'extension',
      Title: 'Gia hạn lệnh',
      Detail: `${x.OrderNo} · đến ${formatPortTime(x.ExpDate, portFormats.dateTimeMinutes)} · ${money(x.TotalAmount)}`,
      By: null,
    });
  for (const c of facts.containers) {
    if (c.GateInTime) events.push({ Time: c.GateInTime, Kind: 'gateIn', Title: 'Container vào cổng', Detail: c.ContainerNo, By: null });
    if (c.GateOutTime) events.push({ Time: c.GateOutTime, Kind: 'gateOut', Title: 'Container ra cổng', Detail: c.ContainerNo, By: null });
  }
  const timed = events.filter((e) => e.Time).sort((a, b) => (a.Time as string).localeCompare(b.Time as string));
  // Facts without a recorded time (an order deleted before cancellations were timed, the TOS's current answer) come last.
  const untimed = events.filter((e) => !e.Time);
  if (head.TosStatus !== 'none') {
    untimed.push({
      Time: null,
      Kind: 'tos',
      Title: tosStatusNames[head.TosStatus as TosStatus] ?? head.TosStatus,
      Detail: head.TosMessage,
      By: null,
    });
  }
  return [...timed, ...untimed];
}

export function createOrderHistoryService(deps: {
  repo: OrderHistoryRepository;
  publicOrders: Pick<OrderLinks, 'linkToken'>;
  /** Where the e-invoice provider serves an issued invoice's PDF (its port's `pdfUrl`). */
  invoicePdfUrl: (invoice: { InvoiceSeries: string; InvoiceNo: string }) => string | null;
  /** The release point serving each yard block of a terminal (admin's 'Cấu hình điểm thu phí theo block'). */
  releasePointsFor: (terminal: string, blocks: readonly (string | null)[]) => Promise<Map<string | null, ReleasePoint | null>>;
}) {
  const { repo } = deps;

  return {
    /** One page of the caller's orders and how many match in all. */
    async list(user: AuthUser, input: CallRequest<C['listOrderHistory']>) {
      const scope = orderReach(user);
      const where = whereOf(input);
      const [total, rows] = await Promise.all([
        repo.count(scope, where),
        repo.page(scope, where, sortOf(input), input.PageSize, (input.Page - 1) * input.PageSize),
      ]);
      return { rows: rows.map(toWire), total };
    },

    /** Every order the filter matches, in the list's order; more than the export carries is refused, never cut short. */
    async exportRows(user: AuthUser, input: Filter) {
      const scope = orderReach(user);
      const where = whereOf(input);
      const total = await repo.count(scope, where);
      if (total > orderHistoryLimits.maxExport) throw badRequest(orderHistoryMessages.tooMany(total, orderHistoryLimits.maxExport));
      return (await repo.page(scope, where, sortOf(input), orderHistoryLimits.maxExport, 0)).map(toWire);
    },

    /** The caller's latest orders of every status (the home page). */
    async recent(user: AuthUser, count = 5) {
      const rows = await repo.page(orderReach(user), {}, { field: 'CreatedTime', order: 'desc' }, count, 0);
      return rows.map(toWire);
    },

    jobModes: () => repo.jobModes(),

    /** One order the caller reaches; any other (another customer's, another terminal's) is not found. */
    async detail(user: AuthUser, orderNo: string) {
      const head = await repo.head(orderReach(user), orderNo);
      if (!head) throw notFound(orderHistoryMessages.notFound);
      const [containerRows, charges, invoices, cancellations, payments, extensions] = await Promise.all([
        repo.containers(head.OrderNo, head.TerminalCode),
        repo.charges(head.OrderNo),
        repo.invoices(head.OrderNo),
        repo.invoiceCancellations(head.OrderNo),
        repo.payments(head.OrderNo),
        repo.extensions(head.OrderNo),
      ]);
      const points = await deps.releasePointsFor(head.TerminalCode, [...new Set(containerRows.map((c) => c.Block))]);
      const pointOf = (block: string | null) => points.get(block)?.Label ?? null;
      const containers = containerRows.map(({ AllocatedAt, GateIn, GateOut, ...c }) => ({
        ...c,
        ReleasePoint: pointOf(c.Block),
        AllocatedAt: iso(AllocatedAt),
        GateInTime: iso(GateIn),
        GateOutTime: iso(GateOut),
      }));
      const unpaid = [...extensions].reverse().find((x) => x.OrderStatus === 'A' && !x.TransactionId && new Date(x.ExpDate) > new Date());
      const {
        TosStatus,
        TosMessage: _tosMessage,
        ApprovedBy: _approvedBy,
        ApprovedTime: _approvedTime,
        CancelledBy: _cancelledBy,
        CancelledTime: _cancelledTime,
        CompletedAt,
        ExtendsOrderNo,
        ...rest
      } = head;
      const yard = CompletedAt ? 'completed' : containers.some((c) => c.AllocatedAt) ? 'allocated' : 'none';
      return {
        ...toWire(rest),
        TosStatusName: tosStatusNames[TosStatus as TosStatus] ?? TosStatus,
        ord_url: `/order/${deps.publicOrders.linkToken(head.OrderNo)}`,
        YardStateName: yardStateNames[yard],
        CompletedAt: iso(CompletedAt),
        ExtendsOrderNo,
        ExtensionDue: unpaid
          ? {
              OrderNo: unpaid.OrderNo,
              PinCode: unpaid.PinCode,
              ExtendsOrderNo: head.OrderNo,
              ExpDate: iso(unpaid.ExpDate) as string,
              TotalAmount: unpaid.TotalAmount,
              OrderStatus: unpaid.OrderStatus,
            }
          : null,
        ReleasePoints: [...new Set(containers.map((c) => c.ReleasePoint).filter((p): p is string => p !== null))],
        containers,
        charges,
        invoices: invoices.map((i) => ({
          ...i,
          StatusName: invoiceStatusNames[i.Status] ?? i.Status,
          IssueDate: iso(i.IssueDate) as string,
          pdf_url: i.Status === 'Y' ? deps.invoicePdfUrl(i) : null,
        })),
        payments: payments.map(({ UserID: _user, ...p }) => ({
          ...p,
          StatusName: paymentStatusNames[p.Status] ?? String(p.Status),
          CreatedTime: iso(p.CreatedTime) as string,
          CompletedTime: iso(p.CompletedTime),
        })),
        events: orderTimeline({ head, payments, invoices, cancellations, containers, extensions }),
      };
    },
  };
}
export type OrderHistoryService = ReturnType<typeof createOrderHistoryService>;
