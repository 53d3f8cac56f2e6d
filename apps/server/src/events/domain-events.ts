/**
 * The domain events: facts one module owns and publishes, that other modules react to (events/event-bus.ts). The only
 * way one module reacts to another's facts. Payloads are JSON (they are kept in the outbox for after-commit handlers).
 */
export interface DomainEvents {
  /** An order was saved from the order screens (status A, waiting for payment). Owner: orders. */
  'order.saved': { orderNo: string; terminal: string; by: string };
  /**
   * Money was applied to an order (payments, in the applying transaction). `skipApproval`: the approval configuration
   * let it through (status C, approved at once); otherwise it waits for staff (P).
   */
  'order.paid': { orderNo: string; payer: string | null; skipApproval: boolean; amount: number; transactionId: string };
  /** A credit customer's order was confirmed to be paid later (orders): C when `skipApproval`, else P. */
  'order.payLaterConfirmed': { orderNo: string; by: string; skipApproval: boolean };
  /**
   * An order became C and its approver was recorded (orders): by staff (`by`), or at once after payment (`payer`) or a
   * pay-later confirmation. What follows (invoice, TOS, mail orders, the creator's live notice) are its handlers.
   */
  'order.approved': { orderNo: string; by: string | null; payer: string | null; createdBy: string | null };
  /** Staff rejected a waiting order (P → D). */
  'order.rejected': { orderNo: string; by: string; reason: string; createdBy: string | null };
  /** Staff cancelled an approved order (C → D). */
  'order.cancelled': { orderNo: string; by: string; reason: string; createdBy: string | null };
  /** The customer (or staff) deleted an unpaid order from the home page (A → D, no money taken) (home). */
  'order.deleted': { orderNo: string; by: string };
  /**
   * The TOS allocated (PB) containers of an approved order: the yard planned where they come from or go to (orders,
   * from the TOS's yard events). `at` is the TOS's time (ISO). Published once per order, when its last container is
   * allocated; `containerNos` are all its containers.
   */
  'order.allocated': { orderNo: string; containerNos: string[]; at: string };
  /** A container of an order passed the gate (in or out) at the TOS's time `at` (ISO) (orders). */
  'order.gatePassed': { orderNo: string; containerNo: string; direction: 'in' | 'out'; at: string };
  /** Every container of an order passed the gate: the order is completed (HT) (orders). */
  'order.completed': { orderNo: string; at: string };
  /**
   * A truck came after an order's expiry: an extension order (gia hạn) for the extra storage/reefer time was made and
   * waits for payment; the gate refuses the container until it is paid (orders).
   */
  'order.extensionDue': { orderNo: string; extensionOrderNo: string; containerNos: string[]; amount: number };
  /** An order's e-invoice was issued (invoices); `pdfUrl`: the provider's PDF of it, when it gives one. */
  'invoice.issued': { orderNo: string; invoiceNo: string; by: string | null; pdfUrl?: string | null };
  /** An order's e-invoice was cancelled with the provider (invoices). */
  'invoice.cancelled': { orderNo: string; invoiceNo: string | null; by: string | null };
  /** A payment attempt was recorded as paid (payments); the order's side is `order.paid`. */
  'payment.recorded': { orderNo: string; partnerCode: string; transactionId: string; amount: number };
  /**
   * Customs answered for containers (a 367 or 363 answer) and their open yard visits took the status (customs). The
   * orders re-read their holds: a waiting order whose last held container was released goes on.
   */
  'customs.statusRecorded': { containerNos: string[] };
  /**
   * A shipping line revoked an eDO (edo, in the revoking transaction): the orders against it not yet approved are
   * cancelled in the same transaction (orders; money taken recorded for refund).
   */
  'edo.revoked': { edoNo: string; by: string; reason: string; orders: { orderNo: string; status: 'A' | 'P' }[] };
  /** A settings form was saved (settings-form mechanism). */
  'settings.changed': { form: string; scope: string | null; by: string | null };
  /**
   * Too many failed logins of an existing account from anywhere: it is locked until `until` (ISO) (auth). The mail
   * module tells the user, when the account has an address.
   */
  'account.locked': { userId: string; userName: string; email: string | null; until: string; failures: number; ip: string };
}

export type EventName = keyof DomainEvents;
