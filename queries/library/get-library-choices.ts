import { LibraryChoices } from '../../schemas/api/library-admin.ts';
import { requireOperator } from '../../server/http/auth.ts';
import type { App } from '../../server/http/zod.ts';
import { z } from 'zod';

// GET /api/library/choices: the categories and artists an operator picks from when filing an
// audio file (active ones, by name).

export function getLibraryChoicesRoute(app: App): void {
  app.get('/api/library/choices', { schema: { querystring: z.strictObject({}), response: { 200: LibraryChoices } } }, async (request) => {
    await requireOperator(request);
    const { sql } = app.deps;
    const [categories, artists] = await Promise.all([
      sql.query<{ id: number; name: string; type: string }>('SELECT id, name, type FROM categories WHERE active ORDER BY lower(name), id'),
      sql.query<{ id: number; name: string }>('SELECT id, name FROM artists WHERE active ORDER BY lower(name), id'),
    ]);
    return { categories: categories.map((c) => ({ ...c, id: Number(c.id) })), artists: artists.map((a) => ({ ...a, id: Number(a.id) })) };
  });
}
