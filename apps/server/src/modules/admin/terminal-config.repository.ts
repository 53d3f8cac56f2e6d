import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { terminals } from '../../db/schema';

/** The terminals a terminal config can exist for (the records themselves are settings-form records). */
export function createTerminalConfigRepository(db: Db) {
  return {
    /** Every terminal code, in code order (the order the portal looks for a TOS connection in use). */
    async terminalCodes(): Promise<string[]> {
      const rows = await db.select({ code: terminals.TerminalCode }).from(terminals).orderBy(asc(terminals.TerminalCode));
      return rows.map((r) => r.code);
    },
  };
}

export type TerminalConfigRepository = ReturnType<typeof createTerminalConfigRepository>;
