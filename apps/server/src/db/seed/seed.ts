import { menuCatalog } from '@smartport/contract';
import { eq, inArray, notInArray, sql } from 'drizzle-orm';
import { systemActor } from '../../http/actor';
import { auditRow } from '../../modules/audit/audit-recorder.service';
import { hashPassword } from '../../security/password-hash';
import type { Database } from '../client';
import { auditLog, groupMenus, menus, orders, terminals, userGroups, users } from '../schema';
import { defaultGrants, demoUsers, groupSeed } from './access.data';
import { seedAdmin } from './admin.data';
import { seedDemoApproval } from './approval.data';
import { seedApprovalQueue } from './approval-queue.data';
import { seedDemoBookings } from './bookings.data';
import { seedDepots } from './catalogs.data';
import { seedDemoData } from './demo-data';
import { seedDemoEdos } from './edo.data';
import { seedPayPartners } from './pay-partners.data';
import { seedDemoYard, seedPortContainers } from './port-containers.data';
import { seedDemoTariffs } from './tariffs.data';
import { allTerminalCodes, terminalSeed } from './terminals.data';

export interface SeedOptions {
  demo: boolean;
  seedOrders: number;
  adminPassword?: string | undefined;
  log?: (msg: string) => void;
}

export interface SeedResult {
  demoLogins: { UserID: string; password: string; group: string }[];
  seededOrders: number;
}

/** Brings reference data (terminals, groups, menus, grants) up to date on every start; demo data once. */
export async function seedDatabase(database: Database, options: SeedOptions): Promise<SeedResult> {
  const { db } = database;
  const log = options.log ?? (() => {});

  for (const t of terminalSeed) {
    await db
      .insert(terminals)
      .values(t)
      .onConflictDoUpdate({ target: terminals.TerminalCode, set: { ChartColor: t.ChartColor } });
  }

  await db.transaction(async (tx) => {
    // Entries this database has not had before: existing groups get them by their default grants (below).
    const knownMenus = new Set((await tx.select({ id: menus.MenuID }).from(menus)).map((m) => m.id));
    for (const [i, m] of menuCatalog.entries()) {
      const row = {
        MenuID: m.id,
        ParentID: m.parent,
        MenuName: m.title,
        Path: 'path' in m ? m.path : null,
        ViewClass: 'viewClass' in m ? m.viewClass : null,
        ViewPage: 'viewPage' in m ? m.viewPage : null,
        Icon: 'icon' in m ? m.icon : null,
        OrderBy: i + 1,
      };
      await tx.insert(menus).values(row).onConflictDoUpdate({ target: menus.MenuID, set: row });
    }
    await tx.delete(menus).where(
      notInArray(
        menus.MenuID,
        menuCatalog.map((m) => m.id),
      ),
    );

    const existing = new Set((await tx.select({ c: userGroups.UserGroupCode }).from(userGroups)).map((g) => g.c));
    const granted: { UserGroupCode: string; MenuID: string }[] = [];
    for (const g of groupSeed) {
      if (existing.has(g.UserGroupCode)) {
        // A group made by an earlier version gets a new entry's default grant once, when the entry first appears;
        // grants an administrator took away from an entry it already had are not given back.
        const grants = defaultGrants[g.UserGroupCode];
        const fresh = (grants === 'all' ? menuCatalog.map((m) => m.id) : (grants ?? [])).filter((id) => !knownMenus.has(id));
        if (knownMenus.size && fresh.length) {
          granted.push(
            ...(await tx
              .insert(groupMenus)
              .values(fresh.map((MenuID) => ({ UserGroupCode: g.UserGroupCode, MenuID })))
              .onConflictDoNothing()
              .returning({ UserGroupCode: groupMenus.UserGroupCode, MenuID: groupMenus.MenuID })),
          );
        }
        continue;
      }
      await tx.insert(userGroups).values(g);
      const grants = defaultGrants[g.UserGroupCode];
      const ids = grants === 'all' ? menuCatalog.map((m) => m.id) : (grants ?? []);
      if (ids.length) {
        await tx.insert(groupMenus).values(ids.map((MenuID) => ({ UserGroupCode: g.UserGroupCode, MenuID })));
      }
    }
    // The administrators' group always holds every entry, new ones included.
    granted.push(
      ...(await tx
        .insert(groupMenus)
        .values(menuCatalog.map((m) => ({ UserGroupCode: 'ADMIN', MenuID: m.id })))
        .onConflictDoNothing()
        .returning({ UserGroupCode: groupMenus.UserGroupCode, MenuID: groupMenus.MenuID })),
    );
    // Grants the start gave to a database that had its menus already are changes like any other: in the audit trail,
    // by the system, with the grants (a first install's grants are the install itself, not changes).
    if (knownMenus.size && granted.length) {
      await tx
        .insert(auditLog)
        .values(
          granted.map((gm) =>
            auditRow({ entity: 'grant', key: `${gm.UserGroupCode} / ${gm.MenuID}`, action: 'create', after: gm, actor: systemActor }),
          ),
        );
    }
  });

  const demoLogins: SeedResult['demoLogins'] = [];
  if (options.demo) {
    const have = new Set(
      (
        await db
          .select({ id: users.UserID })
          .from(users)
          .where(
            inArray(
              users.UserID,
              demoUsers.map((u) => u.UserID),
            ),
          )
      ).map((u) => u.id),
    );
    for (const u of demoUsers) {
      demoLogins.push({ UserID: u.UserID, password: u.password, group: u.UserGroupCode });
      if (have.has(u.UserID)) continue;
      await db.insert(users).values({
        UserID: u.UserID,
        UserName: u.UserName,
        UserGroupCode: u.UserGroupCode,
        TerminalCodes: u.TerminalCodes === 'all' ? [...allTerminalCodes] : [...u.TerminalCodes],
        CustomerCode: u.CustomerCode,
        OperationCode: 'OperationCode' in u ? u.OperationCode : null,
        Email: u.Email,
        Phone: u.Phone,
        PasswordHash: await hashPassword(u.password),
      });
    }
  } else {
    const [admins] = await db.select({ n: sql<number>`count(*)::int` }).from(users).where(eq(users.UserGroupCode, 'ADMIN'));
    if (!admins?.n) {
      if (options.adminPassword) {
        await db.insert(users).values({
          UserID: 'admin',
          UserName: 'Quản trị hệ thống',
          UserGroupCode: 'ADMIN',
          TerminalCodes: [...allTerminalCodes],
          PasswordHash: await hashPassword(options.adminPassword),
        });
        log('Đã tạo tài khoản quản trị "admin" từ ADMIN_PASSWORD.');
      } else {
        log('Chưa có tài khoản quản trị và không có ADMIN_PASSWORD: không tạo tài khoản mặc định.');
      }
    }
  }

  let seededOrders = 0;
  if (options.demo) {
    await seedPayPartners(database);
    await seedAdmin(database);
    await seedDepots(database);
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(orders);
    if (!row?.n) {
      log(`Đang tạo dữ liệu mẫu (${options.seedOrders} lệnh)…`);
      await seedDemoData(database, { orders: options.seedOrders });
      await seedDemoApproval(database);
      await seedDemoTariffs(database, new Date());
      await seedApprovalQueue(database);
      await seedPortContainers(database);
      await seedDemoYard(database);
      await seedDemoEdos(database);
      await seedDemoBookings(database);
      // Planner statistics for the freshly filled tables, the rollups among them (PGlite runs no autovacuum).
      await database.query('analyze orders, order_containers, stats_terminal, stats_party, stats_mb, stats_rating, stats_personal');
      seededOrders = options.seedOrders;
    }
  }
  return { demoLogins, seededOrders };
}
