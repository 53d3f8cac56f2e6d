// `npm test`: unit + server integration (vitest), then end-to-end (Playwright in Chromium), one stage after another,
// each stage's time printed as it ends; then the table of stage times (with .ci/run's own stages when CI_STAGE_TIMES
// names its file) and one closing line 'Tests: N passed, N failed, N skipped' over all stages (CI reads it).
// `node scripts/test-all.mjs --stage-table` prints only the table (.ci/run, when a stage before the tests failed).
import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
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

const reports = [];
const statuses = [];
statuses.push(vitestStageNamed('unit/web/bench', ['unit', 'web', 'bench']));
statuses.push(vitestStageNamed('server pglite', ['server-pglite']));
if (process.env.TEST_DATABASE_URL) statuses.push(vitestStageNamed('server postgres', ['server-postgres']));

/** One vitest run over some projects, with its own JSON report. */
function vitestStageNamed(name, projects) {
  const json = join(out, `vitest-${name.replace(/\W+/g, '-')}.json`);
  rmSync(json, { force: true });
  reports.push(json);
  return stage(name, 'npx', [
    'vitest',
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${json}`,
  ]);
}

const playwrightJson = join(out, 'playwright.json');
rmSync(playwrightJson, { force: true });
stage('web build', 'node', ['scripts/build-web-if-needed.mjs']);
const e2e = stage('e2e', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'], {
  PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson,
});
statuses.push(e2e);

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
