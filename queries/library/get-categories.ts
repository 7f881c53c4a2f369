import { CategoryList, GetCategoriesQuery, type Category } from '../../schemas/api/library.ts';
import { requireAdminOf, requireUser } from '../../server/http/auth.ts';
import type { SqlParam } from '../../infra/sql/sql.ts';
import type { App } from '../../server/http/zod.ts';
import { containsPattern, wildcardPattern } from './like-pattern.ts';

// GET /api/categories (spec 1 section 7, spec 3 categories2): the active categories, filtered by
// name, by the content they hold, by id and by type; ordered as the search page lists them.
// usageReport (whether the usage report counts the category, and whether it has a monthly target)
// is the category's own unless the user's group says otherwise (user_group_categories, set by
// set-user-group-categories): an active link in mode targetable makes it 'targetable', trackUsage
// 'report', no mode null. The user is the caller or, with userId, a user the caller administers
// (the report's selected user).

interface CategoryRow {
  id: number;
  name: string;
  type: Category['type'];
  description: string | null;
  content_type: Category['contentType'];
  content_type_priority: number;
  active: boolean;
  usage_report: Category['usageReport'];
  audio_file_count: number;
}

export function getCategoriesRoute(app: App): void {
  app.get('/api/categories', { schema: { querystring: GetCategoriesQuery, response: { 200: CategoryList } } }, async (request) => {
    const { query, contentQuery, idList, type, userId } = request.query;
    requireUser(request);
    if (userId !== undefined) await requireAdminOf(request, userId);
    const forUser = userId ?? requireUser(request).userId;
    const params: SqlParam[] = [forUser];
    const param = (value: SqlParam) => `$${params.push(value)}`;
    const conditions = ['c.active'];
    if (query) conditions.push(`c.name ILIKE ${param(containsPattern(query))}`);
    if (idList) conditions.push(`c.id = ANY(${param(idList)}::int[])`);
    if (type?.length) conditions.push(`c.type = ANY(${param(type)}::text[])`);
    if (contentQuery) {
      const p = param(wildcardPattern(contentQuery));
      conditions.push(`EXISTS (SELECT 1 FROM audio_file_categories fc JOIN audio_files af ON af.id = fc.audio_file_id
        WHERE fc.category_id = c.id AND af.active
          AND (af.name ILIKE ${p} OR coalesce(af.artist, '') ILIKE ${p} OR coalesce(af.composer, '') ILIKE ${p} OR coalesce(af.description, '') ILIKE ${p}))`);
    }
    const rows = await app.deps.sql.query<CategoryRow>(
      `SELECT c.id, c.name, c.type, c.description, c.content_type, c.content_type_priority, c.active,
         CASE WHEN g.id IS NULL THEN c.usage_report WHEN g.mode = 'targetable' THEN 'targetable' WHEN g.mode = 'trackUsage' THEN 'report' END AS usage_report,
         (SELECT count(*)::int FROM audio_file_categories fc JOIN audio_files af ON af.id = fc.audio_file_id
          WHERE fc.category_id = c.id AND af.active) AS audio_file_count
       FROM categories c
       LEFT JOIN user_group_categories g ON g.category_id = c.id AND g.active AND g.user_group_id = (SELECT user_group_id FROM users WHERE id = $1)
       WHERE ${conditions.join(' AND ')}
       ORDER BY c.type, c.content_type_priority DESC, lower(c.name), c.id`,
      params,
    );
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      type: r.type,
      description: r.description,
      contentType: r.content_type,
      contentTypePriority: r.content_type_priority,
      active: r.active,
      usageReport: r.usage_report,
      audioFileCount: r.audio_file_count,
    }));
  });
}
