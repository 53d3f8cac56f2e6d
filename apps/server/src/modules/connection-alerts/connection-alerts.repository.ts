import type { Database } from '../../db/client';

const ms = (d: Date | string) => new Date(d).getTime();

/** The per-connection failure episodes: opened by the first failure, closed by the first call that works again. */
export function createConnectionAlertsRepository(database: Database) {
  return {
    /**
     * A failure met: opens an episode when none is open and answers its start (one conditional upsert: of two instances
     * meeting the same outage, one gets the row back); within an open episode only counts it and answers null.
     */
    async failed(connection: string, failure: string): Promise<Date | null> {
      const reason = failure.slice(0, 2000);
      const opened = await database.query<{ since: Date | string }>(
        `insert into connection_alerts (connection, last_sent, last_failure, count, down_since) values ($1, now(), $2, 1, now())
         on conflict (connection) do update set last_sent = now(), last_failure = excluded.last_failure, count = 1, down_since = now()
         where connection_alerts.down_since is null
         returning down_since since`,
        [connection, reason],
      );
      if (opened[0]) return new Date(ms(opened[0].since));
      await database.query('update connection_alerts set count = count + 1, last_failure = $2 where connection = $1', [connection, reason]);
      return null;
    },

    /** A call that worked: closes the open episode, answering when it began and how many failures it had; else null. */
    async recovered(connection: string): Promise<{ since: Date; failures: number; lastFailure: string | null } | null> {
      const rows = await database.query<{ since: Date | string; failures: number; last_failure: string | null }>(
        `update connection_alerts c set down_since = null, recovered_time = now(), last_sent = now()
           from (select connection, down_since from connection_alerts where connection = $1 and down_since is not null for update) o
          where c.connection = o.connection and c.down_since is not null
          returning o.down_since since, c.count failures, c.last_failure`,
        [connection],
      );
      const r = rows[0];
      return r ? { since: new Date(ms(r.since)), failures: Number(r.failures), lastFailure: r.last_failure } : null;
    },

    /** An episode whose alert could not be queued: the next failure opens it again. */
    async reopen(connection: string): Promise<void> {
      await database.query('update connection_alerts set down_since = null where connection = $1', [connection]);
    },
  };
}
export type ConnectionAlertsRepository = ReturnType<typeof createConnectionAlertsRepository>;
