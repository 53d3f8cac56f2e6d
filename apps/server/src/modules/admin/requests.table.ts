import { index, integer, pgTable, text, uuid, varchar } from 'drizzle-orm/pg-core';
import { rowguid, tz } from '../../db/columns';
import { terminals } from '../shell/terminals.table';

/**
 * Requests to the portal's contractor ('Quản lý yêu cầu', spec 03 §2.5, §3 Issue), per terminal. Planner (the
 * requester's name) and PlannerID are the creator's, set by the server; ReleaseDate set = completed.
 */
export const issues = pgTable(
  'issues',
  {
    Rowguid: rowguid(),
    TerminalCode: varchar('terminal_code', { length: 10 })
      .notNull()
      .references(() => terminals.TerminalCode),
    IssueName: text('issue_name').notNull(),
    IssueType: varchar('issue_type', { length: 30 }).notNull(),
    Planner: text('planner').notNull(),
    PlannerID: varchar('planner_id', { length: 50 }).notNull(),
    Performer: varchar('performer', { length: 100 }),
    PerformerComment: text('performer_comment'),
    ReleaseDate: tz('release_date'),
    ReleaseComment: text('release_comment'),
    CreatedTime: tz('created_time').notNull().defaultNow(),
    UpdatedBy: varchar('updated_by', { length: 50 }),
    UpdatedTime: tz('updated_time'),
  },
  (t) => [index('issues_terminal_idx').on(t.TerminalCode, t.CreatedTime)],
);

/**
 * Images of a request, each one file of the upload store (folder = ImageID, name chosen by the server). An image
 * uploaded but not yet saved with a request has no IssueRowguid; the upload cleanup job removes it after a grace period.
 */
export const issueImages = pgTable(
  'issue_images',
  {
    ImageID: uuid('image_id').primaryKey().defaultRandom(),
    IssueRowguid: uuid('issue_rowguid').references(() => issues.Rowguid, { onDelete: 'set null' }),
    FileName: varchar('file_name', { length: 40 }).notNull(),
    Mime: varchar('mime', { length: 50 }).notNull(),
    Size: integer('size').notNull(),
    CreatedBy: varchar('created_by', { length: 50 }).notNull(),
    CreatedTime: tz('created_time').notNull().defaultNow(),
    OrderBy: integer('order_by').notNull().default(0),
  },
  (t) => [index('issue_images_issue_idx').on(t.IssueRowguid), index('issue_images_pending_idx').on(t.CreatedTime)],
);
