import { index, pgSequence, pgTable, text, uuid, varchar } from 'drizzle-orm/pg-core';
import { rowguid, tz } from '../../db/columns';
import { terminals } from '../shell/terminals.table';

/** Numbers of the eDOs: 'EDO' + 7 digits (edo.repository.ts). */
export const edoNoSeq = pgSequence('edo_no_seq', { startWith: 1 });

/**
 * Electronic delivery orders (eDO): a shipping line releases containers of an import bill at a terminal to a consignee
 * (and a party acting for it) until a day (docs/decisions.md 'eDO release'). A: active, R: revoked; expiry is read
 * from ValidUntil.
 */
export const edos = pgTable(
  'edos',
  {
    EdoNo: varchar('edo_no', { length: 30 }).primaryKey(),
    TerminalCode: varchar('terminal_code', { length: 10 })
      .notNull()
      .references(() => terminals.TerminalCode),
    OperationCode: varchar('operation_code', { length: 10 }).notNull(),
    BLNo: varchar('bl_no', { length: 50 }).notNull(),
    ConsigneeTaxCode: varchar('consignee_tax_code', { length: 20 }).notNull(),
    /** A forwarder or trucking company the consignee lets act for it (orders it pays are accepted too). */
    AgentTaxCode: varchar('agent_tax_code', { length: 20 }),
    /** The end of the last day (port time) the containers may be picked up. */
    ValidUntil: tz('valid_until').notNull(),
    Status: varchar('status', { length: 1 }).notNull().default('A'),
    Note: text('note'),
    IssuedBy: varchar('issued_by', { length: 50 }).notNull(),
    IssuedTime: tz('issued_time').notNull().defaultNow(),
    RevokedBy: varchar('revoked_by', { length: 50 }),
    RevokedTime: tz('revoked_time'),
    RevokeReason: text('revoke_reason'),
  },
  (t) => [index('edos_line_idx').on(t.OperationCode, t.IssuedTime), index('edos_bill_idx').on(t.BLNo)],
);

/** The containers an eDO releases. */
export const edoContainers = pgTable(
  'edo_containers',
  {
    Rowguid: rowguid(),
    EdoNo: varchar('edo_no', { length: 30 })
      .notNull()
      .references(() => edos.EdoNo, { onDelete: 'cascade' }),
    ContainerNo: varchar('container_no', { length: 11 }).notNull(),
  },
  (t) => [index('edo_containers_edo_idx').on(t.EdoNo), index('edo_containers_cntr_idx').on(t.ContainerNo)],
);

/** Who did what to an eDO and when: issue, amend, revoke, and the orders that used it or were cancelled with it. */
export const edoEvents = pgTable(
  'edo_events',
  {
    Rowguid: uuid('rowguid').primaryKey().defaultRandom(),
    EdoNo: varchar('edo_no', { length: 30 })
      .notNull()
      .references(() => edos.EdoNo, { onDelete: 'cascade' }),
    Kind: varchar('kind', { length: 10 }).notNull(),
    By: varchar('by_user', { length: 50 }),
    At: tz('at').notNull().defaultNow(),
    Detail: text('detail'),
  },
  (t) => [index('edo_events_edo_idx').on(t.EdoNo, t.At)],
);
