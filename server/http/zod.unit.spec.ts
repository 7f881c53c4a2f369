import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { useZod } from './zod.ts';

// The browser does not parse answers (web/lib/api-client.ts types them): it relies on the server
// never sending an answer its route's response schema refuses. These pin that guarantee.

const Answer = z.object({ id: z.number().int(), name: z.string(), active: z.boolean().default(true) });

async function serve(answer: unknown) {
  const app = useZod(Fastify());
  app.get('/answer', { schema: { response: { 200: Answer } } }, async () => answer as z.infer<typeof Answer>);
  const response = await app.inject({ method: 'GET', url: '/answer' });
  await app.close();
  return response;
}

describe('useZod: answers are serialised through the response schema', () => {
  it('should send an answer that matches its schema', async () => {
    const response = await serve({ id: 1, name: 'Aino', active: false });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: 1, name: 'Aino', active: false });
  });

  it('should refuse to send an answer of the wrong type, and send none of it', async () => {
    const response = await serve({ id: 'one', name: 'Aino', active: true });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('Aino');
  });

  it('should refuse an answer that leaves out a field, even one whose schema has a default (the browser fills in no default)', async () => {
    const response = await serve({ id: 1, name: 'Aino' });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('Aino');
  });

  it('should leave out fields the schema does not name', async () => {
    const response = await serve({ id: 1, name: 'Aino', active: true, passwordHash: 'secret' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: 1, name: 'Aino', active: true });
  });
});
