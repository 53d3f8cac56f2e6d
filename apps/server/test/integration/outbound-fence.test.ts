import { createServer, type Server } from 'node:http';
import { createServer as createTcpServer, type Server as TcpServer } from 'node:net';
import { calls, mainConfig, terminalConfigMessages as msg } from '@smartport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';

/**
 * DESIGN.md §5, the outbound policy: the addresses an administrator types (TOS connections, mail servers, urlSFTP)
 * and the test buttons reach public servers on their standard ports, and what the deployment lists; never loopback,
 * private, link-local or metadata addresses it does not list. A test answers in the portal's short words, and every
 * failure takes the same time.
 */
const BUDGET = 1_500;
let t: TestApp;
let admin: string;
/** An HTTP server on every local address answering everything with a foreign error body; it counts connections. */
let open: Server;
let openPort: number;
let reached = 0;
/** Accepts connections and never answers. */
let silent: TcpServer;
let silentPort: number;
let closedPort: number;

const listen = (s: Server | TcpServer, host: string) =>
  new Promise<number>((resolve) => s.listen(0, host, () => resolve((s.address() as { port: number }).port)));

beforeAll(async () => {
  open = createServer((_req, res) => {
    res.writeHead(500, { 'content-type': 'text/plain' });
    res.end('fetch failed: internal stack at 10.0.0.7');
  });
  open.on('connection', () => {
    reached++;
  });
  openPort = await listen(open, '::');
  silent = createTcpServer(() => undefined);
  silentPort = await listen(silent, '127.0.0.1');
  const gone = createTcpServer();
  closedPort = await listen(gone, '127.0.0.1');
  await new Promise((resolve) => gone.close(resolve));
  // The deployment lists 127.0.0.1 only (no demo simulators configured): every other local address is fenced.
  t = await createTestApp({
    config: { outboundAllow: ['127.0.0.1'], outboundTestMs: BUDGET, simulators: {} },
    jobs: { start: false },
  });
  admin = await t.login('admin');
}, 120_000);
afterAll(async () => {
  await t?.close();
  open?.close();
  silent?.close();
});

const timed = async <T>(run: () => Promise<T>) => {
  const started = Date.now();
  const value = await run();
  return { value, ms: Date.now() - started };
};
const tosTest = (host: string, port: number) =>
  timed(() => t.call(calls.admin.tosTestLogin, { TerminalCode: 'NDP', host, port, user: 'smp', pass: 'Mật-khẩu-1' }, admin));
const mailTest = (host: string, port: number) =>
  timed(() =>
    t.call(
      calls.admin.testSendMail,
      { TerminalCode: 'NDP', host, port, user: 'u@cang.vn', pass: 'Mật-khẩu-1', tls: 0, to: 'x@cang.vn' },
      admin,
    ),
  );

describe('[reliability: outbound-fence] administrator-typed addresses', () => {
  it('never reaches loopback, private, link-local, metadata or IPv4-mapped addresses the deployment does not list', async () => {
    const before = reached;
    // Side by side: each refusal takes the whole budget.
    const tosHosts = [
      'http://127.0.0.2',
      'http://[::1]',
      'http://[::ffff:7f00:2]',
      'http://0.0.0.0',
      'http://169.254.169.254',
      'http://[::ffff:169.254.169.254]',
      'http://10.0.0.1',
      'http://192.168.1.1',
    ];
    const mailHosts = ['127.0.0.2', '::1', '169.254.169.254', '172.16.0.1'];
    const [tosAnswers, mailAnswers] = await Promise.all([
      Promise.all(tosHosts.map((host) => tosTest(host, openPort))),
      Promise.all(mailHosts.map((host) => mailTest(host, openPort))),
    ]);
    tosHosts.forEach((host, i) => {
      const { value } = tosAnswers[i] as Awaited<ReturnType<typeof tosTest>>;
      expect(value.status, host).toBe(200);
      expect(value.body, host).toEqual({
        success: false,
        message: msg.tosFailed('địa chỉ không được phép theo chính sách kết nối ra ngoài'),
      });
    });
    mailHosts.forEach((host, i) => {
      const { value } = mailAnswers[i] as Awaited<ReturnType<typeof mailTest>>;
      expect(value.body, host).toEqual({
        success: false,
        message: msg.mailFailed('địa chỉ không được phép theo chính sách kết nối ra ngoài'),
      });
    });
    expect(reached).toBe(before);
  }, 120_000);

  it('tells an open port from a closed one neither by words nor by time, and relays no foreign error text', async () => {
    const [openAnswer, closedAnswer, silentAnswer, mailClosed] = await Promise.all([
      tosTest('http://127.0.0.1', openPort),
      tosTest('http://127.0.0.1', closedPort),
      tosTest('http://127.0.0.1', silentPort),
      mailTest('127.0.0.1', closedPort),
    ]);
    for (const a of [openAnswer, closedAnswer]) {
      expect(a.value.body).toEqual({ success: false, message: msg.tosFailed('không kết nối được') });
      expect(a.value.raw).not.toMatch(/fetch failed|10\.0\.0\.7|ECONNREFUSED|500/);
    }
    expect(silentAnswer.value.body).toEqual({ success: false, message: msg.tosFailed('quá thời gian chờ') });
    // Every failure takes the whole budget: the fast refusal is padded to the time a silent server takes.
    for (const a of [openAnswer, closedAnswer, silentAnswer]) expect(a.ms).toBeGreaterThanOrEqual(BUDGET - 20);
    expect(mailClosed.value.body).toEqual({ success: false, message: msg.mailFailed('không kết nối được') });
    expect(mailClosed.ms).toBeGreaterThanOrEqual(BUDGET - 20);
  }, 120_000);

  it('refuses a stored urlSFTP that is not a deployment address: the file-transfer key is never sent there', async () => {
    const saved = await t.call(calls.siteConfig.saveMainConfig, { urlSFTP: `http://127.0.0.1:${openPort}` }, admin);
    expect(saved.status).toBe(400);
    expect(saved.body.message).toBe(
      'Chưa khai báo địa chỉ dịch vụ truyền tệp khi triển khai (FILE_TRANSFER_URLS): không thể lưu Địa chỉ API SFTP.',
    );
    // Even written around the screen (a database edit), the portal does not follow it.
    await t.portal.services.settingsForms.save(mainConfig, { urlSFTP: `http://127.0.0.1:${openPort}` });
    const before = reached;
    const res = await t.call(calls.admin.sftpGet, {}, admin);
    expect(res.status).toBe(424);
    expect(reached).toBe(before);
  });
});
