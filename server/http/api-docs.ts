import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { requireOperator } from './auth.ts';
import type { App } from './zod.ts';

// The API describes itself (issue 18 item 7): @fastify/swagger collects every route as it is
// registered and turns its zod schemas into an OpenAPI 3.1 document (fastify-type-provider-zod's
// transform), so the document cannot drift from what the routes validate.
// GET /api/openapi.json serves it; /api/docs browses it (@fastify/swagger-ui, its files under
// /api/docs/static/, its copy of the document at /api/docs/json and /api/docs/yaml).
//
// Who may read it: service operators only, like the rest of the operators' tools. The document
// holds no data, but it maps every route and field of the product; the people who integrate with
// the API or debug it are the operators, while unit administrators, relatives and public-report
// viewers never need it, and anonymous scanners should not get a map (docs/back-office.md).
// Registered after auth (the session is read) and before the routes (swagger sees each one).

export const openApiPath = '/api/openapi.json';
export const apiDocsPrefix = '/api/docs';

async function operatorsOnly(request: FastifyRequest): Promise<void> {
  await requireOperator(request);
}

export const apiDocs = fp(
  async (app: FastifyInstance) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Sointu API',
          description:
            'Every route of Sointu, generated from the zod schemas it validates with. Errors are the error kinds of DOMAIN.md section 4. ' +
            'Typed requests (spec 3 section 7) are listed one path per type under /api/requests/{type}; an unknown type is NotFound.',
          version: '1',
        },
        components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'sointu_session' } } },
        security: [{ session: [] }],
      },
      transform: jsonSchemaTransform,
      transformObject: jsonSchemaTransformObject,
    });
    // In a context of its own, so the operators' check covers every file of the UI, its static
    // files included (uiHooks would miss those), and nothing outside it.
    await app.register(async (docs) => {
      // preHandler: after the input guard (preValidation), so malformed input is a 400 for anyone, as on every route.
      docs.addHook('preHandler', operatorsOnly);
      await docs.register(swaggerUi, {
        routePrefix: apiDocsPrefix,
        // The UI's own files only: no inline scripts, no third-party hosts.
        staticCSP: true,
      });
    });
    (app as App).get(openApiPath, { schema: { description: 'This document (OpenAPI 3.1). Service operators only.' } }, async (request) => {
      await requireOperator(request);
      return app.swagger();
    });
  },
  { name: 'api-docs', dependencies: ['error-handling', 'auth'], fastify: '5.x' },
);
