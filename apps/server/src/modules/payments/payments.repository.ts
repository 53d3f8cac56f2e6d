import { type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';
import { inOrderScope, type OrderScope } from '../../security/terminal-scope';
import { type ApplyDecision, decideApply, decideStart, maySupersede, type StartDecision } from './payment-machine';

export interface PayOrder {
  OrderNo: string;
  PinCode: string;
  TerminalCode: string;
  CustomerCode: string;
  CustomerName: string | null;
  TaxCode: string | null;
  JobModeCode: string;
  JobModeName: string | null;
  MoneyCredit: string;
  OrderStatus: string;
  TransactionId: string | null;
  TotalAmount: number;
  CurrencyCode: string;
  SkipApproval: boolean;
  TrarCount: number;
}

export interface Attempt {
  OrderNo: string;
  PartnerCode: string;
  IdempotencyKey: string;
  Amount: number;
  Status: number;
  Confirming: boolean;
  TransactionId: string | null;
  UserID: string | null;
  CreatedTime: Date;
}

const orderColumns = sql`o.order_no "OrderNo", o.pin_code "PinCode", o.terminal_code "TerminalCode", o.customer_code "CustomerCode",
  cu.customer_name "CustomerName", cu.tax_code "TaxCode", o.job_mode_code "JobModeCode", jm.job_mode_name "JobModeName",
  o.money_credit "MoneyCredit", o.order_status "OrderStatus", o.transaction_id "TransactionId", o.total_amount::float8 "TotalAmount",
  o.currency_code "CurrencyCode", o.skip_approval "SkipApproval",
  (select count(*)::int from order_containers c where c.order_no = o.order_no and o.job_mode_code = 'TRAR') "TrarCount"`;
const attemptColumns = sql`order_no "OrderNo", partner_code "PartnerCode", idempotency_key "IdempotencyKey", amount::float8 "Amount",
  status "Status", confirming "Confirming", transaction_id "TransactionId", user_id "UserID", created_time "CreatedTime"`;

const facts = (o: PayOrder) => ({
  status: o.OrderStatus,
  transactionId: o.TransactionId,
  amount: Number(o.TotalAmount),
  skipApproval: o.SkipApproval,
});

export type StartResult = { kind: 'started'; order: PayOrder } | { kind: 'refused'; decision: StartDecision | { kind: 'busy' } };
export type ApplyResult = { decision: ApplyDecision | { kind: 'unknown' }; order: PayOrder | null; attempt: Attempt | null };

export function createPaymentsRepository(db: Db) {
  const one = async <T>(q: SQL, runner: { execute(q: SQL): Promise<unknown> } = db) => rowsOf<T>(await runner.execute(q))[0] ?? null;

  const scopedOrder = (scope: OrderScope, orderNo: string, lock = false) => sql`select ${orderColumns}
    from orders o left join customers cu on cu.customer_code = o.customer_code left join job_modes jm on jm.job_mode_code = o.job_mode_code
    where o.order_no = ${orderNo} and ${inOrderScope(scope, 'o')}
    ${lock ? sql`for update of o` : sql``}`;

  return {
    order: (scope: OrderScope, orderNo: string) => one<PayOrder>(scopedOrder(scope, orderNo)),

    attempt: (key: string) => one<Attempt>(sql`select ${attemptColumns} from payments where idempotency_key = ${key}`),

    /** Pending bank-page attempts older than `olderThanMs` (reconciliation). */
    async pendingAttempts(partnerCode: string, olderThanMs: number): Promise<Attempt[]> {
      return rowsOf<Attempt>(
        await db.execute(sql`select ${attemptColumns} from payments where partner_code = ${partnerCode} and status = 0
          and created_time < now() - make_interval(secs => ${olderThanMs / 1000}) order by created_time limit 100`),
      );
    },

    /**
     * A new attempt for an unpaid order, in one transaction: lock the order, check the machine,
     * supersede the live attempt (unless its partner is confirming it), insert the new one. The
     * unique index on the live attempt refuses a racing second insert.
     */
    async startAttempt(
      scope: OrderScope,
      orderNo: string,
      a: { partnerCode: string; key: string; userId: string },
    ): Promise<StartResult | null> {
      try {
        return await db.transaction(async (tx) => {
          const order = await one<PayOrder>(scopedOrder(scope, orderNo, true), tx);
          if (!order) return null;
          const decision = decideStart(facts(order));
          if (decision.kind !== 'ok') return { kind: 'refused', decision } as const;
          const live = await one<Attempt>(
            sql`select ${attemptColumns} from payments where order_no = ${orderNo} and status = 0 for update`,
            tx,
          );
          if (live && !maySupersede({ status: live.Status, confirming: live.Confirming, amount: Number(live.Amount) })) {
            return { kind: 'refused', decision: { kind: 'busy' } } as const;
          }
          if (live)
            await tx.execute(
              sql`update payments set status = -1, completed_time = now() where idempotency_key = ${live.IdempotencyKey} and status = 0`,
            );
          await tx.execute(sql`insert into payments (order_no, partner_code, idempotency_key, amount, status, user_id)
            values (${orderNo}, ${a.partnerCode}, ${a.key}, ${Number(order.TotalAmount)}, 0, ${a.userId})`);
          return { kind: 'started', order } as const;
        });
      } catch (err) {
        if ((err as { code?: string }).code === '23505' || /duplicate key|unique/i.test(String((err as Error).message))) {
          return { kind: 'refused', decision: { kind: 'busy' } };
        }
        throw err;
      }
    },

    /** Claims a live attempt for confirmation at the partner; false when it is not live or already claimed. */
    async claim(key: string): Promise<boolean> {
      const row = await one(
        sql`update payments set confirming = true where idempotency_key = ${key} and status = 0 and not confirming returning 1`,
      );
      return !!row;
    },
    async release(key: string) {
      await db.execute(sql`update payments set confirming = false where idempotency_key = ${key}`);
    },
    async fail(key: string) {
      await db.execute(
        sql`update payments set status = -1, confirming = false, completed_time = now() where idempotency_key = ${key} and status <> 1`,
      );
    },

    /**
     * The partner says the attempt was paid `paidAmount` with `transactionId`: applied at most once,
     * in one transaction with the attempt and the order locked, along the machine's rules.
     */
    async applySuccess(key: string, paidAmount: number, transactionId: string): Promise<ApplyResult> {
      try {
        return await db.transaction(async (tx) => {
          const attempt = await one<Attempt>(sql`select ${attemptColumns} from payments where idempotency_key = ${key} for update`, tx);
          if (!attempt) return { decision: { kind: 'unknown' }, order: null, attempt: null } as ApplyResult;
          const order = await one<PayOrder>(
            sql`select ${orderColumns} from orders o left join customers cu on cu.customer_code = o.customer_code
              left join job_modes jm on jm.job_mode_code = o.job_mode_code where o.order_no = ${attempt.OrderNo} for update of o`,
            tx,
          );
          if (!order) return { decision: { kind: 'unknown' }, order: null, attempt } as ApplyResult;
          const decision = decideApply(
            facts(order),
            { status: attempt.Status, confirming: attempt.Confirming, amount: Number(attempt.Amount) },
            paidAmount,
          );
          if (decision.kind === 'paid') {
            const updated = await one(
              sql`update orders set order_status = ${decision.orderStatus}, transaction_id = ${transactionId}
                where order_no = ${order.OrderNo} and order_status = 'A' and transaction_id is null and total_amount = ${paidAmount} returning 1`,
              tx,
            );
            if (!updated) throw new Error('order changed under lock');
            await tx.execute(sql`update payments set status = 1, confirming = false, transaction_id = ${transactionId}, completed_time = now()
              where idempotency_key = ${key}`);
            return { decision, order: { ...order, OrderStatus: decision.orderStatus, TransactionId: transactionId }, attempt };
          }
          if (decision.kind !== 'duplicate') {
            await tx.execute(sql`update payments set status = -1, confirming = false, transaction_id = ${transactionId}, completed_time = now()
              where idempotency_key = ${key} and status <> 1`);
          }
          return { decision, order, attempt };
        });
      } catch (err) {
        // The paid-once index refused a second success that raced past the lock (another instance).
        if ((err as { code?: string }).code === '23505') {
          return { decision: { kind: 'order_not_payable' }, order: null, attempt: null };
        }
        throw err;
      }
    },
  };
}
export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
