import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Files that take far longer than the rest (measured in CI's JSON reports), longest first. Without a results cache (a
 * fresh clone) vitest starts the largest files first, and a small file that runs for two minutes (the bench smoke
 * spawns the whole bench) started last left one core idle while it ran alone: each project starts these first.
 */
const slowFirst = [
  'bench/test/bench-smoke.test.ts',
  'apps/server/test/integration/call-table.test.ts',
  'apps/server/test/integration/admin-sftp.test.ts',
  'apps/server/test/integration/stats-rollups.test.ts',
  'apps/server/test/integration/range-checks.test.ts',
  'apps/server/test/unit/schema-migrations.test.ts',
  'apps/file-transfer/test/login-guard.test.ts',
  'apps/server/test/integration/admin-terminal-config.test.ts',
  'apps/server/test/integration/jobs.test.ts',
];
const slowRank = (file: string) => {
  const i = slowFirst.findIndex((f) => file.endsWith(f));
  return i === -1 ? slowFirst.length : i;
};

/** Vitest's own order (projects one after another, known durations or sizes), with the known slow files first in each. */
class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    const place = new Map(sorted.map((f, i) => [f, i]));
    const projectOrder = new Map<string, number>();
    for (const f of sorted) if (!projectOrder.has(f.project.name)) projectOrder.set(f.project.name, projectOrder.size);
    const key = (f: TestSpecification) => [projectOrder.get(f.project.name) ?? 0, slowRank(f.moduleId), place.get(f) ?? 0];
    return sorted.sort((a, b) => {
      const [ka, kb] = [key(a), key(b)];
      for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return (ka[i] ?? 0) - (kb[i] ?? 0);
      return 0;
    });
  }
}

const integrationFiles = ['apps/server/test/integration/**/*.test.ts'];
// Seeds one database per project run; each integration file starts from a copy of it (test/helpers/seeded-template.ts).
const globalSetup = ['apps/server/test/helpers/seeded-template.ts'];

/**
 * `npm run test:unit`: unit tests, the server's integration tests on an in-memory PGlite per file (a copy of one seeded
 * database, see globalSetup),
 * and the same integration tests on a real PostgreSQL when TEST_DATABASE_URL is set (CI does).
 */
export default defineConfig({
  test: {
    pool: 'forks',
    sequence: { sequencer: SlowFirstSequencer },
    // Two cores here: one file per core; each integration file builds its own portal and database.
    maxWorkers: 2,
    // Files of a worker share its module cache: each integration file used to import the whole server again (half of
    // the server projects' time). Files build their own portal and database and restore what they stub; the unit
    // project, whose call-registry test mocks the contract module, keeps one module cache per file.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          isolate: true,
          include: [
            'packages/*/test/**/*.test.ts',
            'apps/server/test/unit/**/*.test.ts',
            'apps/simulators/test/**/*.test.ts',
            'apps/file-transfer/test/**/*.test.ts',
          ],
        },
      },
      {
        extends: true,
        test: { name: 'web', environment: 'node', include: ['apps/web/test/**/*.test.ts'] },
      },
      {
        extends: true,
        // The bench in --smoke mode (bench/src/run.ts): every row printed, no figure judged.
        test: { name: 'bench', environment: 'node', include: ['bench/test/**/*.test.ts'] },
      },
      {
        extends: true,
        test: { name: 'server-pglite', environment: 'node', include: integrationFiles, globalSetup, env: { TEST_DB_KIND: 'pglite' } },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              extends: true as const,
              test: {
                name: 'server-postgres',
                environment: 'node' as const,
                include: integrationFiles,
                globalSetup,
                env: { TEST_DB_KIND: 'postgres' as const },
              },
            },
          ]
        : []),
    ],
  },
});
