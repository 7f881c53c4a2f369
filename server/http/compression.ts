import fp from 'fastify-plugin';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

// A care home's tablet may sit on a slow line (issue 21 item 4): a month's session list or
// detailed table is some 450 KB of JSON, a tenth of that compressed, and the report asks for three
// at once beside the charts' script. So the answers of GET requests are compressed, brotli at the
// library's fast default or gzip, from 1 KB up; the built web app's files come precompressed
// (web-app.ts) and are left as they are, and so are media (audio and video are compressed already).
//
// Never compressed (BREACH: a compressed answer's length can leak a secret that sits beside text
// an attacker chose): what a command answers (logins and token logins answer credentials), and the
// GETs whose answer carries a token: the session's own, a public report link's. Request bodies are
// never decompressed: the body limit is on what arrives.

const carriesToken = new Set(['/api/', '/api/ping', '/api/public-report-link/:userId']);

export const compression = fp(
  async (app: FastifyInstance) => {
    // Runs before the compress plugin's own onRoute hook, which reads `compress` to build a route's.
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      if (!methods.every((method) => method === 'GET' || method === 'HEAD') || carriesToken.has(route.url)) route.compress = false;
    });
    await app.register(compress, {
      encodings: ['br', 'gzip'],
      globalDecompression: false,
      customTypes: /^(?:application\/(?:[\w.+-]+\+)?json|text\/(?!event-stream)[\w.+-]+|application\/javascript|image\/svg\+xml)(?:;|$)/,
    });
  },
  { name: 'compression', fastify: '5.x' },
);
