import { paymentLimits } from '@smartport/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';
import { inOrderScope, type OrderScope } from '../../security/terminal-scope';

interface RedeemOrder {
  OrderNo: string;
  CustomerCode: string;
  TerminalCode: string;
  JobModeCode: string;
  OrderStatus: string;
  TransactionId: string | null;
  TotalAmount: number;
}

/** A stored charge line as the discount needs it. */
export interface RedeemCharge {
  LineNo: number;
  ChargeKind: string;
  JobModeCode: string;
  VatRate: number;
  Total: number;
}

export interface DiscountLine {
  LineNo: number;
  JobModeCode: string;
  Points: number;
  PointValue: number;
  /** Before VAT, VAT and total of the discount: negative. */
  Amount: number;
  VatRate: number;
  VatAmount: number;
  Total: number;
}

/** The loyalty discount line of an order: order_charges and the order's totals, in the redeeming transaction. */
export function createOrderLoyaltyRepository(db: Db) {
  const all = async <T>(q: SQL) => rowsOf<T>(await db.execute(q));
  const one = async <T>(q: SQL) => (await all<T>(q))[0] ?? null;
  const orderColumns = sql`o.order_no "OrderNo", o.customer_code "CustomerCode", o.terminal_code "TerminalCode",
    o.job_mode_code "JobModeCode", o.order_status "OrderStatus", o.transaction_id "TransactionId", o.total_amount::float8 "TotalAmount"`;

  return {
    order: (scope: OrderScope, orderNo: string, lock = false) =>
      one<RedeemOrder>(
        sql`select ${orderColumns} from orders o where o.order_no = ${orderNo} and ${inOrderScope(scope, 'o')}
          ${lock ? sql`for update of o` : sql``}`,
      ),

    /** A payment attempt still live (the partner may charge the amount it was started with). */
    async livePayment(orderNo: string): Promise<boolean> {
      return !!(await one(
        sql`select 1 "x" from payments where order_no = ${orderNo} and status = 0
          and created_time > now() - make_interval(secs => ${paymentLimits.bankTimeoutMs / 1000}) limit 1`,
      ));
    },

    charges: (orderNo: string) =>
      all<RedeemCharge>(
        sql`select line_no "LineNo", charge_kind "ChargeKind", job_mode_code "JobModeCode", vat_rate "VatRate", total::float8 "Total"
          from order_charges where order_no = ${orderNo} order by line_no`,
      ),

    /** The discount line after the last line, and the order's money lowered by it. */
    async addDiscount(orderNo: string, d: DiscountLine) {
      await db.execute(sql`insert into order_charges (order_no, line_no, container_no, job_mode_code, job_mode_name, charge_kind, source,
          tariff_code, tariff_name, quantity, unit, unit_price, tariff_currency, tariff_price, amount, vat_rate, vat_amount, total, explanation)
        values (${orderNo}, ${d.LineNo}, null, ${d.JobModeCode}, 'Điểm tích lũy', 'discount', 'standard', 'LOYALTY', 'Điểm tích lũy Loyalty',
          1, 'Lần', ${d.Amount}, 'VND', ${d.Amount}, ${d.Amount}, ${d.VatRate}, ${d.VatAmount}, ${d.Total},
          ${`Dùng ${d.Points} điểm × ${d.PointValue} VNĐ`})`);
      await db.execute(sql`update orders set total_amount = total_amount + ${d.Total},
          amount = case when amount is null then null else amount + ${d.Amount} end,
          vat_amount = case when vat_amount is null then null else vat_amount + ${d.VatAmount} end
        where order_no = ${orderNo}`);
    },
  };
}
export type OrderLoyaltyRepository = ReturnType<typeof createOrderLoyaltyRepository>;
