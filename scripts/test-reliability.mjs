// `npm run test:reliability`: the reliability suite — the tests titled '[reliability: <case>]' in the files
// scripts/reliability-cases.json lists, on PGlite and (with TEST_DATABASE_URL) on PostgreSQL. They also run inside
// `npm test`. Fails when a case has no passing test in a database run, so a renamed test cannot drop out unseen.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const { cases } = JSON.parse(readFileSync(join(root, 'scripts/reliability-cases.json'), 'utf8'));
const files = [...new Set(Object.values(cases).flat())];
const out = join(root, 'e2e/.runtime');
mkdirSync(out, { recursive: true });
const tag = /\[reliability: ([a-z-]+)\]/;

/** One database project: runs the tagged tests, answers the passed tests per case and the problems found. */
function runProject(project) {
  const report = join(out, `reliability-${project}.json`);
  rmSync(report, { force: true });
  const status =
    spawnSync(
      'npx',
      [
        'vitest',
        'run',
        '--project',
        project,
        '-t',
        '\\[reliability: ',
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${report}`,
        // Extra vitest options (e.g. `npm run test:reliability -- --hookTimeout=240000` on a loaded machine).
        ...process.argv.slice(2),
        ...files,
      ],
      { cwd: root, stdio: 'inherit' },
    ).status ?? 1;
  const passed = Object.fromEntries(Object.keys(cases).map((c) => [c, 0]));
  let problems = status === 0 ? 0 : 1;
  if (!existsSync(report)) return { passed, problems: problems + 1 };
  // One entry per test: the case comes from the title (its own or a describe's).
  const results = JSON.parse(readFileSync(report, 'utf8')).testResults.flatMap((file) => file.assertionResults);
  for (const r of results) {
    const found = tag.exec([...(r.ancestorTitles ?? []), r.title].join(' '));
    if (!found || r.status === 'skipped' || r.status === 'pending') continue;
    if (!(found[1] in passed)) {
      console.error(`test:reliability: '${r.fullName}' names the case '${found[1]}', which scripts/reliability-cases.json does not list`);
      problems++;
    } else if (r.status === 'passed') passed[found[1]]++;
  }
  return { passed, problems };
}

// The databases one after the other (each run uses the machine's cores).
const projects = ['server-pglite', ...(process.env.TEST_DATABASE_URL ? ['server-postgres'] : [])];
const runs = projects.map((p) => [p, runProject(p)]);
let problems = 0;
console.log('\nReliability suite: passed tests per case');
console.log(`  ${'case'.padEnd(24)} ${projects.map((p) => p.padEnd(16)).join(' ')}`);
for (const c of Object.keys(cases)) {
  // Each case must pass at least once on every database.
  const counts = runs.map(([, r]) => r.passed[c]);
  const ok = counts.every((n) => n > 0);
  if (!ok) problems++;
  console.log(`${ok ? '✓' : '✗'} ${c.padEnd(24)} ${counts.map((n) => String(n).padEnd(16)).join(' ')}`);
}
for (const [, r] of runs) problems += r.problems;
process.exit(problems === 0 ? 0 : 1);
