import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type UserConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

// The server serves dist/ with a history fallback and the API on the same port (default 3000);
// in development Vite proxies /api there so cookies and paths are the same as in production.
export default defineConfig(({ command }) => {
  // A production build is always built with production React, whatever NODE_ENV the shell running
  // `npm start` carries (the server's NODE_ENV=development only turns its test aids on).
  if (command === 'build') process.env.NODE_ENV = 'production';
  return config;
});

/**
 * Schema messages not written in the catalogue read in Turkish. zod registers its default locale (English)
 * as its first schema is built; in this build that default is its Turkish one. Unlike a `z.config()` call
 * at start-up, this keeps zod out of the entry chunk: it loads with the first screen that validates.
 */
function zodSpeaksTurkish(): Plugin {
  return {
    name: 'okul:zod-tr',
    // before Vite's own resolver, which would settle the relative import first
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== '../locales/en.js' || !importer) return null;
      const file = importer.split('?')[0];
      if (!/[\\/]zod[\\/]v4[\\/]classic[\\/]schemas\.js$/.test(file)) return null;
      return join(dirname(file), '../locales/tr.js');
    },
  };
}

const config: UserConfig = {
  root,
  plugins: [react(), zodSpeaksTurkish()],
  // the development server's pre-bundled zod speaks Turkish too
  optimizeDeps: { rolldownOptions: { plugins: [zodSpeaksTurkish()] } },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: process.env.API_PROXY_TARGET ?? 'http://localhost:3000', changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: process.env.API_PROXY_TARGET ?? 'http://localhost:3000', changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Source maps are neither emitted nor served in production (they would publish the whole source).
    sourcemap: false,
    // .vite/manifest.json: the module graph the bench follows to add up each route's first-load bytes.
    manifest: true,
    rolldownOptions: {
      output: {
        // React changes less often than the app: its own chunk stays cached across deploys. MUI and the data
        // libraries are not grouped: a group would pull every component into the public pages' first load,
        // so they split along the routes that use them.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 },
          ],
        },
      },
    },
  },
};
