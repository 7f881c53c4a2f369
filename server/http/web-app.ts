import fp from 'fastify-plugin';
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendNotFound } from './error-handler.ts';

// The built React app (vite build -> dist/web). Client routes such as /favorites are answered
// with index.html so a reload or a shared link opens the right screen; /api and /ws never are.

export const webApp = fp(
  async (app: FastifyInstance) => {
    const { webDir } = app.deps;
    const served = webDir !== undefined && fs.existsSync(path.join(webDir, 'index.html'));
    if (served) {
      const assets = path.join(path.resolve(webDir), 'assets') + path.sep;
      await app.register(fastifyStatic, {
        root: path.resolve(webDir),
        prefix: '/',
        index: 'index.html',
        // The build's .br and .gz copies (tools/build/precompress.ts) when the browser takes them.
        preCompressed: true,
        // Vite names every file under assets/ by its content's hash: a tablet that has one never
        // needs to ask again. index.html, which names them, is asked for every time.
        setHeaders: (reply, file) => {
          if (file.startsWith(assets)) reply.header('cache-control', 'public, max-age=31536000, immutable');
        },
      });
    }
    else if (webDir) app.log.warn({ webDir }, 'web app not built: run `npm run build`');

    app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) =>
      served && isClientRoute(request) ? reply.sendFile('index.html') : sendNotFound(reply),
    );
  },
  { name: 'web-app', dependencies: ['error-handling'], fastify: '5.x' },
);

function isClientRoute(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = request.url.split('?')[0] ?? '';
  if (pathname === '/api' || pathname.startsWith('/api/') || pathname === '/ws') return false;
  return path.extname(pathname) === ''; // a missing asset stays a 404, not a page of HTML
}
