import type { Outcome } from '../outcome';

/** A transfer the bank booked into the port's account. */
export interface QrTransfer {
  transactionId: string;
  amount: number;
  /** The transfer note the payer's app took from the QR (the portal's `SMP <code>`). */
  note: string;
  account: string;
}

/** The bank's server-to-server notice of a transfer, as it arrives at the portal's notice call. */
export interface SignedQrNotice extends QrTransfer {
  checksum: string;
}

/** The port: the bank that receives VietQR transfers (e.g. MB). The QR itself is EMVCo, built by the portal. */
export interface VietQrBank {
  /** Tells the bank where to send its notices. */
  registerWebhook(url: string): Promise<Outcome<void>>;
  /** Transfers booked with this note (the reconciliation of lost notices). */
  transfers(note: string): Promise<Outcome<QrTransfer[]>>;
  /** Checks a notice's signature; the transfer when it is the bank's. */
  readNotice(notice: SignedQrNotice): { ok: true; transfer: QrTransfer } | { ok: false; failure: 'bad_checksum' };
}
