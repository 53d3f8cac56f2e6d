// Builds the SPA when apps/web/dist is missing or older than its sources, so `npm start` serves current code.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const web = join(root, 'apps/web');
// WEB_DIST (relative to the repository) lets parallel checkouts or test runs build into their own folder.
const outDir = process.env.WEB_DIST ? resolve(root, process.env.WEB_DIST) : join(web, 'dist');
const marker = join(outDir, 'index.html');
if (!existsSync(join(web, 'index.html'))) process.exit(0);
if (!existsSync(join(web, 'node_modules')) && !existsSync(join(root, 'node_modules/vite'))) {
  process.exit(0);
}
function newest(dir) {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}
const sources = [
  join(web, 'vite.config.ts'),
  join(web, 'src'),
  join(web, 'public'),
  join(web, 'tools'),
  join(root, 'docs/help'),
  join(root, 'packages/contract/src'),
];
const srcTime = Math.max(
  ...sources.filter(existsSync).map((p) => (statSync(p).isDirectory() ? newest(p) : statSync(p).mtimeMs)),
  statSync(join(web, 'index.html')).mtimeMs,
);
if (existsSync(marker) && statSync(marker).mtimeMs >= srcTime) process.exit(0);
console.log('Đang build giao diện web (vite build)…');
const outArg = process.env.WEB_DIST ? ` -- --outDir ${JSON.stringify(outDir)}` : '';
execSync(`npm run build -w @smartport/web${outArg}`, { cwd: root, stdio: 'inherit' });
