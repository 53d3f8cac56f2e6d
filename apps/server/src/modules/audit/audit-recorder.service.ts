import type { AuditAction } from '@smartport/contract';
import type { Db } from '../../db/client';
import { type Actor, currentActor } from '../../http/actor';
import type { AuditInsert, AuditRepository } from './audit.repository';
import { changedFields } from './audit-changes';

type Rec = Record<string, unknown>;

/** One change to record: what (kind, key, action) and the states before and after; the actor comes from the call. */
export interface AuditEntry {
  /** 'grid:<grid name>', 'form:<form name>', 'sftp_account', 'sftp_config', 'grant', 'order', 'issue' … */
  entity: string;
  key: string;
  action: AuditAction;
  before?: Rec | null;
  after?: Rec | null;
  /** Fields (and list paths `list.*.field`) holding secrets: recorded as changed, never with their value. */
  secrets?: readonly string[];
  /** Fields left out of the comparison (bookkeeping such as Rowguid or update times). */
  skip?: readonly string[];
  /** Who, when the change is not made by the call being answered (a domain event naming its actor). */
  actor?: Actor;
}

/** Bookkeeping fields no one reads as a change. */
const BOOKKEEPING = ['Rowguid', 'UpdatedTime', 'ModifiedTime', 'CreatedTime'];

/** The row an entry is written as: the actor of the call (or the entry's), the changed fields with secrets masked. */
export function auditRow(entry: AuditEntry, actor: Actor = entry.actor ?? currentActor()): AuditInsert {
  return {
    UserID: actor.UserID,
    UserName: actor.UserName,
    ClientIp: actor.ip,
    EntityKind: entry.entity,
    EntityKey: entry.key,
    Action: entry.action,
    Changes: changedFields(entry.before ?? null, entry.after ?? null, entry.secrets, [...BOOKKEEPING, ...(entry.skip ?? [])]),
  };
}

/**
 * The one way a change is recorded (ModuleContext `audit`, built by the platform): `record(entries, tx)` writes in the
 * change's own transaction when given one, so the change and its record commit or roll back together. An update that
 * changed nothing is not recorded.
 */
export function createAuditRecorder(repo: Pick<AuditRepository, 'insert'>) {
  return {
    async record(entries: AuditEntry | readonly AuditEntry[], tx?: Db): Promise<void> {
      const list = Array.isArray(entries) ? (entries as readonly AuditEntry[]) : [entries as AuditEntry];
      const rows = list.map((e) => auditRow(e)).filter((r, i) => list[i]?.action !== 'update' || Object.keys(r.Changes).length > 0);
      await repo.insert(rows, tx);
    },
  };
}
export type AuditRecorder = ReturnType<typeof createAuditRecorder>;
