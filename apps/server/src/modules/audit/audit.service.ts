import { type AuditFilter, type AuditRow, auditLimits, auditMessages, portDayEnd, portInstantChecked } from '@smartport/contract';
import type { AuthUser } from '../../http/context';
import { badRequest, forbidden } from '../../http/errors';
import type { AuditRecord, AuditRepository, AuditWhere } from './audit.repository';

/** 'YYYY-MM-DD' of the port calendar → that day's first (or last) instant; a day that does not exist is a 400. */
function portDay(text: string | undefined, label: string, end: boolean): Date | undefined {
  if (!text) return undefined;
  const [y, m, d] = text.split('-').map(Number);
  const start = portInstantChecked(y as number, m as number, d as number);
  if (!start) throw badRequest(auditMessages.badDate(label));
  return end ? portDayEnd(start) : start;
}

function whereOf(f: AuditFilter): AuditWhere {
  const from = portDay(f.FromDate, 'Từ ngày', false);
  const to = portDay(f.ToDate, 'Đến ngày', true);
  if (from && to && from > to) throw badRequest(auditMessages.badPeriod);
  return {
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    ...(f.UserID ? { userId: f.UserID } : {}),
    ...(f.EntityKind ? { entityKind: f.EntityKind } : {}),
    ...(f.Action ? { action: f.Action } : {}),
    ...(f.KeyText ? { keyText: f.KeyText } : {}),
  };
}

const toWire = (r: AuditRecord): AuditRow => ({
  Id: r.Id,
  ChangedTime: r.ChangedTime.toISOString(),
  UserID: r.UserID,
  UserName: r.UserName,
  ClientIp: r.ClientIp,
  EntityKind: r.EntityKind,
  EntityKey: r.EntityKey,
  Action: r.Action,
  Changes: (r.Changes ?? {}) as AuditRow['Changes'],
});

/**
 * The screen 'Nhật ký thay đổi': administrators only. The menu grant SYS_AUDIT is the call's check; the rank is checked
 * again here so a grant given to another group by mistake does not open the trail.
 */
export function createAuditService(repo: AuditRepository) {
  const assertAdmin = (user: AuthUser) => {
    if (user.Rank !== 1) throw forbidden();
  };
  return {
    async list(user: AuthUser, f: AuditFilter & { Page: number; PageSize: number }) {
      assertAdmin(user);
      const { rows, total } = await repo.page(whereOf(f), (f.Page - 1) * f.PageSize, f.PageSize);
      return { rows: rows.map(toWire), total };
    },
    async export(user: AuthUser, f: AuditFilter) {
      assertAdmin(user);
      const w = whereOf(f);
      const n = await repo.count(w);
      if (n > auditLimits.maxExport) throw badRequest(auditMessages.tooMany(n, auditLimits.maxExport));
      return (await repo.all(w, auditLimits.maxExport)).map(toWire);
    },
    async entityKinds(user: AuthUser) {
      assertAdmin(user);
      return repo.entityKinds();
    },
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
