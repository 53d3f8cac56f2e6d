import type { napasData } from '@smartport/contract';
import type { z } from 'zod';
import type { Outcome } from '../outcome';

/** The fields the bank signs (the contract's `napasData`: the browser sees and returns them as they are). */
export type NapasData = z.infer<typeof napasData>;

/** The bank's result exactly as it signed it: the portal shows it to the browser, which sends it back to be checked. */
export interface SignedBankResult {
  data: NapasData;
  checksum: string;
}

/** What a signed result means to the portal (the checksum is checked first). */
export type BankPageResult =
  | { state: 'bad_checksum' }
  | { state: 'pending'; requestId: string }
  | { state: 'paid'; requestId: string; amount: number; transactionId: string }
  /** The customer cancelled at the bank, or the bank ended the payment. */
  | { state: 'cancelled'; requestId: string };

export interface BankPagePayment {
  /** The portal's code of the attempt. */
  requestId: string;
  orderNo: string;
  amount: number;
  /** Where the bank sends its signed notice, and where the browser goes back; absent until the portal knows its address. */
  notifyUrl?: string;
  returnUrl?: string;
}

/** The port: the hosted bank page (e.g. VCB_NAPAS). */
export interface BankPageGateway {
  /** Registers the payment; the browser is sent to `paymentUrl`. */
  create(p: BankPagePayment): Promise<Outcome<{ paymentUrl: string }>>;
  /** Asks the bank for the payment's signed result (the poll and the reconciliation). */
  status(requestId: string): Promise<Outcome<{ signed: SignedBankResult; result: BankPageResult }>>;
  /** Reads a signed result that reached the portal another way (the bank's notice, the browser). */
  read(signed: SignedBankResult): BankPageResult;
}
