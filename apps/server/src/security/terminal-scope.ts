import { inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { AuthUser } from '../http/context';
import { forbidden } from '../http/errors';

/**
 * The one place that limits terminal data to the caller's terminals (spec 01 §6). Every query on
 * terminal data takes its terminal list from here.
 */
export function scopeTerminals(user: AuthUser, requested?: string | readonly string[] | null): string[] {
  const own = user.terminals;
  if (requested == null || requested === '' || (Array.isArray(requested) && requested.length === 0)) return [...own];
  const wanted = (typeof requested === 'string' ? requested.split(',') : requested).map((t) => t.trim().toUpperCase());
  return own.filter((t) => wanted.includes(t));
}

/** A WHERE condition restricting `column` to the given (already scoped) terminals; none → no rows. */
export function inTerminals(column: PgColumn, terminals: readonly string[]): SQL {
  return terminals.length ? inArray(column, [...terminals]) : sql`false`;
}

export function assertTerminal(user: AuthUser, terminal: string) {
  if (!user.terminals.includes(terminal.trim().toUpperCase())) {
    throw forbidden(`Bạn không có quyền trên cảng ${terminal}.`);
  }
}
