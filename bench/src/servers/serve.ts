// A bench child process: the portal as `npm start` builds it (configured by the environment), listening on a free
// loopback port, and beside it the bare baseline: node:http answering the same list call with the same SQL,
// serialised the same way, on as many connections (on PostgreSQL a pg pool of the portal's size running the
// statement prepared, as the portal does; on PGlite the portal's own in-process connection). Tells the parent over IPC.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildApp } from '@smartport/server';
import pg from 'pg';

const started = performance.now();
const portal = await buildApp();
await portal.app.listen({ port: 0, host: '127.0.0.1' });
const readyMs = performance.now() - started;

/** The statement the grid repository runs for `common/getOperationList` (Drizzle), with the wire names as aliases. */
export const BARE_OPERATION_LIST = `select "rowguid" "Rowguid", "operation_code" "OperationCode", "operation_name" "OperationName",
  "is_active" "IsActive", "is_edo" "IsEDO", "is_lf" "IsLF", "money_credit" "MoneyCredit"
  from "shipping_lines" order by "shipping_lines"."operation_code" asc`;

const pool = process.env.DATABASE_URL ? new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 }) : null;
const bareList = pool
  ? async () => (await pool.query({ name: 'bare_operation_list', text: BARE_OPERATION_LIST })).rows
  : () => portal.database.query(BARE_OPERATION_LIST);

const bare = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    if (req.method !== 'POST' || req.url !== '/api/common/getOperationList') {
      res.writeHead(404).end();
      return;
    }
    bareList().then(
      (rows) => {
        const body = JSON.stringify({ success: true, payload: rows });
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
        res.end(body);
      },
      (err: Error) => {
        res.writeHead(500).end(err.message);
      },
    );
  });
});
await new Promise<void>((done) => bare.listen(0, '127.0.0.1', done));

process.send?.({
  ready: true,
  port: (portal.app.server.address() as AddressInfo).port,
  barePort: (bare.address() as AddressInfo).port,
  readyMs,
  kind: portal.database.kind,
});

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  bare.close();
  await pool?.end();
  await portal.app.close();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
process.on('disconnect', stop);
