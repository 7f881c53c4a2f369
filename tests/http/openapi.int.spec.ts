import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestUser } from '../support/build-test-app.ts';

// Issue 18 item 7: the API describes itself. The document is compared with Fastify's own list of
// routes (an onRoute hook), so a route that never reaches the document fails here.

interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, { description?: string; requestBody?: { content: Record<string, { schema: unknown }> }; responses?: Record<string, unknown> }>>;
}

/** Fastify's '/api/usage/:userId/:first' as OpenAPI writes it: '/api/usage/{userId}/{first}'. */
const openApiPathOf = (url: string): string => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/** 'METHOD /url' of every route the document lacks. */
export function missingFromDocument(routes: readonly string[], document: OpenApiDocument): string[] {
  return routes.filter((route) => {
    const [method, url] = route.split(' ') as [string, string];
    return !document.paths[openApiPathOf(url)]?.[method.toLowerCase()];
  });
}

/** The documentation's own files (swagger-ui under /api/docs/): pages of the docs, not API routes. */
const isDocsUiFile = (route: string): boolean => /^GET \/api\/docs(\/|$)/.test(route);

describe('the OpenAPI document (GET /api/openapi.json, /api/docs)', () => {
  let t: TestApp;
  const routes: string[] = [];
  let operator: { cookie: string };
  let caregiver: { cookie: string };
  let document: OpenApiDocument;

  beforeAll(async () => {
    t = await buildTestApp({
      onRoute: (route: RouteOptions) => {
        for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push(`${method} ${route.url}`);
      },
    });
    const operatorUser: TestUser = await t.createUser({ operator: true });
    operator = await t.login(operatorUser);
    caregiver = await t.login(await t.createUser());
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json', headers: { cookie: operator.cookie } });
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    document = response.json<OpenApiDocument>();
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('lists every registered route of the product', () => {
    const apiRoutes = [...new Set(routes)].filter((route) => !isDocsUiFile(route));
    expect(apiRoutes.length).toBeGreaterThan(80);
    expect(missingFromDocument(apiRoutes, document), 'routes missing from the OpenAPI document').toEqual([]);
  });

  it('notices a route that is missing (the comparison can fail)', () => {
    const withoutLogin: OpenApiDocument = { ...document, paths: { ...document.paths } };
    delete withoutLogin.paths['/api/login'];
    expect(missingFromDocument(['POST /api/login', 'GET /api/ping'], withoutLogin)).toEqual(['POST /api/login']);
  });

  it('is OpenAPI 3.1 generated from the zod schemas: fields, parameters and answers', () => {
    expect(document.openapi).toBe('3.1.0');
    const login = document.paths['/api/login']!.post!;
    expect(JSON.stringify(login.requestBody)).toContain('"username"');
    expect(Object.keys(document.paths)).toContain('/api/usage/{userId}/{first}/{last}');
  });

  it('lists each typed request under its own path, with its props, result and documented effect', () => {
    const typed = Object.keys(document.paths).filter((p) => p.startsWith('/api/requests/') && p !== '/api/requests/{type}');
    expect(typed).toEqual(expect.arrayContaining(['/api/requests/get-target-counts', '/api/requests/set-target-count', '/api/requests/invite-user']));
    const targets = document.paths['/api/requests/get-target-counts']!.post!;
    expect(JSON.stringify(targets.requestBody)).toContain('"userIds"');
    expect(JSON.stringify(targets.responses)).toContain('"targetCounts"');
    expect(targets.description).toMatch(/Who may: /);
    for (const path of typed) expect(document.paths[path]!.post!.description, path).toMatch(/\S+.* Who may: \S+/);
  });

  it('is for service operators only: anonymous callers are Unauthorized, other users AccessDenied', async () => {
    for (const url of ['/api/openapi.json', '/api/docs', '/api/docs/json', '/api/docs/static/swagger-initializer.js']) {
      const anonymous = await t.app.inject({ method: 'GET', url });
      expect(anonymous.statusCode, `${url} anonymous`).toBe(401);
      const user = await t.app.inject({ method: 'GET', url, headers: { cookie: caregiver.cookie } });
      expect(user.statusCode, `${url} caregiver`).toBe(403);
      expect(user.body).not.toContain('/api/login');
    }
  });

  it('is browsable at /api/docs by an operator, reading the same document', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/', headers: { cookie: operator.cookie } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('swagger-ui');
    const copy = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: { cookie: operator.cookie } });
    expect(copy.json()).toEqual(document);
  });

  it('still answers an unknown typed request NotFound', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/requests/no-such-type', payload: {}, headers: { cookie: caregiver.cookie } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: { kind: 'NotFound' } });
  });
});
