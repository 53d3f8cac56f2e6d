import { boolean, pgTable, text, uuid, varchar } from 'drizzle-orm/pg-core';

export const terminals = pgTable('terminals', {
  TerminalCode: varchar('terminal_code', { length: 10 }).primaryKey(),
  TerminalName: text('terminal_name').notNull(),
  TerminalNameEnglish: text('terminal_name_english').notNull(),
  Address: text('address').notNull(),
  Tel: varchar('tel', { length: 50 }).notNull(),
  Fax: varchar('fax', { length: 50 }).notNull(),
  Web: varchar('web', { length: 200 }).notNull(),
  ChartColor: varchar('chart_color', { length: 9 }).notNull(),
  IsActive: boolean('is_active').notNull().default(true),
  /** The terminal's company tax code: the seller (NBan MST) of its e-invoices; none → its invoices are not issued. */
  TaxCode: varchar('tax_code', { length: 14 }),
  /** Rows of the contact screen (/config/contact_config) are addressed by it, like every grid row. */
  Rowguid: uuid('rowguid').notNull().unique().defaultRandom(),
});
