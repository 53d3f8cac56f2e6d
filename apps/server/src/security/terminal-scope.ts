import { inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { AuthUser } from '../http/context';
import { forbidden } from '../http/errors';

/**
 * The one place that limits terminal data to the caller's terminals (spec 01 §6). Every query on
 * terminal data takes its terminal list, or its whole condition, from here: catalogs, customs and
 * the shell through `scopeTerminals` + `inTerminals`; orders and their payments (home, payments,
 * invoices) through `orderScope` + `inOrderScope` / `orderScopeText`.
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

/**
 * Whose orders (and so whose payments and invoices) a caller reaches: the caller's terminals and,
 * for a customer account, only its own customer code. Staff (no customer code) see every
 * customer's orders of their terminals.
 */
export interface OrderScope {
  terminals: readonly string[];
  customerCode: string | null;
}

export function orderScope(user: AuthUser): OrderScope {
  return { terminals: scopeTerminals(user), customerCode: user.CustomerCode };
}

/** Table aliases are written into SQL text: only a plain identifier is accepted, never caller data. */
function checkedAlias(alias: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(alias)) throw new Error(`bad table alias: ${alias}`);
  return alias;
}

/**
 * The order condition for Drizzle's `sql` queries, on the `orders` row named `alias`: in the
 * scope's terminals (none → no rows) and, for a customer, of its customer code.
 */
export function inOrderScope(scope: OrderScope, alias = 'o'): SQL {
  const a = sql.raw(checkedAlias(alias));
  if (!scope.terminals.length) return sql`false`;
  const terminals = sql`${a}.terminal_code in ${[...scope.terminals]}`;
  return scope.customerCode == null ? terminals : sql`(${terminals} and ${a}.customer_code = ${scope.customerCode})`;
}

/**
 * The same condition as text for plain parameterised SQL (`database.query`): its values are
 * appended to `params` and referenced by their positions, so callers add theirs after it.
 */
export function orderScopeText(scope: OrderScope, params: unknown[], alias = 'o'): string {
  const a = checkedAlias(alias);
  if (!scope.terminals.length) return 'false';
  params.push([...scope.terminals]);
  const terminals = `${a}.terminal_code = any($${params.length}::text[])`;
  if (scope.customerCode == null) return terminals;
  params.push(scope.customerCode);
  return `(${terminals} and ${a}.customer_code = $${params.length}::text)`;
}
