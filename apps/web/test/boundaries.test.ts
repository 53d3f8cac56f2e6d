import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  applyAllowList,
  buildGraph,
  findCycles,
  formatCycle,
  formatViolation,
  readSourceTree,
  webBoundaryViolations,
} from '../../../scripts/import-boundaries';

const prefix = 'apps/web/src/';
const graph = buildGraph(readSourceTree(fileURLToPath(new URL('../src', import.meta.url))));

/** Imports allowed for a stated reason (none today); a stale entry fails below. */
const allowed: readonly { file: string; target: string }[] = [];

/** Folders whose screens may call the server outside their api.ts, for a stated reason (none today). */
const callsOutsideApiAllowedIn: readonly string[] = [];

const violations = () =>
  webBoundaryViolations(graph).filter(
    (v) => !(v.rule === 'web/calls-in-api' && callsOutsideApiAllowedIn.some((f) => v.file.startsWith(f))),
  );

describe('web import boundaries (apps/web/src): lib/ and components/ ← features/<module>/ ← views/ ← app/', () => {
  it('reads the whole tree, lazy pages included', () => {
    expect(graph.files.size).toBeGreaterThan(80);
    expect(graph.edges).toContainEqual(
      expect.objectContaining({ from: 'views/HomePage/index.ts', to: 'features/home/HomeDashboard.tsx', dynamic: true }),
    );
  });

  it('has no import cycles (static, lazy or type-only)', () => {
    expect(findCycles(graph).map((c) => formatCycle(c, prefix))).toEqual([]);
  });

  it('keeps features apart and the layers pointing one way; only a feature’s api.ts calls the server', () => {
    expect(applyAllowList(violations(), allowed).left.map((v) => formatViolation(v, prefix))).toEqual([]);
  });

  it('lists in its allow-list only imports that still exist (remove the others)', () => {
    expect(applyAllowList(violations(), allowed).unused).toEqual([]);
  });
});
