import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { groupMenus, menus, terminals } from '../../db/schema';
import { inTerminals } from '../../security/terminal-scope';

export function createShellRepository(db: Db) {
  return {
    /** Menu entries granted to a group, in display order. */
    async grantedMenus(userGroupCode: string) {
      return db
        .select({
          MenuID: menus.MenuID,
          ParentID: menus.ParentID,
          MenuName: menus.MenuName,
          Path: menus.Path,
          ViewClass: menus.ViewClass,
          ViewPage: menus.ViewPage,
          Icon: menus.Icon,
          OrderBy: menus.OrderBy,
        })
        .from(menus)
        .innerJoin(groupMenus, eq(groupMenus.MenuID, menus.MenuID))
        .where(eq(groupMenus.UserGroupCode, userGroupCode))
        .orderBy(asc(menus.OrderBy));
    },

    async allMenus() {
      return db.select().from(menus).orderBy(asc(menus.OrderBy));
    },

    async terminals(codes: readonly string[]) {
      return db
        .select({
          TerminalCode: terminals.TerminalCode,
          TerminalName: terminals.TerminalName,
          TerminalNameEnglish: terminals.TerminalNameEnglish,
          Address: terminals.Address,
          Tel: terminals.Tel,
          Fax: terminals.Fax,
          Web: terminals.Web,
          ChartColor: terminals.ChartColor,
        })
        .from(terminals)
        .where(inTerminals(terminals.TerminalCode, codes))
        .orderBy(asc(terminals.TerminalCode));
    },
  };
}
export type ShellRepository = ReturnType<typeof createShellRepository>;
