import { type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';
import type { Publisher } from '../../events/event-bus';
import { inOrderScope, type OrderScope } from '../../security/terminal-scope';
import {
  type ApplyDecision,
  decideApply,
  decideStart,
  maySupersede,
  type RefundReason,
  refundReason,
  type StartDecision,
} from './payment-machine';

export interface PayOrder {
  OrderNo: string;
  PinCode: string;
  TerminalCode: string;
  CustomerCode: string;
  CustomerName: string | null;
  TaxCode: string | null;
  JobModeCode: string;
  JobModeName: string | null;
  OperationCode: string | null;
  MoneyCredit: string;
  OrderStatus: string;
  TransactionId: string | null;
  TotalAmount: number;
  CurrencyCode: string;
  SkipApproval: boolean;
  TrarCount: number;
  /** Customs holds one of its containers (order_containers.cus_hold, kept by the orders from customs' answers). */
  CustomsHeld: boolean;
  /** Released against a paper D/O (a line not on eDO): staff check it, the order always waits for them. */
  PaperDo: boolean;
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
  OtpLength: number | null;
}

/** A row of the staff follow-up list (payment/followups). */
export interface Followup {
  Rowguid: string;
  Kind: 'refund' | 'invoice';
  OrderNo: string;
  PartnerCode: string | null;
  TransactionId: string | null;
  Amount: number | null;
  Reason: string;
  Status: string;
  Attempts: number;
  NextTryTime: Date | null;
  LastError: string | null;
  CreatedTime: Date;
  UpdatedTime: Date;
  OrderStatus: string | null;
  CustomerCode: string | null;
  TerminalCode: string | null;
}

/** Starts per order within `paymentStartWindow` (each click must not reach the gateway again). */
export const paymentStartLimit = { max: 10, windowMs: 600_000 } as const;
/** A live card attempt younger than this is reused by a new start (the OTP the gateway sent is still valid). */
export const cardReuseMs = 300_000;

const orderColumns = sql`o.order_no "OrderNo", o.pin_code "PinCode", o.terminal_code "TerminalCode", o.customer_code "CustomerCode",
  cu.customer_name "CustomerName", cu.tax_code "TaxCode", o.job_mode_code "JobModeCode", jm.job_mode_name "JobModeName",
  o.operation_code "OperationCode", o.money_credit "MoneyCredit", o.order_status "OrderStatus", o.transaction_id "TransactionId", o.total_amount::float8 "TotalAmount",
  o.currency_code "CurrencyCode", o.skip_approval "SkipApproval",
  (select count(*)::int from order_containers c where c.order_no = o.order_no and o.job_mode_code = 'TRAR') "TrarCount",
  exists (select 1 from order_containers c where c.order_no = o.order_no and c.cus_hold) "CustomsHeld", o.paper_do "PaperDo"`;
const attemptColumns = sql`order_no "OrderNo", partner_code "PartnerCode", idempotency_key "IdempotencyKey", amount::float8 "Amount",
  status "Status", confirming "Confirming", transaction_id "TransactionId", user_id "UserID", created_time "CreatedTime", otp_length "OtpLength"`;

const facts = (o: PayOrder) => ({
  status: o.OrderStatus,
  transactionId: o.TransactionId,
  amount: Number(o.TotalAmount),
  skipApproval: o.SkipApproval,
});

/** What the approval configuration decides about (the order's side of a rule), and whether the order skips approval. */
export type ApprovalBasis = Pick<PayOrder, 'TerminalCode' | 'JobModeCode' | 'OperationCode' | 'CustomerCode' | 'MoneyCredit'>;
export interface ApprovalDecision {
  basis: ApprovalBasis;
  skipApproval: boolean;
}
export const approvalBasis = (o: ApprovalBasis): ApprovalBasis => ({
  TerminalCode: o.TerminalCode,
  JobModeCode: o.JobModeCode,
  OperationCode: o.OperationCode,
  CustomerCode: o.CustomerCode,
  MoneyCredit: o.MoneyCredit,
});
const sameBasis = (a: ApprovalBasis, b: ApprovalBasis) =>
  a.TerminalCode === b.TerminalCode &&
  a.JobModeCode === b.JobModeCode &&
  (a.OperationCode ?? null) === (b.OperationCode ?? null) &&
  a.CustomerCode === b.CustomerCode &&
  a.MoneyCredit === b.MoneyCredit;
/**
 * Whether the order locked for payment skips approval: the decision taken for it (the approval configuration,
 * asked just before the transaction) when it was taken for this order as it is; otherwise approval is needed.
 */
export const skipsApproval = (order: ApprovalBasis, approval?: ApprovalDecision) =>
  !!approval && sameBasis(approvalBasis(order), approval.basis) && approval.skipApproval;

export type StartResult =
  | { kind: 'started'; order: PayOrder }
  | { kind: 'reused'; order: PayOrder; attempt: Attempt }
  | { kind: 'refused'; decision: StartDecision | { kind: 'busy' } | { kind: 'starting' } | { kind: 'too_many' } };
export type ApplyResult = {
  decision: ApplyDecision | { kind: 'unknown' };
  order: PayOrder | null;
  attempt: Attempt | null;
  /** Money that arrived and could not be applied: recorded for refund in the same transaction. */
  refund?: RefundReason;
};

/** A transaction whose events are published with it (the domain event bus's `transaction`). */
export type EventTransaction = <T>(fn: (tx: Db, events: Publisher | null) => Promise<T>) => Promise<T>;

/**
 * `transaction` runs the applying transaction: the event bus's, so that `order.paid` is written with the payment (the
 * plain database's without events, in unit tests).
 */
export function createPaymentsRepository(
  db: Db,
  transaction: EventTransaction = (fn) => db.transaction((tx) => fn(tx as unknown as Db, null)),
) {
  const one = async <T>(q: SQL, runner: { execute(q: SQL): Promise<unknown> } = db) => rowsOf<T>(await runner.execute(q))[0] ?? null;

  const scopedOrder = (scope: OrderScope, orderNo: string, lock = false) => sql`select ${orderColumns}
    from orders o left join customers cu on cu.customer_code = o.customer_code left join job_modes jm on jm.job_mode_code = o.job_mode_code
    where o.order_no = ${orderNo} and ${inOrderScope(scope, 'o')}
    ${lock ? sql`for update of o` : sql``}`;

  /** Money that arrived for an order no longer payable: one row per partner transaction, never dropped. */
  const recordRefund = (
    runner: { execute(q: SQL): Promise<unknown> },
    attempt: Attempt,
    transactionId: string,
    amount: number,
    reason: RefundReason,
  ) =>
    runner.execute(sql`insert into payment_followups (kind, order_no, partner_code, idempotency_key, transaction_id, amount, reason)
      values ('refund', ${attempt.OrderNo}, ${attempt.PartnerCode}, ${attempt.IdempotencyKey}, ${transactionId}, ${amount}, ${reason})
      on conflict do nothing`);

  const followupColumns = sql`f.rowguid::text "Rowguid", f.kind "Kind", f.order_no "OrderNo", f.partner_code "PartnerCode",
    f.transaction_id "TransactionId", f.amount::float8 "Amount", f.reason "Reason", f.status "Status", f.attempts "Attempts",
    f.next_try_time "NextTryTime", f.last_error "LastError", f.created_time "CreatedTime", f.updated_time "UpdatedTime",
    o.order_status "OrderStatus", o.customer_code "CustomerCode", o.terminal_code "TerminalCode"`;

  return {
    order: (scope: OrderScope, orderNo: string) => one<PayOrder>(scopedOrder(scope, orderNo)),

    /** The order by number for the server's own work (the invoice job): no caller, no scope. */
    orderByNo: (orderNo: string) =>
      one<PayOrder>(sql`select ${orderColumns} from orders o left join customers cu on cu.customer_code = o.customer_code
        left join job_modes jm on jm.job_mode_code = o.job_mode_code where o.order_no = ${orderNo}`),

    /** Follow-ups staff see: open and failed first, newest first, within the caller's order scope. */
    async followups(scope: OrderScope, limit = 500): Promise<Followup[]> {
      return rowsOf<Followup>(
        await db.execute(sql`select ${followupColumns} from payment_followups f join orders o on o.order_no = f.order_no
          where ${inOrderScope(scope, 'o')} and not (f.kind = 'invoice' and f.status = 'done')
          order by (f.status = 'done'), f.created_time desc limit ${limit}`),
      );
    },
    /** Refunds recorded for one order (what the customer is told). */
    refundsOf: (orderNo: string) =>
      db
        .execute(sql`select reason "Reason", amount::float8 "Amount", transaction_id "TransactionId", idempotency_key "IdempotencyKey"
          from payment_followups where kind = 'refund' and order_no = ${orderNo} order by created_time desc`)
        .then((r) => rowsOf<{ Reason: RefundReason; Amount: number; TransactionId: string; IdempotencyKey: string | null }>(r)),
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
      a: { partnerCode: string; key: string; userId: string; reuse?: boolean },
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
          // Card: a live attempt of the same partner still within its OTP time is the same payment,
          // not a new one; while its start is at the gateway, a second start waits (no second OTP).
          if (a.reuse && live && live.PartnerCode === a.partnerCode && Date.now() - new Date(live.CreatedTime).getTime() < cardReuseMs) {
            if (live.OtpLength == null) return { kind: 'refused', decision: { kind: 'starting' } } as const;
            return { kind: 'reused', order, attempt: live } as const;
          }
          const recent = await one<{ n: number }>(
            sql`select count(*)::int n from payments where order_no = ${orderNo}
              and created_time > now() - make_interval(secs => ${paymentStartLimit.windowMs / 1000})`,
            tx,
          );
          if ((recent?.n ?? 0) >= paymentStartLimit.max) return { kind: 'refused', decision: { kind: 'too_many' } } as const;
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
    /** The card gateway answered the start: the attempt may now be reused by a repeated start. */
    /** The card gateway took the start: its OTP length, and the MB-NAPAS fee the payer was shown for this attempt. */
    async markStarted(key: string, otpLength: number, serviceFee: number) {
      await db.execute(sql`update payments set otp_length = ${otpLength}, service_fee = ${serviceFee} where idempotency_key = ${key}`);
    },
    /** What a partner's successful payments total from `from` on (the running month's MB total of the fee tiers). */
    async paidTotalSince(partnerCode: string, from: Date): Promise<number> {
      const r = await db.execute(
        sql`select coalesce(sum(amount), 0)::float8 "Total" from payments
            where partner_code = ${partnerCode} and status = 1 and completed_time >= ${from.toISOString()}::timestamptz`,
      );
      return Number(rowsOf<{ Total: number }>(r)[0]?.Total ?? 0);
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
     * in one transaction with the attempt and the order locked, along the machine's rules. `approval` is the
     * approval configuration's decision for the order (recorded in skip_approval; without it approval is needed).
     */
    async applySuccess(key: string, paidAmount: number, transactionId: string, approval?: ApprovalDecision): Promise<ApplyResult> {
      try {
        return await transaction(async (tx, events) => {
          const attempt = await one<Attempt>(sql`select ${attemptColumns} from payments where idempotency_key = ${key} for update`, tx);
          if (!attempt) return { decision: { kind: 'unknown' }, order: null, attempt: null } as ApplyResult;
          const order = await one<PayOrder>(
            sql`select ${orderColumns} from orders o left join customers cu on cu.customer_code = o.customer_code
              left join job_modes jm on jm.job_mode_code = o.job_mode_code where o.order_no = ${attempt.OrderNo} for update of o`,
            tx,
          );
          if (!order) return { decision: { kind: 'unknown' }, order: null, attempt } as ApplyResult;
          // A container customs holds keeps the order waiting (P) whatever the approval configuration says; it goes on by
          // itself once customs releases it (customs_wait) when approval was not otherwise needed.
          const approvalSkipped = skipsApproval(order, approval) && !order.PaperDo;
          const skipApproval = approvalSkipped && !order.CustomsHeld;
          const customsWait = approvalSkipped && order.CustomsHeld;
          const decision = decideApply(
            { ...facts(order), skipApproval },
            {
              status: attempt.Status,
              confirming: attempt.Confirming,
              amount: Number(attempt.Amount),
              transactionId: attempt.TransactionId,
            },
            paidAmount,
            transactionId,
          );
          if (decision.kind === 'paid') {
            const updated = await one(
              sql`update orders set order_status = ${decision.orderStatus}, transaction_id = ${transactionId}, skip_approval = ${skipApproval},
                  customs_wait = ${customsWait}
                where order_no = ${order.OrderNo} and order_status = 'A' and transaction_id is null and total_amount = ${paidAmount} returning 1`,
              tx,
            );
            if (!updated) throw new Error('order changed under lock');
            await tx.execute(sql`update payments set status = 1, confirming = false, transaction_id = ${transactionId}, completed_time = now()
              where idempotency_key = ${key}`);
            // Paid without approval: the invoice is the server's to publish; this row is its durable to-do
            // (the publication right after payment normally clears it; the job retries it otherwise).
            if (decision.orderStatus === 'C') {
              await tx.execute(sql`insert into payment_followups (kind, order_no, partner_code, idempotency_key, transaction_id, amount, reason, next_try_time)
                values ('invoice', ${order.OrderNo}, ${attempt.PartnerCode}, ${key}, ${transactionId}, ${paidAmount}, 'publish_failed',
                  now() + interval '60 seconds') on conflict do nothing`);
            }
            // The facts, written with the payment: approval (orders) reacts in this transaction, the rest after it.
            await events?.publish('payment.recorded', {
              orderNo: order.OrderNo,
              partnerCode: attempt.PartnerCode,
              transactionId,
              amount: paidAmount,
            });
            await events?.publish('order.paid', {
              orderNo: order.OrderNo,
              payer: attempt.UserID,
              skipApproval,
              amount: paidAmount,
              transactionId,
            });
            return {
              decision,
              order: { ...order, OrderStatus: decision.orderStatus, TransactionId: transactionId, SkipApproval: skipApproval },
              attempt,
            };
          }
          if (decision.kind !== 'duplicate') {
            await tx.execute(sql`update payments set status = -1, confirming = false, transaction_id = coalesce(transaction_id, ${transactionId}),
              completed_time = coalesce(completed_time, now()) where idempotency_key = ${key} and status <> 1`);
          }
          const refund = refundReason(facts(order), decision) ?? undefined;
          if (refund) await recordRefund(tx, attempt, transactionId, paidAmount, refund);
          return { decision, order, attempt, ...(refund ? { refund } : {}) };
        });
      } catch (err) {
        // The paid-once index refused a second success that raced past the lock (another instance).
        if ((err as { code?: string }).code === '23505') {
          const attempt = await one<Attempt>(sql`select ${attemptColumns} from payments where idempotency_key = ${key}`);
          if (attempt) await recordRefund(db, attempt, transactionId, paidAmount, 'already_paid');
          return { decision: { kind: 'order_not_payable' }, order: null, attempt, refund: 'already_paid' };
        }
        throw err;
      }
    },
  };
}
export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
