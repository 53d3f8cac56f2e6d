import type { DeclarationRow } from '@smartport/contract';
import { and, asc, desc, eq, gte, inArray, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customers, customsDeclarations, declarationFiles, shippingLines, uploadFolders } from '../../db/schema';
import { containsText } from '../../db/text-match';
import { inTerminals } from '../../security/terminal-scope';

export interface DeclarationFilter {
  terminals: readonly string[];
  /** Exact business code (a customer's own), or a contains-filter for staff. */
  customerId?: { exact: string } | { contains: string };
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
    CreatedTime: r.CreatedTime.toISOString(),
    ActionBy: r.ActionBy,
    ActionTime: iso(r.ActionTime),
    Telphone: r.Telphone,
    Rowguid: r.Rowguid,
  };
}

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

    async createFolder(userId: string): Promise<string> {
      const [row] = await db.insert(uploadFolders).values({ CreatedBy: userId }).returning({ id: uploadFolders.FilePatch });
      if (!row) throw new Error('insert returned no row');
      return row.id;
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
      limit: number,
      store: () => Promise<void>,
    ): Promise<'ok' | 'too-large' | 'duplicate' | 'registered'> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select 1 from upload_folders where file_patch = ${folder} for update`);
        const [used] = await tx.select({ id: d.ID }).from(d).where(eq(d.FilePatch, folder));
        if (used) return 'registered';
        const existing = await tx
          .select({ FileName: declarationFiles.FileName, Size: declarationFiles.Size })
          .from(declarationFiles)
          .where(eq(declarationFiles.FilePatch, folder));
        if (existing.some((e) => e.FileName.toLowerCase() === file.FileName.toLowerCase())) return 'duplicate';
        const total = existing.reduce((s, e) => s + e.Size, 0);
        if (total + file.Size > limit) return 'too-large';
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
