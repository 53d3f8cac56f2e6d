/**
 * The import graph of a source tree and the project's boundary rules over it.
 * Used by the structural tests apps/web/test/boundaries.test.ts and apps/server/test/unit/boundaries.test.ts;
 * pure functions over `path → text`, so the rules are also tested on small fixture trees.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, posix, relative } from 'node:path';
import ts from 'typescript';

export interface ImportRef {
  specifier: string;
  line: number;
  /** Erased at build time (`import type`, `export type … from`, `import('x').T` in a type). */
  typeOnly: boolean;
  /** `import('…')`: loaded later, still part of the graph (a lazy page is a dependency). */
  dynamic: boolean;
  /** The names an `import { … }` brings in (empty for default, namespace, side-effect and dynamic imports). */
  names: string[];
}

export interface ParsedFile {
  imports: ImportRef[];
  /** Lines with a direct `fetch(…)` call (also `globalThis.fetch(…)`, `window.fetch(…)`). */
  fetchCalls: number[];
}

export interface Edge {
  from: string;
  to: string;
  line: number;
  typeOnly: boolean;
  dynamic: boolean;
  names: string[];
}

export interface PackageImport {
  from: string;
  /** The package name: `fastify`, `@fastify/cors`, `node:fs` … */
  pkg: string;
  line: number;
  typeOnly: boolean;
}

export interface ImportGraph {
  files: ReadonlyMap<string, ParsedFile>;
  /** Imports that resolve to a file of the tree. */
  edges: Edge[];
  /** Imports of packages (anything not relative). */
  packages: PackageImport[];
}

export interface Violation {
  rule: string;
  /** The importing file and line, and what it imports (a file of the tree or a package). */
  file: string;
  line: number;
  target: string;
  why: string;
}

const scriptKind = (path: string) => (path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);

/** Every import, re-export and dynamic import of one file, read with TypeScript's own parser. */
export function parseImports(path: string, text: string): ParsedFile {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, scriptKind(path));
  const imports: ImportRef[] = [];
  const fetchCalls: number[] = [];
  const lineOf = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;

  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const named = clause?.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings.elements : undefined;
      // `import { type A, type B } from` is erased like `import type { A, B } from`.
      const onlyTypes =
        !!clause && (clause.isTypeOnly || (!clause.name && !!named && named.length > 0 && named.every((e) => e.isTypeOnly)));
      imports.push({
        specifier: node.moduleSpecifier.text,
        line: lineOf(node),
        typeOnly: onlyTypes,
        dynamic: false,
        names: named ? named.map((e) => (e.propertyName ?? e.name).text) : [],
      });
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      imports.push({ specifier: node.moduleSpecifier.text, line: lineOf(node), typeOnly: node.isTypeOnly, dynamic: false, names: [] });
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      imports.push({ specifier: node.argument.literal.text, line: lineOf(node), typeOnly: true, dynamic: false, names: [] });
    } else if (ts.isCallExpression(node)) {
      const [arg] = node.arguments;
      if (node.expression.kind === ts.SyntaxKind.ImportKeyword && arg && ts.isStringLiteralLike(arg)) {
        imports.push({ specifier: arg.text, line: lineOf(node), typeOnly: false, dynamic: true, names: [] });
      } else if (ts.isIdentifier(node.expression) && node.expression.text === 'require' && arg && ts.isStringLiteralLike(arg)) {
        imports.push({ specifier: arg.text, line: lineOf(node), typeOnly: false, dynamic: false, names: [] });
      } else if (isFetch(node.expression)) {
        fetchCalls.push(lineOf(node));
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { imports, fetchCalls };
}

function isFetch(callee: ts.Expression): boolean {
  if (ts.isIdentifier(callee)) return callee.text === 'fetch';
  return (
    ts.isPropertyAccessExpression(callee) &&
    callee.name.text === 'fetch' &&
    ts.isIdentifier(callee.expression) &&
    ['globalThis', 'window', 'self'].includes(callee.expression.text)
  );
}

const candidates = (base: string) => [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`];

/** `./x` from `a/b.ts` → `a/x.ts` (or `.tsx`, or `a/x/index.ts`) when the tree has it. */
function resolveRelative(from: string, specifier: string, files: ReadonlyMap<string, unknown>): string | null {
  const base = posix.normalize(posix.join(posix.dirname(from), specifier.replace(/\.js$/, '')));
  return candidates(base).find((c) => files.has(c)) ?? null;
}

const packageName = (specifier: string) => {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
};

/** The graph of a tree given as `path → text` (paths relative to the tree's root, with `/`). */
export function buildGraph(sources: ReadonlyMap<string, string>): ImportGraph {
  const files = new Map<string, ParsedFile>();
  for (const [path, text] of sources) files.set(path, parseImports(path, text));
  const edges: Edge[] = [];
  const packages: PackageImport[] = [];
  for (const [from, parsed] of files) {
    for (const ref of parsed.imports) {
      if (ref.specifier.startsWith('.')) {
        const to = resolveRelative(from, ref.specifier, files);
        // Stylesheets, JSON and other assets are not part of the code graph.
        if (to) edges.push({ from, to, line: ref.line, typeOnly: ref.typeOnly, dynamic: ref.dynamic, names: ref.names });
      } else {
        packages.push({ from, pkg: packageName(ref.specifier), line: ref.line, typeOnly: ref.typeOnly });
      }
    }
  }
  return { files, edges, packages };
}

/** The `.ts`/`.tsx` files under `dir` (declaration files left out), keyed by their path relative to `dir`. */
export function readSourceTree(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const full = join(d, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== 'dist') walk(full);
      } else if (/\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) {
        out.set(relative(dir, full).split('\\').join('/'), readFileSync(full, 'utf8'));
      }
    }
  };
  walk(dir);
  return out;
}

/**
 * Import cycles: one shortest cycle per strongly connected group of files (Tarjan), each as the list of
 * files in import order, the first repeated at the end. Dynamic and type-only imports count: a lazy page
 * importing what imports it is still a knot in the structure.
 */
export function findCycles(graph: ImportGraph): Edge[][] {
  const out = new Map<string, Edge[]>();
  for (const e of graph.edges) out.set(e.from, [...(out.get(e.from) ?? []), e]);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const groups: string[][] = [];
  let counter = 0;

  // Iterative Tarjan: the trees are small, but recursion depth should not depend on them.
  for (const start of graph.files.keys()) {
    if (index.has(start)) continue;
    const work: { node: string; next: number }[] = [{ node: start, next: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length) {
      const top = work[work.length - 1] as { node: string; next: number };
      const edges = out.get(top.node) ?? [];
      if (top.next < edges.length) {
        const to = (edges[top.next++] as Edge).to;
        if (!index.has(to)) {
          index.set(to, counter);
          low.set(to, counter++);
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, next: 0 });
        } else if (onStack.has(to)) {
          low.set(top.node, Math.min(low.get(top.node) as number, index.get(to) as number));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node) as number, low.get(top.node) as number));
      if (low.get(top.node) === index.get(top.node)) {
        const group: string[] = [];
        let member: string;
        do {
          member = stack.pop() as string;
          onStack.delete(member);
          group.push(member);
        } while (member !== top.node);
        const selfLoop = (out.get(top.node) ?? []).some((e) => e.to === top.node);
        if (group.length > 1 || selfLoop) groups.push(group.sort());
      }
    }
  }
  return groups.map((group) => shortestCycle(group, out)).sort((a, b) => (a[0]?.from ?? '').localeCompare(b[0]?.from ?? ''));
}

/** The shortest way from the group's first file back to itself, over edges inside the group (breadth first). */
function shortestCycle(group: string[], out: ReadonlyMap<string, Edge[]>): Edge[] {
  const members = new Set(group);
  const start = group[0] as string;
  const via = new Map<string, Edge>();
  const queue = [start];
  while (queue.length) {
    const node = queue.shift() as string;
    for (const e of out.get(node) ?? []) {
      if (!members.has(e.to)) continue;
      if (e.to === start) {
        const path = [e];
        let at = node;
        while (at !== start) {
          const step = via.get(at) as Edge;
          path.unshift(step);
          at = step.from;
        }
        return path;
      }
      if (!via.has(e.to)) {
        via.set(e.to, e);
        queue.push(e.to);
      }
    }
  }
  return [];
}

const hop = (e: Edge) => `${e.from}:${e.line}${e.dynamic ? ' (import())' : e.typeOnly ? ' (type)' : ''}`;

/** `a.ts:3 → b.ts:7 (import()) → a.ts`, paths prefixed with where the tree lives in the repository. */
export function formatCycle(cycle: readonly Edge[], prefix = ''): string {
  const first = cycle[0];
  if (!first) return '';
  return [...cycle.map((e) => `${prefix}${hop(e)}`), `${prefix}${first.from}`].join('\n    → ');
}

/** `[rule] apps/web/src/a.ts:3 imports apps/web/src/b.ts` and, indented, why the rule holds. */
export function formatViolation(v: Violation, prefix = ''): string {
  const target = /\.tsx?$/.test(v.target) ? `${prefix}${v.target}` : v.target;
  return `[${v.rule}] ${prefix}${v.file}:${v.line} imports ${target}\n    ${v.why}`;
}

export function formatViolations(violations: readonly Violation[], prefix = ''): string {
  return violations.map((v) => formatViolation(v, prefix)).join('\n');
}

/** Leaves out the violations an allow-list names (`file → target`), and says which entries no longer match. */
export function applyAllowList(
  violations: readonly Violation[],
  allowed: readonly { file: string; target: string }[],
): { left: Violation[]; unused: { file: string; target: string }[] } {
  const key = (v: { file: string; target: string }) => `${v.file} → ${v.target}`;
  const allowedKeys = new Set(allowed.map(key));
  const seen = new Set(violations.map(key));
  return { left: violations.filter((v) => !allowedKeys.has(key(v))), unused: allowed.filter((a) => !seen.has(key(a))) };
}

// ---------------------------------------------------------------------------------------------------------------
// The web's rules (apps/web/src): lib/ and components/ ← features/<module>/ ← views/ ← app/.

const webLayer = (path: string) => path.split('/')[0] ?? '';
const featureOf = (path: string) => (path.startsWith('features/') ? (path.split('/')[1] ?? null) : null);

/** The calls to the server: only a feature's api.ts (and the shared lib/ and components/) make them. */
const serverCallNames = new Set(['callApi', 'uploadApi']);

export function webBoundaryViolations(graph: ImportGraph): Violation[] {
  const out: Violation[] = [];
  for (const e of graph.edges) {
    const from = webLayer(e.from);
    const to = webLayer(e.to);
    const fromFeature = featureOf(e.from);
    const toFeature = featureOf(e.to);
    const add = (rule: string, why: string) => out.push({ rule, file: e.from, line: e.line, target: e.to, why });
    if (fromFeature && toFeature && fromFeature !== toFeature) {
      add(
        'web/feature-to-feature',
        `features never import each other (${fromFeature} → ${toFeature}): compose them in views/, or move what both need to lib/ or components/.`,
      );
    }
    if ((from === 'features' || from === 'components' || from === 'lib') && (to === 'app' || to === 'views')) {
      add('web/upward', `${from}/ never imports ${to}/: the layers are lib/ and components/ ← features/ ← views/ ← app/.`);
    }
    if ((from === 'components' || from === 'lib') && to === 'features') {
      add('web/shared-to-feature', `${from}/ is shared by every feature and never imports one.`);
    }
    if (from === 'app' && to === 'features') {
      add('web/app-to-feature', 'app/ reaches a feature only through views/ (the URL map), never directly.');
    }
    if (
      e.from.startsWith('features/') &&
      !/^features\/[^/]+\/api\.ts$/.test(e.from) &&
      e.to === 'lib/api-client.ts' &&
      e.names.some((n) => serverCallNames.has(n))
    ) {
      add(
        'web/calls-in-api',
        `only features/${fromFeature}/api.ts calls the server (${e.names.filter((n) => serverCallNames.has(n)).join(', ')}); screens use its hooks.`,
      );
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// The server's rules (apps/server/src).

const moduleOf = (path: string) => (path.startsWith('modules/') ? (path.split('/')[1] ?? null) : null);
/** Where a file lives for the repository rule: its module (`modules/<m>`), else its top folder (`grid`, `jobs` …). */
const homeOf = (path: string) => {
  const [top, second] = path.split('/');
  return top === 'modules' ? `modules/${second}` : path.includes('/') ? (top ?? '') : '';
};
const isService = (path: string) => path.endsWith('.service.ts');
const isRepository = (path: string) => path.endsWith('.repository.ts');
/** A module's (or a mechanism's) tables: `modules/<m>/<thing>.table.ts`, `grid/…`, `settings-form/…`, `jobs/…`. */
const isTable = (path: string) => path.endsWith('.table.ts');
/** Gathers every `*.table.ts` for drizzle-kit and for code that reads several modules' tables. */
const isSchema = (path: string) => path === 'db/schema.ts';
/**
 * Who may import tables (a `*.table.ts` or db/schema.ts): repositories (their own module's `*.table.ts`, any table through
 * db/schema.ts), another table (a foreign key), and the database layer (db/: schema.ts, client.ts, the seed) and the grid
 * mechanism (grid/, which binds each grid entry to its table by name).
 */
const mayImportTables = (path: string) => isRepository(path) || isTable(path) || path.startsWith('db/') || path.startsWith('grid/');
/** The composition root (app.ts wires every module, repository and adapter) and the package entry that exports parts of it (index.ts, for bench/). */
export const serverWiring = new Set(['app.ts', 'index.ts']);

/** HTTP and socket frameworks a service must not know. */
const frameworkPackages = (pkg: string) =>
  pkg === 'fastify' || pkg.startsWith('@fastify/') || pkg === 'fastify-plugin' || pkg.startsWith('socket.io');
/** Vendor SDKs and HTTP clients: only adapters talk to the outside world. */
export const vendorPackages = new Set([
  'nodemailer',
  'ssh2',
  'ssh2-sftp-client',
  'undici',
  'node-fetch',
  'axios',
  'got',
  'ky',
  'smtp-server',
]);

export function serverBoundaryViolations(graph: ImportGraph): Violation[] {
  const out: Violation[] = [];
  for (const e of graph.edges) {
    const add = (rule: string, why: string) => out.push({ rule, file: e.from, line: e.line, target: e.to, why });
    const fromModule = moduleOf(e.from);
    const toModule = moduleOf(e.to);
    // A foreign key names another module's table: a table file may import another module's table file.
    const foreignKey = isTable(e.from) && isTable(e.to);
    if (fromModule && toModule && fromModule !== toModule && !isService(e.to) && !foreignKey) {
      add(
        'server/module-through-service',
        `modules talk only through services: ${fromModule} may import ${toModule}'s *.service.ts, not ${posix.basename(e.to)}.`,
      );
    }
    if (isRepository(e.to) && !serverWiring.has(e.from) && homeOf(e.from) !== homeOf(e.to)) {
      add('server/repository-in-module', `a repository is used only inside its module (${homeOf(e.to)}/), built by its module file.`);
    }
    if ((isTable(e.to) || isSchema(e.to)) && !mayImportTables(e.from)) {
      add(
        'server/tables-in-repositories',
        'tables are read and written only by repositories (and the grid mechanism, db/): a service asks its repository.',
      );
    }
  }
  for (const p of graph.packages) {
    const add = (rule: string, why: string) => out.push({ rule, file: p.from, line: p.line, target: p.pkg, why });
    if (isService(p.from) && frameworkPackages(p.pkg)) {
      add('server/service-framework-free', 'a service imports neither Fastify nor socket.io: routes and realtime/ adapt them.');
    }
    if (vendorPackages.has(p.pkg) && !p.from.startsWith('adapters/')) {
      add('server/vendor-in-adapters', 'vendor SDKs and HTTP clients live only in adapters/<system>/.');
    }
  }
  for (const [file, parsed] of graph.files) {
    if (file.startsWith('adapters/')) continue;
    for (const line of parsed.fetchCalls) {
      out.push({
        rule: 'server/vendor-in-adapters',
        file,
        line,
        target: 'fetch()',
        why: 'partners are called over HTTP only from adapters/<system>/.',
      });
    }
  }
  return out;
}
