import { createServer } from 'node:net';
import { demoMailAccount, mailSimulator, type ReceivedMail, type RunningSimulator, startSimulator } from '@smartport/simulators';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSmtpMailSender } from '../../../src/adapters/mail/mail.adapter';
import type { MailConnection } from '../../../src/adapters/mail/mail.port';
import { createOutboundPolicy } from '../../../src/security/outbound-policy';

// The SMTP adapter against the real local mail server (smtp-server on loopback), read back through its HTTP inbox.
let sim: RunningSimulator;
let conn: MailConnection;
// The local mail server listens on loopback, which this deployment lists.
const sender = createSmtpMailSender({ timeoutMs: 1500, outbound: createOutboundPolicy({ allow: ['127.0.0.1', 'localhost'] }) });

const inbox = async (query = '') =>
  ((await (await fetch(`${sim.url}/messages${query}`)).json()) as { messages: { id: string; subject: string; to: string[] }[] }).messages;
const knobs = (body: Record<string, unknown>) =>
  fetch(`${sim.url}/_knobs`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

beforeAll(async () => {
  sim = await startSimulator(mailSimulator, 0);
  const smtp = new URL(String(sim.endpoints.smtp));
  conn = {
    host: smtp.hostname,
    port: Number(smtp.port),
    secure: false,
    user: demoMailAccount.user,
    password: demoMailAccount.pass,
    from: '"Cảng SmartPort" <noreply@smartport.local>',
  };
});
afterAll(async () => {
  await sim?.close();
});
beforeEach(async () => {
  await knobs({ reset: true });
  await fetch(`${sim.url}/messages`, { method: 'DELETE' });
});

describe('SMTP mail adapter (nodemailer) against the local mail server', () => {
  it('sends with the connection given per call; the inbox shows it, Vietnamese intact', async () => {
    const sent = await sender.send(conn, {
      to: ['khachhang@example.vn'],
      cc: ['ketoan@example.vn'],
      subject: 'Thông báo lệnh đã thanh toán',
      html: '<p>Lệnh <b>SP-001</b> đã được thanh toán.</p>',
    });
    expect(sent).toMatchObject({ ok: true, accepted: ['khachhang@example.vn', 'ketoan@example.vn'], rejected: [] });
    const list = await inbox('?to=khachhang@example.vn');
    expect(list).toHaveLength(1);
    const full = (await (await fetch(`${sim.url}/messages/${list[0]?.id}`)).json()) as ReceivedMail;
    expect(full).toMatchObject({
      subject: 'Thông báo lệnh đã thanh toán',
      to: ['khachhang@example.vn'],
      cc: ['ketoan@example.vn'],
      authUser: demoMailAccount.user,
      envelope: { from: 'noreply@smartport.local', to: ['khachhang@example.vn', 'ketoan@example.vn'] },
    });
    expect(full.from).toContain('noreply@smartport.local');
    expect(full.html).toContain('<b>SP-001</b>');
    expect(full.text).toContain('Lệnh SP-001 đã được thanh toán.');
    expect(full.messageId).toBe(sent.ok ? sent.messageId : null);
    // DELETE empties the inbox.
    await fetch(`${sim.url}/messages`, { method: 'DELETE' });
    expect(await inbox()).toEqual([]);
  });

  it('sends without login to a server that takes mail without one', async () => {
    const { user: _u, password: _p, ...anonymous } = conn;
    const sent = await sender.send(anonymous, { to: ['a@example.vn'], subject: 'Không đăng nhập', text: 'xin chào' });
    expect(sent.ok).toBe(true);
    expect((await inbox())[0]?.subject).toBe('Không đăng nhập');
  });

  it('says login_refused for a wrong password, and nothing arrives', async () => {
    const r = await sender.send({ ...conn, password: 'sai-mat-khau' }, { to: ['a@example.vn'], subject: 'x', text: 'x' });
    expect(r).toMatchObject({ ok: false, failure: 'login_refused' });
    expect(await sender.verify({ ...conn, password: 'sai-mat-khau' })).toMatchObject({ ok: false, failure: 'login_refused' });
    expect(await sender.verify(conn)).toEqual({ ok: true });
    expect(await inbox()).toEqual([]);
  });

  it('says recipients_refused when the server refuses every recipient', async () => {
    await knobs({ rejectRecipients: true });
    const r = await sender.send(conn, { to: ['a@example.vn'], subject: 'x', text: 'x' });
    expect(r).toMatchObject({ ok: false, failure: 'recipients_refused' });
    expect(r.ok ? '' : r.detail).toContain('a@example.vn');
  });

  it('says timeout when the server stalls longer than the time limit', async () => {
    await knobs({ smtpDelayMs: 5000 });
    const started = Date.now();
    const r = await sender.send(conn, { to: ['a@example.vn'], subject: 'x', text: 'x' });
    expect(r).toMatchObject({ ok: false, failure: 'timeout' });
    expect(Date.now() - started).toBeLessThan(4000);
  });

  it('says timeout for a server that accepts the connection and never greets', async () => {
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as { port: number }).port;
    try {
      expect(await sender.verify({ ...conn, port })).toMatchObject({ ok: false, failure: 'timeout' });
    } finally {
      silent.close();
    }
  });

  it('says unreachable when nothing listens, and not_configured without a host', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as { port: number }).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    expect(await sender.send({ ...conn, port }, { to: ['a@example.vn'], subject: 'x', text: 'x' })).toMatchObject({
      ok: false,
      failure: 'unreachable',
    });
    expect(await sender.send({ ...conn, host: ' ' }, { to: ['a@example.vn'], subject: 'x', text: 'x' })).toEqual({
      ok: false,
      failure: 'not_configured',
    });
  });
});
