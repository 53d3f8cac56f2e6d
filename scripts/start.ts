// `npm start`: simulators of the external systems, then the portal (API, socket.io and the built SPA) on one port.
import { buildApp } from '@smartport/server';
import { startSimulators } from '@smartport/simulators';

const basePort = Number(process.env.SIM_BASE_PORT ?? 4100);
const sims = await startSimulators({ basePort });
for (const s of sims) process.env[`SIM_${s.name.toUpperCase()}_URL`] = s.url;

const started = Date.now();
const portal = await buildApp();
const { app, config, seed } = portal;
const address = await app.listen({ port: config.port, host: config.host });

const sample = await portal.database.query<{ order_no: string }>(
  "select order_no from orders where order_status = 'C' order by created_time desc limit 1",
);
const lines = [
  '',
  `SmartPort đã sẵn sàng: ${address}   (khởi động ${((Date.now() - started) / 1000).toFixed(1)} s, CSDL: ${portal.database.kind})`,
  `Tài liệu API: ${address}/api/docs`,
  ...sims.map((s) => `Mô phỏng ${s.name}: ${s.url}`),
];
if (seed.demoLogins.length) {
  lines.push('Tài khoản demo (tên đăng nhập / mật khẩu / nhóm):');
  for (const u of seed.demoLogins) lines.push(`  ${u.UserID.padEnd(10)} ${u.password.padEnd(16)} ${u.group}`);
}
if (sample[0]) lines.push(`Xem lệnh công khai (mẫu): ${address}/order/${portal.services.publicOrders.linkToken(sample[0].order_no)}`);
console.log(lines.join('\n'));

const stop = async () => {
  await app.close();
  await Promise.all(sims.map((s) => s.close()));
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
