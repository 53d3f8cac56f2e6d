import { boolean, integer, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { rowguid } from '../../db/columns';
import { terminals } from '../shell/terminals.table';

/** Payment partners per terminal (spec 03 §3 'Payment partner'; screen /config/pay_partner_config). */
export const payPartners = pgTable(
  'pay_partners',
  {
    Rowguid: rowguid(),
    TerminalCode: varchar('terminal_code', { length: 10 })
      .notNull()
      .references(() => terminals.TerminalCode),
    partnerCode: varchar('partner_code', { length: 20 }).notNull(),
    bankCode: varchar('bank_code', { length: 20 }).notNull(),
    bankName: text('bank_name'),
    partnerName: text('partner_name'),
    reconFolder: text('recon_folder'),
    isQR: boolean('is_qr').notNull().default(false),
    visible: boolean('visible').notNull().default(true),
    orderBy: integer('order_by').notNull().default(0),
  },
  (t) => [uniqueIndex('pay_partners_key_uq').on(t.TerminalCode, t.partnerCode, t.bankCode)],
);
