import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { currentEventsImages } from './tools/build/current-events-images.ts';
import { languageTexts } from './tools/build/language-texts.ts';
import { precompress } from './tools/build/precompress.ts';

// The browser app lives in web/; the Fastify server serves the build from dist/web. In development
// `vite` proxies the API and the live channel to the server on its default port.
export default defineConfig({
  root: 'web',
  plugins: [react(), currentEventsImages(), languageTexts(), precompress()],
  build: { outDir: '../dist/web', emptyOutDir: true },
  server: {
    proxy: {
      '/api': 'http://localhost:3000',
      '/ws': { target: 'ws://localhost:3000', ws: true },
    },
  },
});
