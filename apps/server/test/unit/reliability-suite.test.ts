import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The reliability suite's cases (the failures the portal must survive); `npm run test:reliability` runs the tests titled
 * '[reliability: <case>]' in the files scripts/reliability-cases.json lists. This keeps list and titles in step.
 */
const root = resolve(fileURLToPath(new URL('../../../..', import.meta.url)));
const issueCases = [
  'forged-notice',
  'cancel-during-payment',
  'second-transfer',
  'invoice-without-dialog',
  'parallel-start',
  'role-order-call',
  'menu-grant',
  'lockout',
  'account-ceiling',
  'totp',
  'end-session',
  'shedding',
  'overload-goodput',
  'range-checks',
  'upload-before-auth',
  'lone-surrogate',
  'sftp-guessing',
  'sftp-refused-address',
  'secret-follows-host',
  'outbound-fence',
  'head-text',
  'keys-outside-db',
  'audit-trail',
];
const { cases } = JSON.parse(readFileSync(join(root, 'scripts/reliability-cases.json'), 'utf8')) as { cases: Record<string, string[]> };

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? testFiles(join(dir, e.name)) : e.name.endsWith('.test.ts') ? [join(dir, e.name)] : [],
  );
}

describe('the reliability suite (npm run test:reliability)', () => {
  it('lists exactly the reliability cases', () => {
    expect(Object.keys(cases).sort()).toEqual([...issueCases].sort());
  });

  it('finds a test titled with each case in every file listed for it', () => {
    for (const [name, files] of Object.entries(cases)) {
      expect(files.length, name).toBeGreaterThan(0);
      for (const f of files)
        expect(readFileSync(join(root, f), 'utf8'), `${f} has no '[reliability: ${name}]'`).toContain(`[reliability: ${name}]`);
    }
  });

  it('has no reliability title outside the list (a case or a file the runner would not run)', () => {
    for (const file of testFiles(join(root, 'apps/server/test'))) {
      const rel = relative(root, file);
      for (const m of readFileSync(file, 'utf8').matchAll(/\[reliability: ([a-z-]+)\]/g)) {
        if (rel.endsWith('reliability-suite.test.ts')) continue;
        expect(cases[m[1] as string], `${rel}: unknown case ${m[1]}`).toBeDefined();
        expect(cases[m[1] as string], `${rel} is not listed for ${m[1]}`).toContain(rel);
      }
    }
  });
});
