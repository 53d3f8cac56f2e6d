/**
 * Every table of the portal, gathered for drizzle-kit (drizzle.config.ts: migrations are generated from this file)
 * and for the code that reads several modules' tables (repositories' joins, the grid mechanism, the seed).
 * Each table lives next to the module that owns it (`modules/<m>/<m>.table.ts` or `<thing>.table.ts`; a mechanism's
 * table in its folder): this file only re-exports them. A new table = its `*.table.ts` + one line here + a migration
 * (`npm run db:generate`); test/unit/schema-migrations.test.ts fails while the tables and the migrations differ.
 */

export * from '../events/outbox.table';
export * from '../jobs/scheduled-jobs.table';
export * from '../modules/admin/admin.table';
export * from '../modules/admin/requests.table';
export * from '../modules/approval/approval.table';
export * from '../modules/attach-config/attach-config.table';
export * from '../modules/audit/audit.table';
export * from '../modules/auth/auth.table';
export * from '../modules/bookings/bookings.table';
export * from '../modules/catalogs/catalogs.table';
export * from '../modules/catalogs/commodity-links.table';
export * from '../modules/compare/compare.table';
export * from '../modules/connection-alerts/connection-alerts.table';
export * from '../modules/customs/customs-scan.table';
export * from '../modules/customs/declarations.table';
export * from '../modules/edo/edo.table';
export * from '../modules/invoices/invoices.table';
export * from '../modules/loyalty/loyalty.table';
export * from '../modules/mail/mail-orders.table';
export * from '../modules/mail/mail-queue.table';
export * from '../modules/mail/report-mail.table';
export * from '../modules/notices/notices.table';
export * from '../modules/orders/orders.table';
export * from '../modules/pay-partners/pay-partners.table';
export * from '../modules/payments/payments.table';
export * from '../modules/ratings/ratings.table';
export * from '../modules/report-schedules/report-schedules.table';
export * from '../modules/shell/menus.table';
export * from '../modules/shell/terminals.table';
export * from '../modules/site-config/site-config.table';
export * from '../modules/stats/stats.table';
export * from '../modules/storage-rules/storage-rules.table';
export * from '../modules/tariffs/tariffs.table';
export * from '../modules/tos-mappings/tos-mappings.table';
export * from '../settings-form/settings-store.table';
