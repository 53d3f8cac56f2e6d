import { and, asc, count, desc, eq, inArray, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { issueImages, issues } from '../../db/schema';
import { inTerminals } from '../../security/terminal-scope';

/** Which requests a caller reaches: its terminals and, above rank 2, only its own (docs/decisions.md). */
export interface IssueScope {
  terminals: readonly string[];
  plannerId: string | null;
}

export type IssueRecord = typeof issues.$inferSelect & { imageIds: string[] };
export type NewIssue = Pick<
  typeof issues.$inferInsert,
  'TerminalCode' | 'IssueName' | 'IssueType' | 'Planner' | 'PlannerID' | 'Performer' | 'ReleaseDate' | 'ReleaseComment'
>;
export type IssueChanges = Partial<
  Pick<typeof issues.$inferInsert, 'IssueName' | 'IssueType' | 'Performer' | 'PerformerComment' | 'ReleaseDate' | 'ReleaseComment'>
>;

export interface StoredImage {
  ImageID: string;
  IssueRowguid: string | null;
  FileName: string;
  Mime: string;
  CreatedBy: string;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const inScope = (scope: IssueScope): SQL => {
  const terminals = inTerminals(issues.TerminalCode, scope.terminals);
  return scope.plannerId == null ? terminals : (and(terminals, eq(issues.PlannerID, scope.plannerId)) as SQL);
};

/** A detached image is nobody's and already old: the cleanup job removes it if the immediate removal failed. */
const DETACHED = new Date(0);

async function withImages(q: Db | Tx, rows: (typeof issues.$inferSelect)[]): Promise<IssueRecord[]> {
  if (!rows.length) return [];
  const imgs = await q
    .select({ id: issueImages.ImageID, issue: issueImages.IssueRowguid })
    .from(issueImages)
    .where(
      inArray(
        issueImages.IssueRowguid,
        rows.map((r) => r.Rowguid),
      ),
    )
    .orderBy(asc(issueImages.OrderBy), asc(issueImages.CreatedTime));
  const by = new Map<string, string[]>();
  for (const i of imgs) if (i.issue) by.set(i.issue, [...(by.get(i.issue) ?? []), i.id]);
  return rows.map((r) => ({ ...r, imageIds: by.get(r.Rowguid) ?? [] }));
}

function txRepo(tx: Tx) {
  return {
    /** The transaction itself, for a record that must commit with the change (the audit trail). */
    tx: tx as unknown as Db,
    /** The rows among `ids` in the scope, locked until the transaction ends. */
    async lock(scope: IssueScope, ids: readonly string[]): Promise<IssueRecord[]> {
      if (!ids.length) return [];
      const rows = await tx
        .select()
        .from(issues)
        .where(and(inScope(scope), inArray(issues.Rowguid, [...ids])))
        .for('update');
      return withImages(tx, rows);
    },
    async insert(values: NewIssue): Promise<string> {
      const [row] = await tx.insert(issues).values(values).returning({ id: issues.Rowguid });
      if (!row) throw new Error('insert returned no row');
      return row.id;
    },
    async update(rowguid: string, changes: IssueChanges, userId: string) {
      await tx
        .update(issues)
        .set({ ...changes, UpdatedBy: userId, UpdatedTime: new Date() })
        .where(eq(issues.Rowguid, rowguid));
    },
    /** Of `ids`, the images `userId` uploaded that no request holds yet, locked. */
    async pendingOf(userId: string, ids: readonly string[]): Promise<string[]> {
      if (!ids.length) return [];
      const rows = await tx
        .select({ id: issueImages.ImageID })
        .from(issueImages)
        .where(and(inArray(issueImages.ImageID, [...ids]), isNull(issueImages.IssueRowguid), eq(issueImages.CreatedBy, userId)))
        .for('update');
      return rows.map((r) => r.id);
    },
    /** The request's images become exactly `ids`, in that order (each already its own or pending). */
    async attach(rowguid: string, ids: readonly string[]) {
      for (const [i, id] of ids.entries()) {
        await tx.update(issueImages).set({ IssueRowguid: rowguid, OrderBy: i }).where(eq(issueImages.ImageID, id));
      }
    },
    /** Takes images off their request; they are removed from the store after the transaction (or by the cleanup job). */
    async detach(ids: readonly string[]) {
      if (!ids.length) return;
      await tx
        .update(issueImages)
        .set({ IssueRowguid: null, CreatedBy: '', CreatedTime: DETACHED })
        .where(inArray(issueImages.ImageID, [...ids]));
    },
    async remove(ids: readonly string[]) {
      if (!ids.length) return;
      await tx.delete(issues).where(inArray(issues.Rowguid, [...ids]));
    },
  };
}
export type IssueTxRepository = ReturnType<typeof txRepo>;

export function createIssueRepository(db: Db) {
  return {
    async list(scope: IssueScope, rowguid?: string | null): Promise<IssueRecord[]> {
      const where = rowguid ? and(inScope(scope), eq(issues.Rowguid, rowguid)) : inScope(scope);
      const rows = await db.select().from(issues).where(where).orderBy(desc(issues.CreatedTime), desc(issues.Rowguid));
      return withImages(db, rows);
    },

    async byIds(ids: readonly string[]): Promise<IssueRecord[]> {
      if (!ids.length) return [];
      return withImages(
        db,
        await db
          .select()
          .from(issues)
          .where(inArray(issues.Rowguid, [...ids])),
      );
    },

    inTransaction<T>(fn: (r: IssueTxRepository) => Promise<T>): Promise<T> {
      return db.transaction((tx) => fn(txRepo(tx)));
    },

    /**
     * A new pending image of `userId`, unless it already has `maxPending` (then null). The user's row lock makes one
     * user's uploads take turns; `write` stores the file inside the transaction, so a failed write leaves no row.
     */
    async addPending(
      userId: string,
      meta: { ext: string; mime: string; size: number },
      maxPending: number,
      write: (imageId: string, fileName: string) => Promise<void>,
    ): Promise<string | null> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select 1 from users where user_id = ${userId} for no key update`);
        const [n] = await tx
          .select({ n: count() })
          .from(issueImages)
          .where(and(eq(issueImages.CreatedBy, userId), isNull(issueImages.IssueRowguid)));
        if ((n?.n ?? 0) >= maxPending) return null;
        const fileName = `image.${meta.ext}`;
        const [row] = await tx
          .insert(issueImages)
          .values({ FileName: fileName, Mime: meta.mime, Size: meta.size, CreatedBy: userId })
          .returning({ id: issueImages.ImageID });
        if (!row) throw new Error('insert returned no row');
        await write(row.id, fileName);
        return row.id;
      });
    },

    /** One image with the request holding it (null when none), for the read check. */
    async image(imageId: string): Promise<(StoredImage & { issue: { TerminalCode: string; PlannerID: string } | null }) | null> {
      const [row] = await db
        .select({
          ImageID: issueImages.ImageID,
          IssueRowguid: issueImages.IssueRowguid,
          FileName: issueImages.FileName,
          Mime: issueImages.Mime,
          CreatedBy: issueImages.CreatedBy,
          TerminalCode: issues.TerminalCode,
          PlannerID: issues.PlannerID,
        })
        .from(issueImages)
        .leftJoin(issues, eq(issues.Rowguid, issueImages.IssueRowguid))
        .where(eq(issueImages.ImageID, imageId));
      if (!row) return null;
      const { TerminalCode, PlannerID, ...img } = row;
      return { ...img, issue: TerminalCode && PlannerID ? { TerminalCode, PlannerID } : null };
    },

    /** Images no request holds, created before `before` (detached ones are dated 1970), oldest first. */
    async abandoned(before: Date, limit: number): Promise<string[]> {
      const rows = await db
        .select({ id: issueImages.ImageID })
        .from(issueImages)
        .where(and(isNull(issueImages.IssueRowguid), lt(issueImages.CreatedTime, before)))
        .orderBy(asc(issueImages.CreatedTime))
        .limit(limit);
      return rows.map((r) => r.id);
    },

    /**
     * Removes an image no request holds (created before `before`) and, inside the same transaction, its file
     * (`removeFile`): a failed removal keeps the row for the next run. False when it is gone or held meanwhile.
     */
    async removeUnheld(imageId: string, before: Date, removeFile: () => Promise<void>): Promise<boolean> {
      return db.transaction(async (tx) => {
        const gone = await tx
          .delete(issueImages)
          .where(and(eq(issueImages.ImageID, imageId), isNull(issueImages.IssueRowguid), lt(issueImages.CreatedTime, before)))
          .returning({ id: issueImages.ImageID });
        if (!gone.length) return false;
        await removeFile();
        return true;
      });
    },
  };
}
export type IssueRepository = ReturnType<typeof createIssueRepository>;
