import type { Outcome, PartnerDown } from '../outcome';

/** One card payment as the portal asks for it. Card data passes through: nothing keeps or logs it. */
export interface CardTransfer {
  /** The portal's idempotency key of the attempt: the gateway knows the transfer by it. */
  merchantRef: string;
  amount: number;
  cardNumber: string;
  cardDate: string;
  cardName: string;
}

/** The gateway verified the card and sent the cardholder an OTP (its length when the gateway says). */
export type CardStart = { ok: true; otpLength: number | null } | { ok: false; failure: 'declined'; detail?: string } | PartnerDown;

export type CardConfirm =
  | { ok: true; transactionId: string; amount: number }
  /** Wrong OTP, the transfer is still open: `attemptsLeft` more tries. */
  | { ok: false; failure: 'wrong_otp'; attemptsLeft: number }
  /** The gateway ended the transfer (the last OTP was wrong, or it had failed before). */
  | { ok: false; failure: 'transfer_failed' }
  | PartnerDown;

/** The port: the card + OTP gateway (e.g. MB), in the portal's words. */
export interface CardGateway {
  /** Does a card of this BIN (first 6 digits) carry an expiry date (true) or an issue date (false)? */
  checkCard(bin: string): Promise<Outcome<{ isExpireDate: boolean }>>;
  startTransfer(t: CardTransfer): Promise<CardStart>;
  confirm(merchantRef: string, otp: string): Promise<CardConfirm>;
}
