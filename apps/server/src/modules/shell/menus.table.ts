import { integer, pgTable, primaryKey, text, varchar } from 'drizzle-orm/pg-core';
import { userGroups } from '../auth/auth.table';

export const menus = pgTable('menus', {
  MenuID: varchar('menu_id', { length: 50 }).primaryKey(),
  ParentID: varchar('parent_id', { length: 50 }),
  MenuName: text('menu_name').notNull(),
  Path: varchar('path', { length: 200 }),
  ViewClass: varchar('view_class', { length: 50 }),
  ViewPage: varchar('view_page', { length: 100 }),
  Icon: varchar('icon', { length: 50 }),
  OrderBy: integer('order_by').notNull().default(0),
});

export const groupMenus = pgTable(
  'group_menus',
  {
    UserGroupCode: varchar('user_group_code', { length: 50 })
      .notNull()
      .references(() => userGroups.UserGroupCode, { onDelete: 'cascade' }),
    MenuID: varchar('menu_id', { length: 50 })
      .notNull()
      .references(() => menus.MenuID, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.UserGroupCode, t.MenuID] })],
);
