// CI's type-check: the commands of `npm run typecheck` (one `tsc -p <program> --noEmit` each, joined by &&) run side
// by side, as many at a time as the machine has cores, the largest first; each one's output is printed whole when it
// ends, with its time. Fails when any fails. `npm run typecheck` itself stays the plain sequence.
// Three programs, not one per workspace: tsconfig/node.json (contract, server, simulators, file transfer: Node's types
// only), apps/web (DOM, JSX) and tsconfig/tools.json (e2e and bench, which import the server: DOM for page callbacks).
// Seven per-workspace programs checked the contract four times and the server twice (117 CPU-s against about 95).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

const root = new URL('..', import.meta.url).pathname;
const script = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).scripts.typecheck;
const largestFirst = ['apps/web', 'tsconfig/node.json', 'tsconfig/tools.json'];
const rank = (cmd) => {
  const i = largestFirst.findIndex((w) => cmd.includes(`-p ${w} `) || cmd.endsWith(`-p ${w}`));
  return i === -1 ? largestFirst.length : i;
};
const commands = script
  .split('&&')
  .map((c) => c.trim())
  .filter(Boolean)
  .sort((a, b) => rank(a) - rank(b));
const width = Number(process.env.TYPECHECK_JOBS) || Math.max(1, availableParallelism());

function runOne(cmd) {
  return new Promise((done) => {
    const t0 = Date.now();
    const child = spawn(cmd, { cwd: root, shell: true, env: { ...process.env, PATH: `${root}node_modules/.bin:${process.env.PATH}` } });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      out += d;
    });
    child.on('close', (code) => {
      process.stdout.write(`${out}${cmd}: ${((Date.now() - t0) / 1000).toFixed(0)} s${code === 0 ? '' : ` (rc=${code})`}\n`);
      done(code ?? 1);
    });
  });
}

const queue = [...commands];
let failed = 0;
await Promise.all(
  Array.from({ length: Math.min(width, queue.length) }, async () => {
    for (let cmd = queue.shift(); cmd; cmd = queue.shift()) if ((await runOne(cmd)) !== 0) failed++;
  }),
);
process.exit(failed ? 1 : 0);
