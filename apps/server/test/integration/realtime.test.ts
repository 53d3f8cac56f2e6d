import { randomUUID } from 'node:crypto';
import { createConnection } from 'node:net';
import type { ServerToClientEvents, SocketEnvelope } from '@smartport/contract';
import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { listen, pause, waitFor } from '../helpers/live';
import { createTestApp, type TestApp } from '../helpers/test-app';

const REDIS_URL = 'redis://127.0.0.1:6379';

/** True when something answers PING on the local Redis port within a second. */
function redisReachable(): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port: 6379 });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (d) => done(d.toString().startsWith('+PONG')));
  });
}
const redisUp = await redisReachable();
if (!redisUp) console.warn(`[realtime.test] Redis is unreachable at ${REDIS_URL}: the two-instance test is skipped.`);

type Client = Socket<ServerToClientEvents>;
const clients: Client[] = [];

function client(url: string, token?: string): Client {
  const socket: Client = io(url, {
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    timeout: 5000,
    ...(token === undefined ? {} : { auth: { token } }),
  });
  clients.push(socket);
  return socket;
}

/** Resolves when connected, rejects with the server's reason when refused. */
function connected(socket: Client): Promise<void> {
  return new Promise((resolve, reject) => {
    if (socket.connected) return resolve();
    socket.once('connect', () => resolve());
    socket.once('connect_error', (err) => reject(err));
  });
}

/** Resolves with the connect_error message; rejects if the socket gets in. */
function refused(socket: Client): Promise<string> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => reject(new Error('the socket was accepted')));
    socket.once('connect_error', (err) => resolve(err.message));
  });
}

/** Collects the 'notice' envelopes a socket receives. */
function notices(socket: Client): SocketEnvelope[] {
  const got: SocketEnvelope[] = [];
  socket.on('notice', (e) => got.push(e));
  return got;
}

afterEach(() => {
  while (clients.length) clients.pop()?.disconnect();
});

describe('socket.io on one instance', () => {
  let t: TestApp;
  let url: string;

  beforeAll(async () => {
    t = await createTestApp();
    url = await listen(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses a connection without a token', async () => {
    expect(await refused(client(url))).toBe('unauthorized');
  });

  it('refuses a connection with a bad, empty or non-text token', async () => {
    expect(await refused(client(url, 'not-a-token'))).toBe('unauthorized');
    expect(await refused(client(url, ''))).toBe('unauthorized');
    const numeric = io(url, { transports: ['websocket'], reconnection: false, forceNew: true, auth: { token: 12345 } });
    clients.push(numeric);
    expect(await refused(numeric)).toBe('unauthorized');
  });

  it('refuses a connection with the token of a session that was logged out', async () => {
    const token = await t.login('hangtau');
    await t.call('auth/logout', {}, token);
    expect(await refused(client(url, token))).toBe('unauthorized');
  });

  it("closes the open connection of a session when it logs out, and keeps the same user's other sessions", async () => {
    const [first, second] = [await t.login('nhanvien'), await t.login('nhanvien')];
    const socketFirst = client(url, first);
    const socketSecond = client(url, second);
    await Promise.all([connected(socketFirst), connected(socketSecond)]);
    const closed = new Promise<string>((resolve) => socketFirst.on('disconnect', (reason) => resolve(reason)));
    await t.call('auth/logout', {}, first);
    expect(await closed).toBe('io server disconnect');
    await pause(200);
    expect(socketSecond.connected).toBe(true);
  });

  it("delivers live.toUser(...) to that user's sockets and not to another user's", async () => {
    const [customerToken, adminToken] = [await t.login('khachhang'), await t.login('admin')];
    const customer = client(url, customerToken);
    const customerTab2 = client(url, customerToken);
    const admin = client(url, adminToken);
    await Promise.all([connected(customer), connected(customerTab2), connected(admin)]);
    const [toCustomer, toCustomerTab2, toAdmin] = [notices(customer), notices(customerTab2), notices(admin)];

    const nonce = randomUUID();
    t.portal.live.toUser('khachhang', 'notice', { request_type: 'test', message: 'Có thông báo mới', data: { nonce } });
    await waitFor(() => toCustomer.length > 0 && toCustomerTab2.length > 0);
    expect(toCustomer).toEqual([{ request_type: 'test', message: 'Có thông báo mới', data: { nonce } }]);
    expect(toCustomerTab2).toHaveLength(1);
    await pause(200);
    expect(toAdmin).toEqual([]);

    t.portal.live.toUser('admin', 'notice', { request_type: 'test', data: { nonce } });
    await waitFor(() => toAdmin.length > 0);
    await pause(200);
    expect(toCustomer).toHaveLength(1);
  });
});

describe('live connections of sessions that end without a logout', () => {
  let r: TestApp;
  let rUrl: string;
  beforeAll(async () => {
    r = await createTestApp({ liveRecheckMs: 200 });
    rUrl = await listen(r);
  });
  afterAll(async () => {
    await r?.close();
  });

  it('closes the connection of a user who is deactivated', async () => {
    const token = await r.login('hangtau');
    const socket = client(rUrl, token);
    await connected(socket);
    const closed = new Promise<string>((resolve) => socket.on('disconnect', (reason) => resolve(reason)));
    await r.sql("update users set is_active = false where user_id = 'hangtau'");
    expect(await closed).toBe('io server disconnect');
  });
});

describe.skipIf(!redisUp)('socket.io across two instances through Redis', () => {
  let a: TestApp;
  let b: TestApp;
  let urlB: string;

  beforeAll(async () => {
    a = await createTestApp({ config: { redisUrl: REDIS_URL } });
    b = await createTestApp({ database: a.database, config: { redisUrl: REDIS_URL } });
    await listen(a);
    urlB = await listen(b);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('delivers an event sent on instance A to the user connected to instance B, and to nobody else', async () => {
    // A token from either instance is good on both: they share the database and its signing secret.
    const [token, otherToken] = [await a.login('nhanvien'), await b.login('haiquan')];
    const onB = client(urlB, token);
    const otherOnB = client(urlB, otherToken);
    await Promise.all([connected(onB), connected(otherOnB)]);
    const [got, otherGot] = [notices(onB), notices(otherOnB)];
    // Other test runs may share this Redis: only envelopes carrying this test's nonce count.
    const nonce = randomUUID();
    const mine = (list: SocketEnvelope[]) => list.filter((e) => (e.data as { nonce?: string } | undefined)?.nonce === nonce);

    a.portal.live.toUser('nhanvien', 'notice', { request_type: 'test', note_state: 'A→B', data: { nonce } });
    await waitFor(() => mine(got).length > 0);
    expect(mine(got)).toEqual([{ request_type: 'test', note_state: 'A→B', data: { nonce } }]);
    await pause(200);
    expect(mine(otherGot)).toEqual([]);
  });
});
