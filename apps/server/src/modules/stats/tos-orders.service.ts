import type { PartnerDown } from '../../adapters/outcome';
import type { TerminalOperatingSystem, TosConnection, TosLoginRefused } from '../../adapters/tos/tos.port';
import type { TosOrdersRepository } from './tos-orders.repository';

/** Orders read per page of the TOS order feed. */
export const TOS_FEED_PAGE = 1000;

export type TosImportResult =
  | { ok: true; imported: number; last: number }
  | { ok: false; imported: number; failure: (PartnerDown | TosLoginRefused)['failure'] };

/**
 * The TOS-side orders of the usage report (spec 02 §2.6.3, SMARTPORT vs TOS): read from the TOS order
 * feed after the last sequence number imported, a page at a time, each page inserted with the
 * cursor in one transaction (so each TOS order counts once; the rollup triggers count it).
 */
export function createTosOrderImport(deps: {
  tos: TerminalOperatingSystem;
  /** The TOS connection in use ('Cấu hình cảng'), read at each import. */
  connection: () => TosConnection | null | Promise<TosConnection | null>;
  repo: TosOrdersRepository;
}) {
  return {
    async importNew(maxPages = 200): Promise<TosImportResult> {
      const conn = await deps.connection();
      if (!conn) return { ok: false, imported: 0, failure: 'not_configured' };
      let imported = 0;
      let after = await deps.repo.cursor();
      for (let page = 0; page < maxPages; page++) {
        const r = await deps.tos.orderFeed(conn, { after, limit: TOS_FEED_PAGE });
        if (!r.ok) return { ok: false, imported, failure: r.failure };
        if (r.value.last === after) break;
        imported += await deps.repo.insertPage(r.value.orders, r.value.last, after);
        after = r.value.last;
        if (!r.value.more) break;
      }
      return { ok: true, imported, last: after };
    },
  };
}
