import type { DeclarationRow } from '@smartport/contract';
import { and, asc, count, desc, eq, gte, inArray, lt, lte, ne, notExists, or, type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';
import { customers, customsDeclarations, declarationFiles, shippingLines, uploadFolders } from '../../db/schema';
import { containsText } from '../../db/text-match';
import { inTerminals } from '../../security/terminal-scope';

export interface DeclarationFilter {
  terminals: readonly string[];
  /** Exact business code (a customer's lookup), or a contains-filter for staff. */
  customerId?: { exact: string } | { contains: string };
  /** A customer's reach: declarations for its own business code or registered by its own accounts (a forwarder's). */
  visibleTo?: { businessCode: string | null; customerCode: string };
  customNo?: string;
  customCode?: string;
  importExport?: readonly string[];
  status?: readonly number[];
  from?: Date;
  to?: Date;
}

export interface NewDeclaration {
  TerminalCode: string;
  CustomerID: string;
  CustomNo: string;
  CustomCode: string;
  ContainerQty: number;
  CustomDate: Date;
  BL_BookingNo: string;
  ImportExport: 'I' | 'E';
  FilePatch: string;
  FileLists: string;
  CreatedBy: string;
  RegistrantCode: string | null;
  Telphone: string | null;
}

export interface StoredFile {
  FileName: string;
  Size: number;
  Mime: string;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toRow(r: typeof customsDeclarations.$inferSelect): DeclarationRow {
  return {
    ID: r.ID,
    TerminalCode: r.TerminalCode,
    CustomerID: r.CustomerID,
    CustomNo: r.CustomNo,
    CustomCode: r.CustomCode,
    ContainerQty: r.ContainerQty,
    CustomDate: r.CustomDate.toISOString(),
    BL_BookingNo: r.BL_BookingNo,
    ImportExport: r.ImportExport === 'I' ? 'I' : 'E',
    FilePatch: r.FilePatch,
    FileLists: r.FileLists,
    Status: r.Status,
    Note: r.Note,
    CreatedBy: r.CreatedBy,
    RegistrantCode: r.RegistrantCode,
    CreatedTime: r.CreatedTime.toISOString(),
    ActionBy: r.ActionBy,
    ActionTime: iso(r.ActionTime),
    Telphone: r.Telphone,
    Rowguid: r.Rowguid,
  };
}

/** The declaration that uses an upload folder (for NOT EXISTS). */
const usedBy = (folder: typeof uploadFolders.FilePatch) =>
  sql`(select 1 from ${customsDeclarations} where ${customsDeclarations.FilePatch} = ${folder})`;

/** The PostgreSQL error code of a failed query (drizzle wraps the driver's error as its cause). */
const pgCode = (err: unknown) =>
  String((err as { code?: string; cause?: { code?: string } }).cause?.code ?? (err as { code?: string }).code ?? '');

/** The most rows one search answers (newest first); the screens page through them. */
export const SEARCH_LIMIT = 1000;

export function createDeclarationRepository(db: Db) {
  const d = customsDeclarations;
  return {
    async operations() {
      return db
        .select({ OperationCode: shippingLines.OperationCode, OperationName: shippingLines.OperationName })
        .from(shippingLines)
        .where(eq(shippingLines.IsActive, true))
        .orderBy(asc(shippingLines.OperationCode));
    },

    /** The business code (tax code) of a customer account. */
    async businessCodeOf(customerCode: string): Promise<string | null> {
      const [row] = await db.select({ tax: customers.TaxCode }).from(customers).where(eq(customers.CustomerCode, customerCode));
      return row?.tax ?? null;
    },

    async search(f: DeclarationFilter): Promise<DeclarationRow[]> {
      const where: SQL[] = [inTerminals(d.TerminalCode, f.terminals)];
      if (f.customerId && 'exact' in f.customerId) where.push(eq(d.CustomerID, f.customerId.exact));
      if (f.customerId && 'contains' in f.customerId) where.push(containsText(d.CustomerID, f.customerId.contains));
      if (f.visibleTo) {
        const { businessCode, customerCode } = f.visibleTo;
        where.push(
          businessCode
            ? (or(eq(d.CustomerID, businessCode), eq(d.RegistrantCode, customerCode)) as SQL)
            : eq(d.RegistrantCode, customerCode),
        );
      }
      if (f.customNo) where.push(containsText(d.CustomNo, f.customNo));
      if (f.customCode) where.push(eq(d.CustomCode, f.customCode));
      if (f.importExport) where.push(f.importExport.length ? inArray(d.ImportExport, [...f.importExport]) : sql`false`);
      if (f.status) where.push(f.status.length ? inArray(d.Status, [...f.status]) : sql`false`);
      if (f.from) where.push(gte(d.CreatedTime, f.from));
      if (f.to) where.push(lte(d.CreatedTime, f.to));
      const rows = await db
        .select()
        .from(d)
        .where(and(...where))
        .orderBy(desc(d.CreatedTime), desc(d.Seq))
        .limit(SEARCH_LIMIT);
      return rows.map(toRow);
    },

    async byRowguid(rowguid: string): Promise<DeclarationRow | null> {
      const [row] = await db.select().from(d).where(eq(d.Rowguid, rowguid));
      return row ? toRow(row) : null;
    },

    async byFolder(folder: string): Promise<DeclarationRow | null> {
      const [row] = await db.select().from(d).where(eq(d.FilePatch, folder));
      return row ? toRow(row) : null;
    },

    /** A registration of the same declaration that still stands (approved, or pending without a reason note). */
    async standing(terminal: string, customNo: string, customCode: string, ie: string) {
      const [row] = await db
        .select({ ID: d.ID })
        .from(d)
        .where(
          and(
            eq(d.TerminalCode, terminal),
            eq(d.CustomNo, customNo),
            eq(d.CustomCode, customCode),
            eq(d.ImportExport, ie),
            or(eq(d.Status, 1), sql`coalesce(${d.Note}, '') = ''`),
          ),
        );
      return row ?? null;
    },

    async insert(row: NewDeclaration): Promise<DeclarationRow> {
      const [saved] = await db.insert(d).values(row).returning();
      if (!saved) throw new Error('insert returned no row');
      return toRow(saved);
    },

    /** Approves or notes a row that is not approved yet; null when it is (or became) approved meanwhile. */
    async review(rowguid: string, set: { Status?: number; Note?: string }, by: string) {
      const [row] = await db
        .update(d)
        .set({ ...set, ActionBy: by, ActionTime: new Date() })
        .where(and(eq(d.Rowguid, rowguid), ne(d.Status, 1)))
        .returning();
      return row ? toRow(row) : null;
    },

    /**
     * A new upload folder for the user, unless it has made `perDay` since `since` (then null). The user's row lock
     * makes one user's creations take turns, so parallel calls cannot pass the cap together.
     */
    async createFolder(userId: string, cap: { perDay: number; since: Date }): Promise<string | null> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select 1 from users where user_id = ${userId} for no key update`);
        const [made] = await tx
          .select({ n: count() })
          .from(uploadFolders)
          .where(and(eq(uploadFolders.CreatedBy, userId), gte(uploadFolders.CreatedTime, cap.since)));
        if ((made?.n ?? 0) >= cap.perDay) return null;
        const [row] = await tx.insert(uploadFolders).values({ CreatedBy: userId }).returning({ id: uploadFolders.FilePatch });
        if (!row) throw new Error('insert returned no row');
        return row.id;
      });
    },

    /** Folders created before `before` that no declaration uses, oldest first. */
    async abandonedFolders(before: Date, limit: number): Promise<string[]> {
      const rows = await db
        .select({ id: uploadFolders.FilePatch })
        .from(uploadFolders)
        .where(and(lt(uploadFolders.CreatedTime, before), notExists(usedBy(uploadFolders.FilePatch))))
        .orderBy(asc(uploadFolders.CreatedTime))
        .limit(limit);
      return rows.map((r) => r.id);
    },

    /**
     * Removes one abandoned folder (its file rows go with it) and, inside the same transaction, its stored files
     * (`removeFiles`): a failed removal keeps the row for the next run. False when the folder is gone, younger
     * than `before` or used by a declaration meanwhile (its foreign key refuses the delete).
     */
    async removeAbandonedFolder(folder: string, before: Date, removeFiles: () => Promise<void>): Promise<boolean> {
      try {
        return await db.transaction(async (tx) => {
          const gone = await tx
            .delete(uploadFolders)
            .where(
              and(eq(uploadFolders.FilePatch, folder), lt(uploadFolders.CreatedTime, before), notExists(usedBy(uploadFolders.FilePatch))),
            )
            .returning({ id: uploadFolders.FilePatch });
          if (!gone.length) return false;
          await removeFiles();
          return true;
        });
      } catch (err) {
        if (pgCode(err) === '23503') return false;
        throw err;
      }
    },

    async folder(folder: string) {
      const [row] = await db.select().from(uploadFolders).where(eq(uploadFolders.FilePatch, folder));
      return row ?? null;
    },

    async files(folder: string): Promise<StoredFile[]> {
      return db
        .select({ FileName: declarationFiles.FileName, Size: declarationFiles.Size, Mime: declarationFiles.Mime })
        .from(declarationFiles)
        .where(eq(declarationFiles.FilePatch, folder))
        .orderBy(asc(declarationFiles.CreatedTime), asc(declarationFiles.FileName));
    },

    /**
     * Adds a file to a folder under the folder's row lock, so two uploads at once cannot pass the
     * total together. `store` writes the bytes; it runs only when the checks pass, inside the lock.
     */
    async addFile(
      folder: string,
      file: StoredFile,
      limit: { bytes: number; files: number },
      store: () => Promise<void>,
    ): Promise<'ok' | 'too-large' | 'too-many' | 'duplicate' | 'registered' | 'missing'> {
      return db.transaction(async (tx) => {
        const locked = await tx.execute(sql`select 1 from upload_folders where file_patch = ${folder} for update`);
        // Removed meanwhile as abandoned (older than the grace period): the user must start again.
        if (!rowsOf(locked).length) return 'missing';
        const [used] = await tx.select({ id: d.ID }).from(d).where(eq(d.FilePatch, folder));
        if (used) return 'registered';
        const existing = await tx
          .select({ FileName: declarationFiles.FileName, Size: declarationFiles.Size })
          .from(declarationFiles)
          .where(eq(declarationFiles.FilePatch, folder));
        if (existing.some((e) => e.FileName.toLowerCase() === file.FileName.toLowerCase())) return 'duplicate';
        if (existing.length >= limit.files) return 'too-many';
        const total = existing.reduce((s, e) => s + e.Size, 0);
        if (total + file.Size > limit.bytes) return 'too-large';
        await tx.insert(declarationFiles).values({ FilePatch: folder, ...file });
        await store();
        return 'ok';
      });
    },

    async registeredFiles() {
      return db
        .select({
          FilePatch: declarationFiles.FilePatch,
          FileName: declarationFiles.FileName,
          CustomNo: d.CustomNo,
          CustomCode: d.CustomCode,
          ID: d.ID,
        })
        .from(declarationFiles)
        .innerJoin(d, eq(d.FilePatch, declarationFiles.FilePatch));
    },

    async setFileSize(folder: string, name: string, size: number) {
      await db
        .update(declarationFiles)
        .set({ Size: size })
        .where(and(eq(declarationFiles.FilePatch, folder), eq(declarationFiles.FileName, name)));
    },

    async removeFile(folder: string, name: string): Promise<boolean> {
      const rows = await db
        .delete(declarationFiles)
        .where(and(eq(declarationFiles.FilePatch, folder), eq(declarationFiles.FileName, name)))
        .returning({ id: declarationFiles.Rowguid });
      return rows.length > 0;
    },
  };
}
export type DeclarationRepository = ReturnType<typeof createDeclarationRepository>;
