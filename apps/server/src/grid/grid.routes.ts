import type { AnyGrid, CallDef, GridCallTables, GridGetSpec, GridUpdateSpec } from '@smartport/contract';
import type { Handler } from '../http/call-registry';
import type { SignedInContext } from '../http/context';
import { type GridService, gridMessages } from './grid.service';
import { type GridHooks, type GridSaveHooks, saveWithHooks } from './grid-hooks';

type Row = Record<string, unknown>;
type AnyHandler = (input: unknown, ctx: SignedInContext) => Promise<unknown>;

/** One handler per call of the grids, typed as the contract declares the calls. */
export type GridHandlers<Gs extends readonly AnyGrid[]> = {
  [K in keyof GridCallTables<Gs>]: GridCallTables<Gs>[K] extends CallDef ? Handler<GridCallTables<Gs>[K]> : never;
};

const option = <T extends object>(c: string | T | undefined): Partial<T> => (typeof c === 'object' ? c : {});

/**
 * The handlers of a module's grids, derived from their entries: list (rows where the entry says), save (`{ data }` or the
 * array itself), delete (own or shared). `hooks` adds a module's rules to an entry's save, typed by its row (validate,
 * beforeSave, afterSave: grid-hooks.ts). `overrides` replaces a derived handler where a module answers a call its own way
 * (the payer's partners on the pay-partner list call). Each entry is bound to its table here, so a wrong entry stops
 * the start.
 */
export function gridHandlers<const Gs extends readonly AnyGrid[]>(
  grids: Gs,
  service: GridService,
  overrides: Partial<GridHandlers<Gs>> = {},
  hooks: NoInfer<GridHooks<Gs>> = {},
): GridHandlers<Gs> {
  const hooksOf = hooks as Readonly<Record<string, GridSaveHooks<AnyGrid> | undefined>>;
  for (const name of Object.keys(hooksOf)) {
    if (!grids.some((g) => g.name === name)) throw new Error(`grid hooks for ${name}: no such grid in this list`);
  }
  const handlers: Record<string, AnyHandler> = {};
  const sharers = new Map<string, AnyGrid[]>();
  for (const grid of grids) {
    service.bind(grid);
    const get = option<GridGetSpec>(grid.paths.get);
    handlers[grid.callNames.get] = async (input, ctx) => ({
      success: true,
      [get.rowsIn ?? 'payload']: await service.list(grid, input as Row, ctx.user),
    });
    if (grid.callNames.update) {
      const update = option<GridUpdateSpec>(grid.paths.update);
      handlers[grid.callNames.update] = async (input, ctx) => {
        const rows = update.body === 'rows' ? (input as Row[]) : (input as { data: Row[] }).data;
        const saved = await saveWithHooks(hooksOf[grid.name], rows, { user: ctx.user }, (r) => service.save(grid, r, ctx.user));
        return update.reply === 'plain'
          ? { success: true, message: gridMessages.saved }
          : { success: true, message: gridMessages.saved, payload: saved };
      };
    }
    const del = grid.callNames.delete;
    if (del && grid.deleteShared) sharers.set(del, [...(sharers.get(del) ?? []), grid]);
    else if (del) {
      handlers[del] = async (input, ctx) => {
        await service.delete(
          grid,
          (input as { data: { Rowguid: string }[] }).data.map((r) => r.Rowguid),
          ctx.user,
        );
        return { success: true, message: gridMessages.deleted };
      };
    }
  }
  for (const [name, candidates] of sharers) {
    handlers[name] = async (input, ctx) => {
      await service.deleteShared(candidates, (input as { data: Row[] }).data, ctx.user);
      return { success: true, message: gridMessages.deleted };
    };
  }
  return { ...handlers, ...overrides } as unknown as GridHandlers<Gs>;
}
