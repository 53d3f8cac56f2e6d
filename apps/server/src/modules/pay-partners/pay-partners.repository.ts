import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';
import { inOrderScope, type OrderScope } from '../../security/terminal-scope';

/** What the payer's side of the partners reads: the terminal of an order the caller may pay. */
export function createPayPartnersRepository(db: Db) {
  return {
    async orderTerminal(scope: OrderScope, orderNo: string): Promise<string | null> {
      const rows = rowsOf<{ TerminalCode: string }>(
        await db.execute(
          sql`select o.terminal_code "TerminalCode" from orders o where o.order_no = ${orderNo} and ${inOrderScope(scope, 'o')}`,
        ),
      );
      return rows[0]?.TerminalCode ?? null;
    },
  };
}
