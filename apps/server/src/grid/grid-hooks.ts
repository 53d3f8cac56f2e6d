import type { AnyGrid } from '@smartport/contract';
import type { z } from 'zod';
import type { AuthUser } from '../http/context';

type HeaderOf<G> = G extends { header: { schema: infer H extends z.ZodType } } ? z.output<H> : unknown;

/** A row as the entry's update call gives it: the entry's row with its header fields merged (parsed: transforms applied). */
export type GridSaveRow<G extends AnyGrid> = z.output<G['row']> & HeaderOf<G>;

/** A row as the save answers it (the reply's payload rows). */
export type GridSavedRow<G extends AnyGrid> = z.output<G['row']>;

/** Who saves: the signed-in caller of the update call. */
export interface GridHookContext {
  user: AuthUser;
}

/**
 * A module's rules around one entry's save, typed by the entry's row. In order: `validate` refuses the save (throws an
 * AppError, e.g. `badRequest`) before anything is written; `beforeSave` gives the rows to save in place of the given
 * ones (e.g. a header completed); then the grid service saves (required fields, scope, unique key); `afterSave` runs
 * with the saved rows once they are stored.
 */
export interface GridSaveHooks<G extends AnyGrid> {
  validate?(rows: readonly GridSaveRow<G>[], ctx: GridHookContext): void | Promise<void>;
  beforeSave?(rows: readonly GridSaveRow<G>[], ctx: GridHookContext): GridSaveRow<G>[] | Promise<GridSaveRow<G>[]>;
  afterSave?(saved: readonly GridSavedRow<G>[], ctx: GridHookContext): void | Promise<void>;
}

/** The hooks of a module's grids, each under its entry's name (`{ standard_tariff: { validate } }`). */
export type GridHooks<Gs extends readonly AnyGrid[]> = { [G in Gs[number] as G['name']]?: GridSaveHooks<G> };

type Row = Record<string, unknown>;

/**
 * Saves `rows` of one entry through its hooks: validate, beforeSave, `save` (the grid service's), afterSave. The one
 * place the mechanism reads rows as the entry's type: the update call's schema is the entry's save row.
 */
export async function saveWithHooks(
  hooks: GridSaveHooks<AnyGrid> | undefined,
  rows: Row[],
  ctx: GridHookContext,
  save: (rows: Row[]) => Promise<Row[]>,
): Promise<Row[]> {
  if (!hooks) return save(rows);
  await hooks.validate?.(rows, ctx);
  const toSave: Row[] = hooks.beforeSave ? await hooks.beforeSave(rows, ctx) : rows;
  const saved = await save(toSave);
  await hooks.afterSave?.(saved, ctx);
  return saved;
}
