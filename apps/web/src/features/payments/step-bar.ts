/**
 * The payment dialog's step bar (Thanh toán → Xuất hóa đơn → Thành công/Lỗi) from the dialog's
 * stage: a failure shows as failure on the step that failed ('error'), and a step is ticked only
 * when it really finished (a failed payment never ticks 'Thanh toán' or 'Xuất hóa đơn').
 */
export type StepStage =
  | { kind: 'pay' }
  | { kind: 'invoice' }
  | { kind: 'success' }
  | { kind: 'error'; failedStep: 'payment' | 'invoice' | 'before' };

export interface StepBar {
  current: number;
  status: 'process' | 'finish' | 'error';
  /** Whether the last step reads 'Lỗi' instead of 'Thành công'. */
  lastIsError: boolean;
}

export function stepBar(stage: StepStage): StepBar {
  switch (stage.kind) {
    case 'pay':
      return { current: 0, status: 'process', lastIsError: false };
    case 'invoice':
      return { current: 1, status: 'process', lastIsError: false };
    case 'success':
      return { current: 2, status: 'finish', lastIsError: false };
    case 'error':
      // The payment failed (or never started): step 0 is the failed one; the invoice failed: step 1.
      return { current: stage.failedStep === 'invoice' ? 1 : 0, status: 'error', lastIsError: true };
  }
}
