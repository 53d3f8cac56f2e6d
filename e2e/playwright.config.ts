import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3210);
export const infoFile = new URL(`./.runtime/info-${port}.json`, import.meta.url).pathname;

export default defineConfig({
  testDir: './specs',
  // Per port, so parallel runs on one machine keep their own traces.
  outputDir: `./test-results/${port}`,
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    viewport: { width: 1366, height: 768 },
    locale: 'vi-VN',
    timezoneId: 'Asia/Ho_Chi_Minh',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  // The whole product as `npm start` runs it, on an in-memory database with fresh demo data.
  webServer: {
    command: 'npx tsx scripts/start.ts',
    cwd: new URL('..', import.meta.url).pathname,
    url: `http://127.0.0.1:${port}/version.json`,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      DATA_DIR: 'memory',
      SEED_ORDERS: '2000',
      SIM_BASE_PORT: String(port + 1100),
      LOG_LEVEL: 'warn',
      REDIS_URL: '',
      DATABASE_URL: '',
      SMARTPORT_INFO_FILE: infoFile,
      ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
    },
  },
});
