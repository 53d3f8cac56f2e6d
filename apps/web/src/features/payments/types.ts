import type { PendingOrderRow } from '@smartport/contract';

/** The fields of a pending order row (spec 02 §3) the payment flow reads; each row pays its own order. */
export type PayableOrder = Pick<PendingOrderRow, 'OrderNo' | 'PinCode' | 'TotalAmount' | 'TrarCount'>;

/** What the payment dialog reports when it closes after the flow ran. */
export interface PaymentOutcome {
  /** OrderNos that were paid. */
  paid: string[];
  /** OrderNos whose invoice was published. */
  invoiced: string[];
  /** Last message shown (success or error). */
  message?: string;
  success: boolean;
}

export interface PaymentDialogProps {
  /** The order being paid: each pending row offers its own pay button (spec 02 §2.1), one order per payment. */
  order: PayableOrder;
  open: boolean;
  onClose(): void;
  onDone(result: PaymentOutcome): void;
}
