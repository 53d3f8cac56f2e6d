import type { CatalogName } from '@smartport/contract';
import { badRequest } from '../../http/errors';
import type { LiveEvents } from '../../realtime/realtime';
import type { CatalogRepository, CustomerFilter } from './catalog.repository';
import { type CatalogTable, catalogTables } from './catalog.tables';

type Row = Record<string, unknown>;

const keyPart = (v: unknown) => (v instanceof Date ? v.toISOString() : String(v ?? '').toUpperCase());
const shown = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 19).replace('T', ' ') : String(v ?? ''));

export const catalogMessages = {
  duplicateInBatch: (row: number, field: string, value: string, other: number) =>
    `Dòng ${row}: ${field} "${value}" bị trùng với dòng ${other}. Chưa lưu dữ liệu nào.`,
  duplicateExisting: (row: number, field: string, value: string) => `Dòng ${row}: ${field} "${value}" đã tồn tại. Chưa lưu dữ liệu nào.`,
  missingRow: (row: number) => `Dòng ${row}: không tìm thấy dữ liệu cần sửa (có thể đã bị xóa). Vui lòng nạp lại danh sách.`,
  inUse: (field: string, value: string, usedBy: string) =>
    `Không thể xóa: ${field} "${value}" đang được sử dụng trong ${usedBy}. Chưa xóa dữ liệu nào.`,
  unknownCatalog: 'Không xác định được danh mục của các dòng cần xóa.',
};

/** The rules every catalogue shares: upsert by Rowguid, unique business key, no delete of used rows. */
export function createCatalogService(repo: CatalogRepository, live?: Pick<LiveEvents, 'toAll'>) {
  /** Rows that every signed-in user sees (notifications) changed: their open pages reload them. */
  const announce = (t: CatalogTable) => {
    if (t.liveNotice) live?.toAll('notice', { request_type: t.liveNotice });
  };

  function describeKey(t: CatalogTable, row: Row) {
    const titles = t.def.key.map((k) => t.def.columns.find((c) => c.field === k)?.title ?? k).join(' + ');
    return {
      field: titles,
      value: t.def.key.map((k) => shown(row[k])).join(' / '),
      id: t.def.key.map((k) => keyPart(row[k])).join('\u0001'),
    };
  }

  return {
    async list(name: CatalogName) {
      return repo.list(catalogTables[name]);
    },

    /** Customers by the filter panel; absent filters mean All. */
    async customers(filter: CustomerFilter) {
      return repo.customers(filter);
    },

    async activeNotices(now = new Date()) {
      return repo.activeNotices(now);
    },

    async customerTypes() {
      return repo.customerTypes();
    },

    async customerLevels() {
      return repo.customerLevels();
    },

    async save(name: CatalogName, rows: Row[]) {
      const t = catalogTables[name];
      const existing = await repo.keys(t);
      const owner = new Map(existing.map((r) => [describeKey(t, r).id, String(r.Rowguid)]));
      const known = new Set(existing.map((r) => String(r.Rowguid)));
      const seen = new Map<string, number>();
      const inserts: Row[] = [];
      const updates: Row[] = [];
      rows.forEach((given, i) => {
        const row = t.prepare ? t.prepare(given) : given;
        const k = describeKey(t, row);
        const other = seen.get(k.id);
        if (other !== undefined) throw badRequest(catalogMessages.duplicateInBatch(i + 1, k.field, k.value, other + 1));
        seen.set(k.id, i);
        const holder = owner.get(k.id);
        // A key held by another saved row is a duplicate, unless that row is renamed in this same save.
        const holderRenamed = holder !== undefined && rows.some((r) => r.Rowguid === holder && describeKey(t, r).id !== k.id);
        if (holder !== undefined && holder !== row.Rowguid && !holderRenamed) {
          throw badRequest(catalogMessages.duplicateExisting(i + 1, k.field, k.value));
        }
        if (row.Rowguid) {
          if (!known.has(String(row.Rowguid))) throw badRequest(catalogMessages.missingRow(i + 1));
          updates.push(row);
        } else {
          const { Rowguid: _omit, ...rest } = row;
          inserts.push(rest);
        }
      });
      const saved = await repo.save(t, inserts, updates);
      announce(t);
      return saved;
    },

    async delete(name: CatalogName, rowguids: string[]) {
      const t = catalogTables[name];
      const rows = await repo.byRowguids(t, rowguids);
      for (const [field, refs] of Object.entries(t.references)) {
        const values = rows.map((r) => r[field]);
        for (const ref of refs ?? []) {
          const used = await repo.firstUsed(ref.column, values);
          if (used !== null) {
            const title = t.def.columns.find((c) => c.field === field)?.title ?? field;
            throw badRequest(catalogMessages.inUse(title, String(used), ref.usedBy));
          }
        }
      }
      const deleted = await repo.delete(t, rowguids);
      announce(t);
      return deleted;
    },

    /** `standardtariff/delete` and `common/delete` carry rows of one of several catalogues. */
    async deleteShared(candidates: CatalogName[], rows: Row[]) {
      const byKey = candidates.find((n) => catalogTables[n].def.key.every((k) => rows[0] && k in (rows[0] as Row)));
      let name = byKey;
      if (!name) {
        for (const n of candidates) {
          if ((await repo.byRowguids(catalogTables[n], [String(rows[0]?.Rowguid)])).length) {
            name = n;
            break;
          }
        }
      }
      if (!name) throw badRequest(catalogMessages.unknownCatalog);
      return this.delete(
        name,
        rows.map((r) => String(r.Rowguid)),
      );
    },
  };
}
export type CatalogService = ReturnType<typeof createCatalogService>;
