import type { OrderHistoryRow, OrderHistorySortField, OrderStatus } from '@smartport/contract';
import type { Database } from '../../db/client';
import { type OrderScope, orderScopeText } from '../../security/terminal-scope';

/** The list's conditions as the service made them (period already turned into instants of port days). */
export interface HistoryWhere {
  from?: Date;
  to?: Date;
  status?: OrderStatus;
  jobMode?: string;
  terminal?: string;
  container?: string;
  document?: string;
  pin?: string;
}

export interface HistorySort {
  field: OrderHistorySortField;
  order: 'asc' | 'desc';
}

/** A list row as read, before the service names its status and writes its times as ISO text. */
export type HistoryRowRecord = Omit<OrderHistoryRow, 'OrderStatusName' | 'ExpDate' | 'CreatedTime'> & {
  ExpDate: Date | null;
  CreatedTime: Date;
};

export interface HistoryHeadRecord extends HistoryRowRecord {
  TaxCode: string | null;
  OperationCode: string | null;
  VesselName: string | null;
  Depot: string | null;
  TransactionId: string | null;
  Amount: number | null;
  VatAmount: number | null;
  RejectReason: string | null;
  Note: string | null;
  TosStatus: string;
  TosMessage: string | null;
  ApprovedBy: string | null;
  ApprovedTime: Date | null;
  CancelledBy: string | null;
  CancelledTime: Date | null;
  CompletedAt: Date | null;
  ExtendsOrderNo: string | null;
}

/** Sort columns by name: the only text of the ORDER BY, never the caller's. */
const sortColumns: Record<OrderHistorySortField, string> = {
  CreatedTime: 'o.created_time',
  OrderNo: 'o.order_no',
  TerminalCode: 'o.terminal_code',
  JobModeCode: 'o.job_mode_code',
  OrderStatus: 'o.order_status',
  TotalAmount: 'o.total_amount',
  ExpDate: 'o.exp_date',
};
const orderBy = (s: HistorySort) => {
  const dir = s.order === 'asc' ? 'asc' : 'desc';
  // The order number breaks ties, so a page boundary never shows an order twice or skips one.
  return `${sortColumns[s.field]} ${dir} nulls last, o.order_no ${dir}`;
};

const rowColumns = `o.order_no "OrderNo", o.pin_code "PinCode", o.terminal_code "TerminalCode", o.job_mode_code "JobModeCode",
  coalesce(j.job_mode_name, o.job_mode_code) "JobModeName", o.order_status "OrderStatus", (o.transaction_id is not null) "Paid",
  o.money_credit "MoneyCredit", o.total_amount::float8 "TotalAmount", o.currency_code "CurrencyCode", o.customer_code "CustomerCode",
  cu.customer_name "CustomerName", o.bl_no "BLNo", o.booking_no "BookingNo",
  array(select c.container_no from order_containers c where c.order_no = o.order_no order by 1) "ContainerNos",
  (select string_agg(i.invoice_series || '-' || i.invoice_no, ', ' order by i.issue_date, i.invoice_no)
     from invoices i where i.order_no = o.order_no and i.status = 'Y') "InvoiceNo",
  o.exp_date "ExpDate", o.created_by "CreatedBy", o.created_time "CreatedTime"`;

export function createOrderHistoryRepository(database: Database) {
  const q = database.query;
  const next = (params: unknown[], value: unknown) => `$${params.push(value)}`;

  /** The scope's condition first (terminal-scope.ts), then the filter's, all parameterised. */
  function whereOf(scope: OrderScope, w: HistoryWhere, params: unknown[]): string {
    const parts = [orderScopeText(scope, params)];
    if (w.from) parts.push(`o.created_time >= ${next(params, w.from)}`);
    if (w.to) parts.push(`o.created_time <= ${next(params, w.to)}`);
    if (w.status) parts.push(`o.order_status = ${next(params, w.status)}`);
    if (w.jobMode) parts.push(`o.job_mode_code = ${next(params, w.jobMode)}`);
    if (w.terminal) parts.push(`o.terminal_code = ${next(params, w.terminal)}`);
    if (w.container) {
      parts.push(`exists (select 1 from order_containers x where x.order_no = o.order_no
                            and starts_with(x.container_no, ${next(params, w.container)}))`);
    }
    if (w.document) {
      const v = next(params, w.document);
      parts.push(`(strpos(upper(coalesce(o.bl_no, '')), ${v}) > 0 or strpos(upper(coalesce(o.booking_no, '')), ${v}) > 0)`);
    }
    if (w.pin) {
      const v = next(params, w.pin);
      parts.push(`(o.pin_code = ${v} or split_part(o.pin_code, '-', 1) = ${v})`);
    }
    return parts.join(' and ');
  }

  return {
    async count(scope: OrderScope, w: HistoryWhere): Promise<number> {
      const params: unknown[] = [];
      const [row] = await q<{ n: number }>(`select count(*)::int n from orders o where ${whereOf(scope, w, params)}`, params);
      return row?.n ?? 0;
    },

    /** One page: the orders are chosen (sorted, limited) first, then named and joined. */
    async page(scope: OrderScope, w: HistoryWhere, sort: HistorySort, limit: number, offset: number): Promise<HistoryRowRecord[]> {
      const params: unknown[] = [];
      const where = whereOf(scope, w, params);
      const by = orderBy(sort);
      return q<HistoryRowRecord>(
        `select ${rowColumns}
           from (select * from orders o where ${where} order by ${by}
                  limit ${next(params, limit)} offset ${next(params, offset)}) o
           left join job_modes j on j.job_mode_code = o.job_mode_code
           left join customers cu on cu.customer_code = o.customer_code
          order by ${by}`,
        params,
      );
    },

    async jobModes(): Promise<{ JobModeCode: string; JobModeName: string }[]> {
      return q(`select job_mode_code "JobModeCode", job_mode_name "JobModeName" from job_modes order by job_mode_code`);
    },

    async head(scope: OrderScope, orderNo: string): Promise<HistoryHeadRecord | null> {
      const params: unknown[] = [];
      const inScope = orderScopeText(scope, params);
      const [row] = await q<HistoryHeadRecord>(
        `select ${rowColumns}, cu.tax_code "TaxCode", o.operation_code "OperationCode", v.vessel_name "VesselName",
                (select d.depot_code || ' - ' || d.depot_name from depots d
                  where d.terminal_code = o.terminal_code and d.depot_code = o.depot_code) "Depot",
                o.transaction_id "TransactionId", o.amount::float8 "Amount", o.vat_amount::float8 "VatAmount",
                o.reject_reason "RejectReason", o.note "Note", o.tos_status "TosStatus", o.tos_message "TosMessage",
                o.approved_by "ApprovedBy", o.approved_time "ApprovedTime", o.cancelled_by "CancelledBy", o.cancelled_time "CancelledTime",
                o.completed_at "CompletedAt", o.extends_order_no "ExtendsOrderNo"
           from orders o
           left join job_modes j on j.job_mode_code = o.job_mode_code
           left join customers cu on cu.customer_code = o.customer_code
           left join vessel_voyages v on v.vessel_key = o.vessel_key
          where ${inScope} and o.order_no = ${next(params, orderNo)}`,
        params,
      );
      return row ?? null;
    },

    /**
     * The order's containers, with the yard's times (allocated, gate in and out) the TOS's yard events recorded and the
     * yard block of its visit at the order's terminal (the open one, else the latest).
     */
    async containers(orderNo: string, terminal: string) {
      return q<{
        ContainerNo: string;
        IsoSizetype: string;
        FE: string;
        CargoTypeName: string | null;
        SealNo: string | null;
        MCWeight: number | null;
        Amount: number;
        CusHold: boolean | null;
        AllocatedAt: Date | null;
        GateIn: Date | null;
        GateOut: Date | null;
        Block: string | null;
      }>(
        `select c.container_no "ContainerNo", c.iso_sizetype "IsoSizetype", c.fe "FE", ct.cargo_type_name "CargoTypeName",
                c.seal_no "SealNo", c.mc_weight::float8 "MCWeight", c.amount::float8 "Amount", c.cus_hold "CusHold",
                c.allocated_at "AllocatedAt", c.gate_in_time "GateIn", c.gate_out_time "GateOut",
                (select p.block from port_containers p where p.terminal_code = $2 and p.container_no = c.container_no
                  order by (p.date_out is null) desc, p.date_in desc limit 1) "Block"
           from order_containers c left join cargo_types ct on ct.cargo_type_code = c.cargo_type_code
          where c.order_no = $1 order by c.container_no`,
        [orderNo, terminal],
      );
    },

    /** The order's extension (gia hạn) waiting for payment, if any, and the extensions it has had. */
    async extensions(orderNo: string) {
      return q<{
        OrderNo: string;
        PinCode: string;
        ExpDate: Date;
        TotalAmount: number;
        OrderStatus: string;
        TransactionId: string | null;
        CreatedTime: Date;
      }>(
        `select order_no "OrderNo", pin_code "PinCode", exp_date "ExpDate", total_amount::float8 "TotalAmount", order_status "OrderStatus",
                transaction_id "TransactionId", created_time "CreatedTime"
           from orders where extends_order_no = $1 and order_status <> 'D' order by created_time`,
        [orderNo],
      );
    },

    async charges(orderNo: string) {
      return q<{
        LineNo: number;
        ContainerNo: string | null;
        TariffCode: string;
        TariffName: string;
        Quantity: number;
        Unit: string;
        UnitPrice: number;
        Amount: number;
        VatRate: number;
        VatAmount: number;
        Total: number;
      }>(
        `select line_no "LineNo", container_no "ContainerNo", tariff_code "TariffCode", tariff_name "TariffName",
                quantity::float8 "Quantity", unit "Unit", unit_price::float8 "UnitPrice", amount::float8 "Amount",
                vat_rate::int "VatRate", vat_amount::float8 "VatAmount", total::float8 "Total"
           from order_charges where order_no = $1 order by line_no`,
        [orderNo],
      );
    },

    async invoices(orderNo: string) {
      return q<{
        InvoiceSeries: string;
        InvoiceNo: string;
        TaxAuthorityCode: string | null;
        Status: string;
        Amount: number;
        IssueDate: Date;
      }>(
        `select invoice_series "InvoiceSeries", invoice_no "InvoiceNo", tax_authority_code "TaxAuthorityCode", status "Status",
                amount::float8 "Amount", issue_date "IssueDate"
           from invoices where order_no = $1 order by issue_date, invoice_no`,
        [orderNo],
      );
    },

    async invoiceCancellations(orderNo: string) {
      return q<{ InvoiceNo: string | null; Step: string; Message: string | null; CreatedBy: string | null; CreatedTime: Date }>(
        `select invoice_no "InvoiceNo", step "Step", message "Message", created_by "CreatedBy", created_time "CreatedTime"
           from invoice_cancellations where order_no = $1 order by created_time`,
        [orderNo],
      );
    },

    async payments(orderNo: string) {
      return q<{
        PartnerCode: string;
        Amount: number;
        Status: number;
        TransactionId: string | null;
        UserID: string | null;
        CreatedTime: Date;
        CompletedTime: Date | null;
      }>(
        `select partner_code "PartnerCode", amount::float8 "Amount", status::int "Status", transaction_id "TransactionId",
                user_id "UserID", created_time "CreatedTime", completed_time "CompletedTime"
           from payments where order_no = $1 order by created_time`,
        [orderNo],
      );
    },
  };
}
export type OrderHistoryRepository = ReturnType<typeof createOrderHistoryRepository>;
