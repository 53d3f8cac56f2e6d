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

export default defineConfig({
  plugins: [react(), versionFile(), helpPdfs()],
  define: { __APP_VERSION__: JSON.stringify(version) },
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 1500 },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000', '/socket.io': { target: 'ws://127.0.0.1:3000', ws: true } },
  },
});
