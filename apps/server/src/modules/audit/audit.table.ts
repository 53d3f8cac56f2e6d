import { bigserial, index, jsonb, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { tz } from '../../db/columns';

/**
 * The audit trail ('Nhật ký thay đổi'): one row per change to configuration, grants, accounts and approvals. Append-only:
 * the application only inserts, and a trigger (migration 0031_audit_log.sql) refuses UPDATE and DELETE. `Changes` holds
 * the changed fields only, `{field: {before, after}}`, secrets replaced by the mask before the row is written.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    Id: bigserial('id', { mode: 'number' }).primaryKey(),
    ChangedTime: tz('changed_time').notNull().defaultNow(),
    /** Who: the signed-in user; 'system' for the server's own changes (seed, jobs, payments without a person). */
    UserID: varchar('user_id', { length: 100 }).notNull(),
    UserName: text('user_name'),
    /** From where: the client's address as the server sees it (behind the configured proxy trust). */
    ClientIp: varchar('client_ip', { length: 64 }),
    /** What: the kind of thing ('grid:standard_tariff', 'form:mail_config', 'sftp_account', 'grant', 'order' …). */
    EntityKind: varchar('entity_kind', { length: 80 }).notNull(),
    EntityKey: text('entity_key').notNull(),
    /** create | update | delete | approve | reject | cancel | write | restart */
    Action: varchar('action', { length: 20 }).notNull(),
    Changes: jsonb('changes').notNull(),
  },
  (t) => [
    index('audit_log_time_idx').on(t.ChangedTime),
    index('audit_log_entity_idx').on(t.EntityKind, t.ChangedTime),
    index('audit_log_user_idx').on(t.UserID, t.ChangedTime),
  ],
);
