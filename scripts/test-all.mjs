// `npm test`: unit tests (vitest), then end-to-end (Playwright in Chromium) with the server integration tests (vitest,
// PGlite then PostgreSQL) running beside it, each stage's time printed as it ends; then the table of stage times (with .ci/run's own stages when CI_STAGE_TIMES
// names its file) and one closing line 'Tests: N passed, N failed, N skipped' over all stages (CI reads it).
// `node scripts/test-all.mjs --stage-table` prints only the table (.ci/run, when a stage before the tests failed).
import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync, closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const out = join(root, 'e2e/.runtime');
mkdirSync(out, { recursive: true });
const stageFile = process.env.CI_STAGE_TIMES;
const startedAt = Number(process.env.CI_STARTED_AT) || Date.now() / 1000;
/** Stages run by this process (when no CI_STAGE_TIMES file collects them). */
const ownStages = [];

function recordStage(name, seconds, rc) {
  const line = `${name}\t${Math.round(seconds)}\t${rc}\n`;
  if (stageFile) appendFileSync(stageFile, line);
  else ownStages.push(line);
  console.log(`::: stage ${name}: ${Math.round(seconds)}s (rc=${rc}) :::`);
}

function printStageTable() {
  const text = (stageFile && existsSync(stageFile) ? readFileSync(stageFile, 'utf8') : '') + ownStages.join('');
  const rows = text
    .split('\n')
    .filter(Boolean)
    .map((l) => l.split('\t'));
  const total = Math.round(Date.now() / 1000 - startedAt);
  const fmt = (s) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
  const width = Math.max(10, ...rows.map(([n]) => n.length));
  console.log('\nStage times');
  for (const [name, secs, rc] of rows) {
    console.log(`  ${name.padEnd(width)}  ${fmt(Number(secs)).padStart(6)}  ${rc === '0' ? 'ok' : `rc=${rc}`}`);
  }
  const staged = rows.reduce((sum, [, s]) => sum + Number(s), 0);
  if (total - staged > 5) console.log(`  ${'(between)'.padEnd(width)}  ${fmt(total - staged).padStart(6)}`);
  console.log(`  ${'total'.padEnd(width)}  ${fmt(total).padStart(6)}`);
}

if (process.argv.includes('--stage-table')) {
  printStageTable();
  process.exit(0);
}

const run = (cmd, args, env = {}) => spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

/** Runs one stage, records its time; answers its exit status. */
function stage(name, cmd, args, env) {
  const t0 = Date.now();
  const status = run(cmd, args, env);
  recordStage(name, (Date.now() - t0) / 1000, status);
  return status;
}

/**
 * Runs one stage while another runs: answers a promise of its exit status. With `quiet`, its output goes to a log
 * file printed whole when it ends, so two stages' lines never interleave.
 */
function stageBeside(name, cmd, args, env = {}, quiet = false) {
  const t0 = Date.now();
  const log = join(out, `${name.replace(/\W+/g, '-')}.log`);
  const fd = quiet ? openSync(log, 'w') : null;
  const stdio = fd === null ? 'inherit' : ['ignore', fd, fd];
  const child = spawn(cmd, args, { cwd: root, stdio, env: { ...process.env, ...env } });
  return new Promise((done) =>
    child.on('close', (code) => {
      if (fd !== null) {
        closeSync(fd);
        process.stdout.write(`\n::: output of stage ${name} :::\n${readFileSync(log, 'utf8')}`);
      }
      const status = code ?? 1;
      recordStage(name, (Date.now() - t0) / 1000, status);
      done(status);
    }),
  );
}

const reports = [];
const statuses = [];

/** The arguments of one vitest run over some projects, with its own JSON report. */
function vitestArgs(name, projects, extra = []) {
  const json = join(out, `vitest-${name.replace(/\W+/g, '-')}.json`);
  rmSync(json, { force: true });
  reports.push(json);
  return [
    'vitest',
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    ...extra,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${json}`,
  ];
}

statuses.push(stage('unit/web/bench', 'npx', vitestArgs('unit/web/bench', ['unit', 'web', 'bench'])));

// The end-to-end run drives one browser against one product server and leaves most of two cores idle (it waits on
// the page); the server's integration tests run beside it, one file at a time, on PGlite and then on PostgreSQL.
const playwrightJson = join(out, 'playwright.json');
rmSync(playwrightJson, { force: true });
stage('web build', 'node', ['scripts/build-web-if-needed.mjs']);
const serverStages = (async () => {
  const one = ['--maxWorkers=1'];
  const results = [await stageBeside('server pglite', 'npx', vitestArgs('server pglite', ['server-pglite'], one), {}, true)];
  if (process.env.TEST_DATABASE_URL) {
    results.push(await stageBeside('server postgres', 'npx', vitestArgs('server postgres', ['server-postgres'], one), {}, true));
  }
  return results;
})();
const e2e = stageBeside('e2e', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'], {
  PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson,
});
statuses.push(...(await serverStages), await e2e);

let passed = 0;
let failed = 0;
let skipped = 0;
for (const json of reports) {
  if (!existsSync(json)) continue;
  const v = JSON.parse(readFileSync(json, 'utf8'));
  passed += v.numPassedTests ?? 0;
  failed += v.numFailedTests ?? 0;
  skipped += (v.numPendingTests ?? 0) + (v.numTodoTests ?? 0);
}
if (existsSync(playwrightJson)) {
  const s = JSON.parse(readFileSync(playwrightJson, 'utf8')).stats ?? {};
  passed += (s.expected ?? 0) + (s.flaky ?? 0);
  failed += s.unexpected ?? 0;
  skipped += s.skipped ?? 0;
}
const ok = statuses.every((s) => s === 0);
if (!ok && failed === 0) failed = 1;
printStageTable();
console.log(`\nTests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(ok ? 0 : 1);
