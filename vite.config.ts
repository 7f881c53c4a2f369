import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { currentEventsImages } from './tools/build/current-events-images.ts';
import { firstLoadHints } from './tools/build/first-load-hints.ts';
import { languageTexts } from './tools/build/language-texts.ts';
import { precompress } from './tools/build/precompress.ts';
import { beforeFirstRender, routePages } from './tools/build/route-bundles.ts';

// Preloaded with the entry on every path (tools/build/first-load-hints.ts): the default
// language's texts. Not /easy's nor the public report's pages: every request more shares a tablet's
// slow line and HTTP/1.1's six connections with everyone else's first load (the bench's waterfall,
// BENCH_WATERFALL=1).
const firstLoad = beforeFirstRender;
// Asked for by the path opened, beside the session: today's messages' data on its own path and on
// the root, which redirects the caregivers, administrators and relatives there (their seeded
// config); the URL as web/features/todays-messages/api/get-todays-messages.ts asks for it.
const landingData = ['/api/todays-messages'];
const pageData = { '/': landingData, '/todays-messages': landingData };
// Preloaded on their own paths only, beside the entry: the page they land on, on the root and its
// own path, and the report pages with their charts' chunk (about 150 KB gzip), which otherwise were
// asked for once the entry had run (a second on the bench's line; the charts' download then
// decided when the report was drawn).
const charts = 'components/charts/charts.ts';
const pageModules = {
  '/': routePages.todaysMessages,
  '/todays-messages': routePages.todaysMessages,
  '/reports': [...routePages.reports, charts],
  '/public-report': [...routePages.publicReport, charts],
};

// The browser app lives in web/; the Fastify server serves the build from dist/web. In development
// `vite` proxies the API and the live channel to the server on its default port.
export default defineConfig({
  root: 'web',
  plugins: [react(), currentEventsImages(), languageTexts(), firstLoadHints({ modules: firstLoad, pageData, pageModules }), precompress()],
  // Preact in place of React in the browser (issue 21 item 3: react-dom alone was 65 KB gzip of the
  // first load, Preact with its compat layer about a sixth of it). The sources and the libraries
  // (wouter, valtio, react-i18next, TanStack Table) keep importing react; unit tests, which render
  // with react-dom/server under Vitest's own config, still run React.
  resolve: {
    alias: [
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
      { find: /^react$/, replacement: 'preact/compat' },
    ],
  },
  build: { outDir: '../dist/web', emptyOutDir: true },
  server: {
    proxy: {
      '/api': 'http://localhost:3000',
      '/ws': { target: 'ws://localhost:3000', ws: true },
    },
  },
});
