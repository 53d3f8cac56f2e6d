import { NOTICES_CHANGED, type ServerToClientEvents, type SocketEnvelope } from '@smartport/contract';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, pause, waitFor } from '../helpers/live';
import { createTestApp, type TestApp } from '../helpers/test-app';

interface Reply {
  success: boolean;
  message?: string;
  payload?: Record<string, unknown>[];
}

let t: TestApp;
let url: string;
let admin: string;
let customer: string;
const sockets: Socket<ServerToClientEvents>[] = [];

beforeAll(async () => {
  t = await createTestApp();
  url = await listen(t);
  admin = await t.login('admin');
  customer = await t.login('khachhang');
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t?.close();
});

/** A signed-in page's live connection and the `notice` events it has received. */
async function openPage(token: string) {
  const socket: Socket<ServerToClientEvents> = io(url, { transports: ['websocket'], reconnection: false, forceNew: true, auth: { token } });
  sockets.push(socket);
  const received: SocketEnvelope[] = [];
  socket.on('notice', (env) => received.push(env));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return received;
}

const call = (path: string, body: unknown, token = admin) => t.call<Reply>(path, body, token);
const day = 86_400_000;

describe('live notice when notifications change', () => {
  it('tells every signed-in page (customer and admin) after a save and after a delete, and only then', async () => {
    const [toCustomer, toAdmin] = [await openPage(customer), await openPage(admin)];

    // Another catalogue's save is nobody else's business.
    const other = await call('common/updateMethodList', { data: [{ MethodCode: 'LIVE1', MethodName: 'Thử sự kiện' }] });
    expect(other.status).toBe(200);
    await pause(300);
    expect(toCustomer).toEqual([]);

    const saved = await call('config/updateNotifyList', {
      data: [
        {
          MailTitle: 'Thông báo phát trực tiếp',
          NotifyContent: '<p>Cảng <strong>thông báo</strong></p>',
          NotifyFrom: new Date(Date.now() - day).toISOString(),
          NotifyTo: new Date(Date.now() + day).toISOString(),
          IsActive: true,
        },
      ],
    });
    expect(saved.status).toBe(200);
    await waitFor(() => toCustomer.length === 1 && toAdmin.length === 1);
    expect(toCustomer[0]).toEqual({ request_type: NOTICES_CHANGED });

    const row = (await call('config/getNotifyList', {})).body.payload?.find((r) => r.MailTitle === 'Thông báo phát trực tiếp');
    expect(row?.Rowguid).toBeTruthy();
    const deleted = await call('config/deleteNotifyList', { data: [{ Rowguid: row?.Rowguid }] });
    expect(deleted.status).toBe(200);
    await waitFor(() => toCustomer.length === 2);
    expect(toCustomer[1]).toEqual({ request_type: NOTICES_CHANGED });
  });

  it('sends nothing when a save is refused', async () => {
    const received = await openPage(customer);
    const refused = await call('config/updateNotifyList', {
      data: [{ MailTitle: 'Sai giờ', NotifyFrom: new Date().toISOString(), NotifyTo: new Date(Date.now() - day).toISOString() }],
    });
    expect(refused.status).toBe(400);
    await pause(300);
    expect(received).toEqual([]);
  });
});
