import { describe, expect, it } from 'vitest';
import {
  applyAllowList,
  buildGraph,
  findCycles,
  formatCycle,
  formatViolation,
  parseImports,
  serverBoundaryViolations,
  webBoundaryViolations,
} from '../../../../scripts/import-boundaries';

/** A tiny tree: `path → source`. */
const tree = (files: Record<string, string>) => buildGraph(new Map(Object.entries(files)));
const rulesOf = (vs: { rule: string; file: string; target: string }[]) => vs.map((v) => `${v.rule} ${v.file} → ${v.target}`);

describe('the boundary checker reads imports with TypeScript’s parser', () => {
  it('finds static, type-only, re-exported, dynamic and required imports with their lines and names', () => {
    const parsed = parseImports(
      'a.tsx',
      [
        "import React, { useState } from 'react';",
        "import type { A } from './a-types';",
        "import { type B, type C } from './b';",
        "import { type D, e } from './d';",
        "export * from './all';",
        "export type { F } from './f';",
        "const Page = lazy(() => import('./page'));",
        "const old = require('./legacy');",
        "type G = typeof import('./g');",
        "import './side-effect.css';",
        '// import { nope } from "./comment";',
        'const text = "import x from \'./string\'";',
      ].join('\n'),
    );
    expect(parsed.imports.map((i) => [i.specifier, i.line, i.typeOnly, i.dynamic])).toEqual([
      ['react', 1, false, false],
      ['./a-types', 2, true, false],
      ['./b', 3, true, false],
      ['./d', 4, false, false],
      ['./all', 5, false, false],
      ['./f', 6, true, false],
      ['./page', 7, false, true],
      ['./legacy', 8, false, false],
      ['./g', 9, true, false],
      ['./side-effect.css', 10, false, false],
    ]);
    expect(parsed.imports[0]?.names).toEqual(['useState']);
    expect(parsed.imports[3]?.names).toEqual(['D', 'e']);
  });

  it('finds direct fetch() calls (also globalThis.fetch and window.fetch), not methods named fetch', () => {
    const parsed = parseImports(
      'x.ts',
      [
        "await fetch('http://x');",
        'await globalThis.fetch(u);',
        'await window.fetch(u);',
        'client.fetch(u);',
        'queryClient.fetchQuery(o);',
      ].join('\n'),
    );
    expect(parsed.fetchCalls).toEqual([1, 2, 3]);
  });

  it('resolves relative imports to files of the tree (.ts, .tsx, index files, .js suffix) and keeps packages apart', () => {
    const g = tree({
      'a.ts': "import './b'; import './c'; import './d'; import './e.js'; import './f.css'; import '@scope/pkg/sub'; import 'node:fs';",
      'b.ts': '',
      'c.tsx': '',
      'd/index.ts': '',
      'e.ts': '',
    });
    expect(g.edges.map((e) => e.to)).toEqual(['b.ts', 'c.tsx', 'd/index.ts', 'e.ts']);
    expect(g.packages.map((p) => p.pkg)).toEqual(['@scope/pkg', 'node:fs']);
  });
});

describe('import cycles', () => {
  it('finds none in a tree without one', () => {
    expect(findCycles(tree({ 'a.ts': "import './b';", 'b.ts': "import './c';", 'c.ts': '' }))).toEqual([]);
  });

  it('finds a cycle through a lazy import and prints its chain with lines, back to where it started', () => {
    const g = tree({
      'features/home/TaskLinks.tsx': "import { x } from '../../app/resolve-view';",
      'app/resolve-view.ts': "\nimport { y } from './view-groups';",
      'app/view-groups.ts': "export const l = () => import('../views/HomePage');",
      'views/HomePage/index.ts': "export const p = () => import('../../features/home/TaskLinks');",
      'lib/menu.ts': '',
    });
    const cycles = findCycles(g);
    expect(cycles).toHaveLength(1);
    expect(formatCycle(cycles[0] ?? [], 'apps/web/src/')).toBe(
      [
        'apps/web/src/app/resolve-view.ts:2',
        'apps/web/src/app/view-groups.ts:1 (import())',
        'apps/web/src/views/HomePage/index.ts:1 (import())',
        'apps/web/src/features/home/TaskLinks.tsx:1',
        'apps/web/src/app/resolve-view.ts',
      ].join('\n    → '),
    );
  });

  it('finds each knot once, type-only imports and a file importing itself included', () => {
    const g = tree({
      'a.ts': "import type { B } from './b';",
      'b.ts': "import { a } from './a';",
      'c.ts': "import { c } from './c';",
      'd.ts': "import './e';",
      'e.ts': "import './f';",
      'f.ts': "import './d'; import './a';",
    });
    expect(findCycles(g).map((c) => c.map((e) => e.from))).toEqual([['a.ts', 'b.ts'], ['c.ts'], ['d.ts', 'e.ts', 'f.ts']]);
  });
});

describe('the web rules', () => {
  const clean = {
    'lib/api-client.ts': 'export const callApi = 1; export class ApiError {}',
    'lib/menu.ts': '',
    'components/grid/Grid.tsx': "import { callApi } from '../../lib/api-client';",
    'features/home/api.ts': "import { callApi } from '../../lib/api-client';",
    'features/home/HomeDashboard.tsx':
      "import { ApiError } from '../../lib/api-client'; import { x } from './api'; import '../../lib/menu'; import '../../components/grid/Grid';",
    'features/payments/PaymentDialog.tsx': '',
    'views/HomePage/index.ts':
      "import type { ViewPages } from '../../app/view-types'; const a = () => import('../../features/home/HomeDashboard'); const b = () => import('../../features/payments/PaymentDialog');",
    'app/view-types.ts': '',
    'app/view-groups.ts': "const l = () => import('../views/HomePage');",
  };

  it('accepts the layers as designed: features use lib/ and components/, views compose features, app loads views', () => {
    expect(webBoundaryViolations(tree(clean))).toEqual([]);
  });

  it('refuses a feature importing another, anything shared or a feature importing app/ or views/, app/ importing a feature, and screens calling the server', () => {
    const g = tree({
      ...clean,
      'features/home/OrderRowsTable.tsx':
        "import { PaymentDialog } from '../payments/PaymentDialog'; import { f } from '../../app/view-groups';",
      'features/home/Uses.tsx': "import { callApi } from '../../lib/api-client';",
      'lib/session.ts': "import '../features/home/api';",
      'components/grid/Cells.tsx': "import '../../views/HomePage';",
      'app/router.tsx': "const Login = () => import('../features/home/HomeDashboard');",
    });
    expect(rulesOf(webBoundaryViolations(g))).toEqual([
      'web/feature-to-feature features/home/OrderRowsTable.tsx → features/payments/PaymentDialog.tsx',
      'web/upward features/home/OrderRowsTable.tsx → app/view-groups.ts',
      'web/calls-in-api features/home/Uses.tsx → lib/api-client.ts',
      'web/shared-to-feature lib/session.ts → features/home/api.ts',
      'web/upward components/grid/Cells.tsx → views/HomePage/index.ts',
      'web/app-to-feature app/router.tsx → features/home/HomeDashboard.tsx',
    ]);
  });
});

describe('the server rules', () => {
  const clean = {
    'app.ts': "import './modules/home/home.repository'; import './modules/home/home.routes'; import 'fastify';",
    'index.ts': "export { x } from './modules/compare/compare.repository';",
    'modules/home/home.routes.ts': "import type { FastifyInstance } from 'fastify'; import './home.service';",
    'modules/home/home.service.ts':
      "import './home.repository'; import '../orders/public-order.service'; import '../../adapters/mail/mail.port';",
    'modules/home/home.repository.ts':
      "import 'drizzle-orm'; import { notices } from './home.table'; import { orders } from '../../db/schema';",
    'modules/home/home.table.ts': '',
    'modules/orders/orders.table.ts': "import { terminals } from '../home/home.table';",
    'db/schema.ts': "export * from '../modules/home/home.table'; export * from '../modules/orders/orders.table';",
    'db/client.ts': "import * as schema from './schema';",
    'modules/orders/public-order.service.ts': '',
    'modules/compare/compare.repository.ts': '',
    'adapters/mail/mail.port.ts': '',
    'adapters/mail/smtp-mail.adapter.ts': "import nodemailer from 'nodemailer'; await fetch('http://x');",
    'grid/grid.service.ts': "import './grid.repository';",
    'grid/grid.repository.ts': '',
    'grid/grid-tables.ts': "import * as schema from '../db/schema';",
  };

  it('accepts the layers as designed: modules meet at services, repositories stay home, vendors stay in adapters/', () => {
    expect(serverBoundaryViolations(tree(clean))).toEqual([]);
  });

  it('refuses another module’s repository or routes, Fastify or socket.io in a service, and vendors or fetch() outside adapters/', () => {
    const g = tree({
      ...clean,
      'modules/invoices/invoices.service.ts':
        "import type { R } from '../home/home.repository'; import '../home/home.routes'; import type { FastifyReply } from 'fastify'; import { Server } from 'socket.io';",
      'modules/payments/partners.ts': "import { request } from 'undici';\nconst r = await fetch(url);",
      'jobs/mailer.ts': "import nodemailer from 'nodemailer';",
      'modules/catalogs/catalogs.routes.ts': "import '../../grid/grid.repository';",
    });
    expect(rulesOf(serverBoundaryViolations(g))).toEqual([
      'server/module-through-service modules/invoices/invoices.service.ts → modules/home/home.repository.ts',
      'server/repository-in-module modules/invoices/invoices.service.ts → modules/home/home.repository.ts',
      'server/module-through-service modules/invoices/invoices.service.ts → modules/home/home.routes.ts',
      'server/repository-in-module modules/catalogs/catalogs.routes.ts → grid/grid.repository.ts',
      'server/service-framework-free modules/invoices/invoices.service.ts → fastify',
      'server/service-framework-free modules/invoices/invoices.service.ts → socket.io',
      'server/vendor-in-adapters modules/payments/partners.ts → undici',
      'server/vendor-in-adapters jobs/mailer.ts → nodemailer',
      'server/vendor-in-adapters modules/payments/partners.ts → fetch()',
    ]);
  });

  it('keeps tables to repositories (their own module’s *.table.ts, any through db/schema.ts), other tables, db/ and grid/', () => {
    const g = tree({
      ...clean,
      'modules/home/home.service.ts': "import type { notices } from './home.table';",
      'modules/orders/orders.routes.ts': "import { orders } from '../../db/schema';",
      'modules/orders/orders.repository.ts': "import { notices } from '../home/home.table';",
      'modules/orders/orders-extra.table.ts': "import '../home/home.repository';",
      'jobs/cleanup.job.ts': "import { orders } from '../modules/orders/orders.table';",
    });
    expect(rulesOf(serverBoundaryViolations(g))).toEqual([
      'server/tables-in-repositories modules/home/home.service.ts → modules/home/home.table.ts',
      'server/tables-in-repositories modules/orders/orders.routes.ts → db/schema.ts',
      'server/module-through-service modules/orders/orders.repository.ts → modules/home/home.table.ts',
      'server/module-through-service modules/orders/orders-extra.table.ts → modules/home/home.repository.ts',
      'server/repository-in-module modules/orders/orders-extra.table.ts → modules/home/home.repository.ts',
      'server/tables-in-repositories jobs/cleanup.job.ts → modules/orders/orders.table.ts',
    ]);
  });

  it('says where and why, with the repository path', () => {
    const [v] = serverBoundaryViolations(tree({ ...clean, 'modules/orders/x.service.ts': "\n\nimport '../home/home.repository';" }));
    expect(v && formatViolation(v, 'apps/server/src/')).toBe(
      "[server/module-through-service] apps/server/src/modules/orders/x.service.ts:3 imports apps/server/src/modules/home/home.repository.ts\n    modules talk only through services: orders may import home's *.service.ts, not home.repository.ts.",
    );
  });
});

describe('allow-lists', () => {
  it('leaves out listed violations and names the entries that no longer match', () => {
    const vs = [
      { rule: 'r', file: 'a.ts', line: 1, target: 'b.ts', why: '' },
      { rule: 'r', file: 'c.ts', line: 1, target: 'd.ts', why: '' },
    ];
    const out = applyAllowList(vs, [
      { file: 'a.ts', target: 'b.ts' },
      { file: 'x.ts', target: 'y.ts' },
    ]);
    expect(out.left.map((v) => v.file)).toEqual(['c.ts']);
    expect(out.unused).toEqual([{ file: 'x.ts', target: 'y.ts' }]);
  });
});
