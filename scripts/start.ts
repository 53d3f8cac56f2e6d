// `npm start`: simulators of the external systems, the file-transfer (SFTP) service, then the portal (API, socket.io and
// the built SPA) on one port.

import { join } from 'node:path';
import { senderMail } from '@smartport/contract';
import { buildApp, ConfigError, loadConfig, newSecret, partnerSecretVariables, withSecrets } from '@smartport/server';
import { demoMailAccount, demoTosAccount, startSimulators } from '@smartport/simulators';
import {
  FILE_TRANSFER_CONTROL_OFFSET,
  FILE_TRANSFER_SFTP_OFFSET,
  type RunningFileTransfer,
  startFileTransfer,
} from '../apps/file-transfer/src/index';

/**
 * Reads and checks the environment before any simulator starts: a bad value, or a partner key missing
 * outside demo mode, stops here with the variables named (no stack trace). No partner key lives in
 * the source: in demo mode each start makes fresh ones, and the simulators started here get the same
 * keys as the portal (a key given by the operator is shared with them the same way).
 */
function checkedEnvironment() {
  try {
    const env = loadConfig();
    // Demo: the TOS simulator's demo account, for the connection check and the TOS order feed.
    if (env.demo && !process.env.TOS_USER) {
      process.env.TOS_USER = demoTosAccount.user;
      process.env.TOS_PASSWORD = demoTosAccount.pass;
    }
    // The file-transfer service started below shares the portal's control key (a demo start makes one).
    if (!process.env.FILE_TRANSFER_KEY && env.demo) process.env.FILE_TRANSFER_KEY = newSecret();
    for (const v of partnerSecretVariables) {
      if (!process.env[v.portal] && env.demo) process.env[v.portal] = newSecret();
      if (process.env[v.portal] && !process.env[v.simulator]) process.env[v.simulator] = process.env[v.portal];
    }
    return withSecrets(loadConfig());
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(err.message);
    process.exit(1);
  }
}
const env = checkedEnvironment();
const sims = await startSimulators({ basePort: env.simBasePort });
// SIM_<NAME>_URL for each simulator, SIM_<NAME>_<ENDPOINT>_URL for its other addresses (SIM_MAIL_SMTP_URL).
for (const s of sims) {
  process.env[`SIM_${s.name.toUpperCase()}_URL`] = s.url;
  for (const [name, url] of Object.entries(s.endpoints)) process.env[`SIM_${s.name.toUpperCase()}_${name.toUpperCase()}_URL`] = url;
}
// The file-transfer service (apps/file-transfer): its control API on base + 20 (loopback only), SFTP on base + 21 or
// FILE_TRANSFER_SFTP_PORT, bound to FILE_TRANSFER_SFTP_HOST (default loopback; 0.0.0.0 or the address shipping lines
// reach in production), its files in DATA_DIR/sftp (a temporary folder for DATA_DIR=memory). Skipped when
// SIM_FILE_TRANSFER_URL names another.
function sftpPortFromEnv(): number | undefined {
  const v = process.env.FILE_TRANSFER_SFTP_PORT;
  if (!v) return undefined;
  const port = Number(v);
  if (!Number.isInteger(port) || port < 1 || port > 65_535) {
    console.error(`FILE_TRANSFER_SFTP_PORT: cổng không hợp lệ "${v}" (1–65535).`);
    process.exit(1);
  }
  return port;
}
let fileTransfer: RunningFileTransfer | null = null;
if (!process.env.SIM_FILE_TRANSFER_URL) {
  fileTransfer = await startFileTransfer({
    dataDir: env.dataDir === 'memory' ? 'memory' : join(env.dataDir, 'sftp'),
    key: env.fileTransferKey,
    controlPort: env.simBasePort ? env.simBasePort + FILE_TRANSFER_CONTROL_OFFSET : 0,
    sftpPort: sftpPortFromEnv() ?? (env.simBasePort ? env.simBasePort + FILE_TRANSFER_SFTP_OFFSET : 0),
    ...(process.env.FILE_TRANSFER_SFTP_HOST ? { sftpHost: process.env.FILE_TRANSFER_SFTP_HOST } : {}),
    log: (line) => console.log(line),
  });
  process.env.SIM_FILE_TRANSFER_URL = fileTransfer.controlUrl;
  process.env.SIM_FILE_TRANSFER_SFTP_URL = fileTransfer.sftpUrl;
}

const started = Date.now();
const portal = await buildApp();
const { app, config, seed } = portal;

// Demo: mail goes to the local mail server (its inbox at SIM_MAIL_URL/messages) until an administrator sets another.
const smtp = process.env.SIM_MAIL_SMTP_URL ? new URL(process.env.SIM_MAIL_SMTP_URL) : null;
if (config.demo && smtp) {
  await portal.services.settingsForms.saveIfAbsent(senderMail, {
    host: smtp.hostname,
    port: Number(smtp.port),
    user: demoMailAccount.user,
    pass: demoMailAccount.pass,
    tls: 0,
  });
}

const sample = await portal.database.query<{ order_no: string }>(
  "select order_no from orders where order_status = 'C' order by created_time desc limit 1",
);
// The info file is written before listening, so whoever waits for the port finds it complete.
const address = `http://${config.host}:${config.port}`;
const lines = [
  '',
  `SmartPort đã sẵn sàng: ${address}   (khởi động ${((Date.now() - started) / 1000).toFixed(1)} s, CSDL: ${portal.database.kind})`,
  `Tài liệu API: ${address}/api/docs`,
  ...sims.map(
    (s) =>
      `Mô phỏng ${s.name}: ${s.url}${Object.entries(s.endpoints)
        .map(([name, url]) => `   (${name}: ${url})`)
        .join('')}`,
  ),
];
if (fileTransfer)
  lines.push(
    `Dịch vụ SFTP: ${fileTransfer.sftpUrl}   (khóa máy chủ ${fileTransfer.fingerprint}; API điều khiển: ${fileTransfer.controlUrl}; ${fileTransfer.startMessage})`,
  );
if (seed.demoLogins.length) {
  lines.push('Tài khoản demo (tên đăng nhập / mật khẩu / nhóm):');
  for (const u of seed.demoLogins) lines.push(`  ${u.UserID.padEnd(10)} ${u.password.padEnd(16)} ${u.group}`);
}
if (sample[0]) lines.push(`Xem lệnh công khai (mẫu): ${address}/order/${portal.services.publicOrders.linkToken(sample[0].order_no)}`);
// Machine-readable facts for the end-to-end tests (and scripts): where the portal is, one public order link.
if (config.infoFile) {
  const { mkdirSync, writeFileSync } = await import('node:fs');
  const { dirname } = await import('node:path');
  mkdirSync(dirname(config.infoFile), { recursive: true });
  const info = {
    url: address,
    simulators: Object.fromEntries(sims.map((s) => [s.name, s.url])),
    simulatorEndpoints: Object.fromEntries(sims.map((s) => [s.name, s.endpoints])),
    fileTransfer: fileTransfer ? { controlUrl: fileTransfer.controlUrl, sftpUrl: fileTransfer.sftpUrl } : null,
    sampleOrderNo: sample[0]?.order_no ?? null,
    sampleOrderLink: sample[0] ? `/order/${portal.services.publicOrders.linkToken(sample[0].order_no)}` : null,
    expiredOrderLink: sample[0]
      ? `/order/${portal.services.publicOrders.linkToken(sample[0].order_no, new Date(Date.now() - 60_000))}`
      : null,
  };
  writeFileSync(config.infoFile, JSON.stringify(info, null, 2));
}
await app.listen({ port: config.port, host: config.host });
console.log(lines.join('\n'));

const stop = async () => {
  await app.close();
  await Promise.all(sims.map((s) => s.close()));
  await fileTransfer?.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
