import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { helpDocForPath, readHelpSource, renderHelpPdf, renderHelpPdfs } from './tools/help-pdfs';

const version = `${new Date().toISOString().replace(/[-:T]/g, '').slice(0, 14)}-${Math.random().toString(36).slice(2, 8)}`;

/** Writes /version.json next to the build; the SPA compares it with its own version every 24 h. */
function versionFile(): Plugin {
  return {
    name: 'smartport-version-file',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'version.json', source: JSON.stringify({ version }) });
    },
  };
}

/** Renders the Vietnamese help PDFs (docs/help/*.md) into the build as /docs/*.pdf; the dev server renders them on request. */
function helpPdfs(): Plugin {
  return {
    name: 'smartport-help-pdfs',
    async generateBundle() {
      for (const [path, pdf] of await renderHelpPdfs()) this.emitFile({ type: 'asset', fileName: path.slice(1), source: pdf });
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const doc = helpDocForPath(req.url ?? '');
        if (!doc) return next();
        readHelpSource(doc)
          .then(renderHelpPdf)
          .then((pdf) => {
            res.setHeader('Content-Type', 'application/pdf');
            res.end(pdf);
          })
          .catch(next);
      });
    },
  };
}

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/;

/**
 * Writes `x.br` (brotli, best) and `x.gz` (gzip -9) beside every compressible file of the build over 1 KB, so the
 * portal serves them as they are (@fastify/static preCompressed) without compressing per request.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  const walk = async (dir: string): Promise<string[]> =>
    (
      await Promise.all(
        (await readdir(dir, { withFileTypes: true })).map((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)])),
      )
    ).flat();
  return {
    name: 'smartport-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir.startsWith('/') ? config.build.outDir : join(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await walk(outDir)).filter((f) => COMPRESSIBLE.test(f));
      await Promise.all(
        files.map(async (file) => {
          if ((await stat(file)).size < 1024) return;
          const data = await readFile(file);
          const [br, gz] = await Promise.all([
            promisify(brotliCompress)(data, {
              params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
            }),
            promisify(gzip)(data, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
}

/**
 * Two chunks by what loads them rather than ~40 by who shares what: `core`, every module the first chunk imports
 * statically (React, the router, React Query, i18next, the session; /login needs no more), and `frame`, every module
 * the signed-in frame imports statically (its own, antd's parts it draws and what they import) that is not in core.
 * Every signed-in screen loads the frame, so nothing in it is fetched for nothing there; split by importers, the same
 * code came as ~35 small files queued six at a time behind the browser's connection limit (the home page's LCP).
 * The sets are read from the module graph once it is built (buildEnd), before the chunks are made.
 */
/** The frame's own modules and the antd parts it draws; the group takes what they import too (not what core has). */
const FRAME =
  /\/src\/(features\/shell\/(ShellFrame|ShellLayout|SideMenu|NoticeCenter|side-menu-state|menu-icons|notice-store|use-active-notices|api)\.|app\/(AntdRoot|ViewOutlet|resolve-view|view-groups)\.)|\/node_modules\/antd\/es\/(config-provider|app|layout|button|flex|spin|alert|badge|grid|message|modal|notification|locale)\//;
/** The first chunk and the sign-in page (which must not wait on the frame): what they import statically is core. */
const CORE_ROOTS = ['/src/main.tsx', '/src/features/auth/LoginPage.tsx'];
const core = new Set<string>();
function chunkByLoader(): Plugin {
  return {
    name: 'smartport-chunk-by-loader',
    apply: 'build',
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const closure = (roots: string[], into: Set<string>) => {
        const todo = [...roots];
        while (todo.length) {
          const id = todo.pop() as string;
          if (into.has(id)) continue;
          into.add(id);
          todo.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
      };
      closure(
        ids.filter((id) => CORE_ROOTS.some((r) => id.endsWith(r))),
        core,
      );
    },
  };
}

export default defineConfig({
  plugins: [react(), versionFile(), helpPdfs(), precompress(), chunkByLoader()],
  define: { __APP_VERSION__: JSON.stringify(version) },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'core', test: (id: string) => core.has(id), priority: 2 },
            { name: 'frame', test: (id: string) => FRAME.test(id), priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000', '/socket.io': { target: 'ws://127.0.0.1:3000', ws: true } },
  },
});
