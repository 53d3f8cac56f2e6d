import { sql } from 'drizzle-orm';
import type { Database } from '../client';
import { payPartners } from '../schema';
import { allTerminalCodes } from './terminals.data';

/** Demo payment partners for every terminal: card + OTP (MB), bank page (VCB_NAPAS), VietQR on MB. */
export const payPartnerSeed = [
  {
    partnerCode: 'MB',
    bankCode: 'MB',
    bankName: 'Ngân hàng TMCP Quân đội',
    partnerName: 'Thẻ nội địa / quốc tế (OTP)',
    isQR: false,
    orderBy: 1,
  },
  {
    partnerCode: 'VCB_NAPAS',
    bankCode: 'VCB',
    bankName: 'Ngân hàng TMCP Ngoại thương Việt Nam',
    partnerName: 'Cổng NAPAS (trang ngân hàng)',
    isQR: false,
    orderBy: 2,
  },
  {
    partnerCode: 'VIETQR',
    bankCode: 'MB',
    bankName: 'Ngân hàng TMCP Quân đội',
    partnerName: 'Chuyển khoản VietQR',
    isQR: true,
    orderBy: 3,
  },
] as const;

/** Seeds the partners once (an administrator's later edits are kept). */
export async function seedPayPartners(database: Database) {
  const [row] = await database.db.select({ n: sql<number>`count(*)::int` }).from(payPartners);
  if (row?.n) return;
  await database.db
    .insert(payPartners)
    .values(allTerminalCodes.flatMap((TerminalCode) => payPartnerSeed.map((p) => ({ ...p, TerminalCode, visible: true }))))
    .onConflictDoNothing();
}
