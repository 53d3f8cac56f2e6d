import { boolean, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { rowguid, tz } from '../../db/columns';

/** Notifications shown to signed-in users (spec 01 §2 notification configuration). */
export const notifications = pgTable(
  'notifications',
  {
    Rowguid: rowguid(),
    MailTitle: text('mail_title').notNull(),
    NotifyContent: text('notify_content'),
    NotifyFrom: tz('notify_from').notNull(),
    NotifyTo: tz('notify_to').notNull(),
    NotifyNote: text('notify_note'),
    IsActive: boolean('is_active').notNull().default(true),
  },
  (t) => [
    uniqueIndex('notifications_key_uq').on(t.MailTitle, t.NotifyFrom),
    index('notifications_window_idx').on(t.NotifyFrom, t.NotifyTo),
  ],
);
