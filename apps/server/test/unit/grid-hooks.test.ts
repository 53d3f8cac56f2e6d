import { defineGrid, requiredText, rowguid } from '@smartport/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { gridHandlers } from '../../src/grid/grid.routes';
import type { GridService } from '../../src/grid/grid.service';
import type { AuthUser, SignedInContext } from '../../src/http/context';
import { AppError, badRequest } from '../../src/http/errors';

// The grid mechanism's save hooks (grid-hooks.ts): validate refuses before anything is saved, beforeSave gives the rows
// to save, afterSave runs with the saved rows; each typed by its entry's row (header fields merged).

const hookGrid = defineGrid({
  name: 'hook_probe',
  module: 'admin',
  title: 'Lưới thử',
  menu: 'CFG_MAIN',
  table: 'hook_probe',
  paths: { get: 'probe/getHookList', update: 'probe/updateHookList' },
  header: { schema: z.object({ GroupCode: requiredText(10, 'Nhóm') }), columns: [] },
  row: z.object({ Rowguid: rowguid, Code: requiredText(10, 'Mã').transform((v) => v.toUpperCase()), Qty: z.coerce.number() }),
  key: ['GroupCode', 'Code'],
  columns: [{ field: 'Code', title: 'Mã', type: 'text' }],
  actions: { add: true, delete: false, save: true, import: false },
  height: '50vh',
});

type Row = Record<string, unknown>;

/** A grid service that records what it is asked to save and answers the rows with a Rowguid. */
function fakeGrid(log: string[]) {
  const saved: Row[][] = [];
  const service = {
    bind: () => undefined,
    list: async () => [],
    save: async (_grid: unknown, rows: Row[]) => {
      log.push('save');
      saved.push(rows);
      return rows.map((r, i) => ({ ...r, Rowguid: `00000000-0000-4000-8000-00000000000${i}` }));
    },
    delete: async () => 0,
    deleteShared: async () => 0,
  };
  return { service: service as unknown as GridService, saved };
}

const user = { UserID: 'u', terminals: ['NDP'] } as AuthUser;
const ctx = { user } as SignedInContext;
const rows = [{ Rowguid: null, Code: 'AB', Qty: 2, GroupCode: 'G1' }];

describe('grid save hooks (apps/server/src/grid/grid-hooks.ts)', () => {
  it('a validate hook that refuses stops the save: nothing is saved and its message is the answer', async () => {
    const log: string[] = [];
    const { service, saved } = fakeGrid(log);
    const handlers = gridHandlers(
      [hookGrid],
      service,
      {},
      {
        hook_probe: {
          validate(given, c) {
            log.push(`validate ${c.user.UserID}`);
            // Typed by the entry: row fields and header fields, nothing else.
            if (given.some((r) => r.Qty > 1 && r.GroupCode === 'G1')) throw badRequest('Số lượng quá lớn');
            // @ts-expect-error a field the entry does not declare
            void given[0]?.NoSuchField;
          },
        },
      },
    );
    const reply = handlers.updateHookList({ data: rows }, ctx);
    await expect(reply).rejects.toBeInstanceOf(AppError);
    await expect(reply).rejects.toMatchObject({ message: 'Số lượng quá lớn' });
    expect(saved).toEqual([]);
    expect(log).toEqual(['validate u']);
  });

  it('a beforeSave hook changes the rows the grid service saves', async () => {
    const log: string[] = [];
    const { service, saved } = fakeGrid(log);
    const handlers = gridHandlers(
      [hookGrid],
      service,
      {},
      {
        hook_probe: { beforeSave: (given) => given.map((r) => ({ ...r, Code: `${r.Code}-${r.GroupCode}`, Qty: r.Qty * 10 })) },
      },
    );
    const reply = await handlers.updateHookList({ data: rows }, ctx);
    expect(saved).toEqual([[{ Rowguid: null, Code: 'AB-G1', Qty: 20, GroupCode: 'G1' }]]);
    expect(reply).toMatchObject({ success: true, message: 'Lưu dữ liệu hoàn tất !', payload: [{ Code: 'AB-G1', Qty: 20 }] });
  });

  it('an afterSave hook runs after the save, with the saved rows', async () => {
    const log: string[] = [];
    const { service } = fakeGrid(log);
    const seen: unknown[] = [];
    const handlers = gridHandlers(
      [hookGrid],
      service,
      {},
      {
        hook_probe: {
          validate: () => void log.push('validate'),
          beforeSave: (given) => {
            log.push('beforeSave');
            return [...given];
          },
          afterSave(savedRows) {
            log.push('afterSave');
            seen.push(...savedRows.map((r) => r.Rowguid));
          },
        },
      },
    );
    await handlers.updateHookList({ data: rows }, ctx);
    expect(log).toEqual(['validate', 'beforeSave', 'save', 'afterSave']);
    expect(seen).toEqual(['00000000-0000-4000-8000-000000000000']);
  });

  it('saves as before without hooks, and refuses hooks named for a grid not in the list', async () => {
    const log: string[] = [];
    const { service, saved } = fakeGrid(log);
    await gridHandlers([hookGrid], service).updateHookList({ data: rows }, ctx);
    expect(saved).toEqual([rows]);
    expect(() => gridHandlers([hookGrid], service, {}, { other: {} } as never)).toThrow(/other/);
  });
});
