import type { Database } from '../../db/client';

/** The per-connection claim of the alert mail: one claim per interval across every instance. */
export function createConnectionAlertsRepository(database: Database) {
  return {
    /**
     * Takes the connection's alert for now when none was sent within `intervalMs` (one conditional upsert: of two
     * instances meeting the same outage, one gets the row back).
     */
    async claim(connection: string, failure: string, intervalMs: number): Promise<boolean> {
      const rows = await database.query(
        `insert into connection_alerts (connection, last_sent, last_failure) values ($1, now(), $2)
         on conflict (connection) do update set last_sent = now(), last_failure = excluded.last_failure, count = connection_alerts.count + 1
         where connection_alerts.last_sent <= now() - make_interval(secs => $3::double precision / 1000)
         returning 1`,
        [connection, failure.slice(0, 2000), intervalMs],
      );
      return rows.length > 0;
    },
    /** A claim whose mail could not go: the next failure may try again. */
    async release(connection: string): Promise<void> {
      await database.query("update connection_alerts set last_sent = 'epoch' where connection = $1", [connection]);
    },
  };
}
export type ConnectionAlertsRepository = ReturnType<typeof createConnectionAlertsRepository>;
