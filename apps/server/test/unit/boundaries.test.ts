import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  applyAllowList,
  buildGraph,
  findCycles,
  formatCycle,
  formatViolation,
  readSourceTree,
  serverBoundaryViolations,
  type Violation,
} from '../../../../scripts/import-boundaries';

const prefix = 'apps/server/src/';
const graph = buildGraph(readSourceTree(fileURLToPath(new URL('../../src', import.meta.url))));

/** Crossings allowed for a stated reason; a stale entry fails below. None today. */
const knownViolations: readonly { file: string; target: string }[] = [];

const violations = (): Violation[] => serverBoundaryViolations(graph);

describe('server import boundaries (apps/server/src)', () => {
  it('reads the whole tree', () => {
    expect(graph.files.size).toBeGreaterThan(40);
    expect(graph.edges).toContainEqual(expect.objectContaining({ from: 'app.ts', to: 'modules/home/home.module.ts' }));
  });

  it('has no import cycles', () => {
    expect(findCycles(graph).map((c) => formatCycle(c, prefix))).toEqual([]);
  });

  it('lets modules talk only through services, keeps repositories in their module, services free of Fastify and socket.io, vendors in adapters/', () => {
    expect(applyAllowList(violations(), knownViolations).left.map((v) => formatViolation(v, prefix))).toEqual([]);
  });

  it('lists in knownViolations only imports that still exist', () => {
    expect(applyAllowList(violations(), knownViolations).unused).toEqual([]);
  });
});

describe('server composition (apps/server/src)', () => {
  const src = fileURLToPath(new URL('../../src', import.meta.url));
  const modules = readdirSync(`${src}/modules`, { withFileTypes: true }).filter((d) => d.isDirectory());

  it('gives every module one module file that builds it, and app.ts composes them all', () => {
    const app = readFileSync(`${src}/app.ts`, 'utf8');
    for (const m of modules) {
      expect(existsSync(`${src}/modules/${m.name}/${m.name}.module.ts`), `modules/${m.name}/${m.name}.module.ts`).toBe(true);
      expect(app, `app.ts composes ${m.name}`).toContain(`./modules/${m.name}/${m.name}.module`);
    }
    expect(modules.map((m) => m.name)).not.toContain('settings');
  });

  it('keeps app.ts a composition root that reads in a minute (at most 200 lines, no module repository or service built there)', () => {
    const app = readFileSync(`${src}/app.ts`, 'utf8');
    expect(app.split('\n').length).toBeLessThanOrEqual(200);
    expect(app).not.toMatch(/^import \{[^}]*\} from '\.\/modules\/[^']+\.(repository|service)';$/m);
  });
});
