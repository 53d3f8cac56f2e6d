import { defineConfig } from 'vitest/config';

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
