/** The fields of a pending order row (spec 02 §3) the payment flow needs. H8's list passes its rows as these. */
export interface PendingOrderRef {
  OrderNo: string;
  PinCode?: string | null;
  TotalAmount?: number | string | null;
  CurrencyCode?: string | null;
  MoneyCredit?: string | null;
  JobModeCode?: string | null;
  JobModeName?: string | null;
  /** Number of container rows with job mode TRAR on this order (≥ 5 → the bill-of-lading warning). */
  TrarCount?: number;
}

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
  order: PendingOrderRef;
  open: boolean;
  onClose(): void;
  onDone(result: PaymentOutcome): void;
}
