import { IANAZone } from 'luxon';
import type { Queryable } from '../../infra/sql/sql.ts';
import type { AudioFileType, CatalogueCategory, CatalogueFile, FileCatalogue } from './derivation/types.ts';

// What the derivation needs from Postgres reference tables: the content library (file type,
// length, categories with priority and content type) and each user's time zone. Only the ids a
// batch touches are read, so the cost follows the batch, not the size of the library.

export const defaultTimeZone = 'Europe/Helsinki';

// Ids in events are any non-negative integer; the reference tables' ids are `integer`. An id beyond
// it cannot be in the table, and passing it would fail the query (and the batch, forever).
const maxInt = 2_147_483_647;
const storable = (ids: readonly number[]) => ids.filter((id) => id <= maxInt);

export interface ReferenceData {
  catalogue(audioFileIds: readonly number[], categoryIds: readonly number[]): Promise<FileCatalogue>;
  timeZones(userIds: readonly number[]): Promise<Map<number, string>>;
}

interface FileRow {
  id: number;
  type: AudioFileType;
  length: number | null;
  categories: { categoryId: number; contentType: string | null; priority: number; filePriority: number }[] | string | null;
}

export function postgresReferenceData(sql: Queryable): ReferenceData {
  return {
    async catalogue(audioFileIds, categoryIds) {
      const files = new Map<number, CatalogueFile>();
      const categories = new Map<number, CatalogueCategory>();
      audioFileIds = storable(audioFileIds);
      categoryIds = storable(categoryIds);
      if (audioFileIds.length > 0) {
        // The category's contentTypePriority picks a play's content type, the file's own order of
        // its categories (audio_file_categories.priority) breaks ties (usage-type.ts, categoryOf).
        const rows = await sql.query<FileRow>(
          `SELECT f.id, f.type, f.length,
                  COALESCE(json_agg(json_build_object('categoryId', c.id, 'contentType', c.content_type, 'priority', c.content_type_priority, 'filePriority', fc.priority))
                           FILTER (WHERE c.id IS NOT NULL), '[]') AS categories
             FROM audio_files f
             LEFT JOIN audio_file_categories fc ON fc.audio_file_id = f.id
             LEFT JOIN categories c ON c.id = fc.category_id
            WHERE f.id = ANY($1::int[])
            GROUP BY f.id`,
          [audioFileIds],
        );
        for (const row of rows) {
          const list = typeof row.categories === 'string' ? (JSON.parse(row.categories) as FileRow['categories']) : row.categories;
          files.set(Number(row.id), { type: row.type, lengthSeconds: row.length === null ? null : Number(row.length), categories: (list ?? []) as CatalogueCategory[] });
        }
      }
      if (categoryIds.length > 0) {
        const rows = await sql.query<{ id: number; content_type: string | null; content_type_priority: number }>(
          'SELECT id, content_type, content_type_priority FROM categories WHERE id = ANY($1::int[])',
          [categoryIds],
        );
        for (const r of rows) categories.set(Number(r.id), { categoryId: Number(r.id), contentType: r.content_type, priority: Number(r.content_type_priority) });
      }
      return { files, categories };
    },

    async timeZones(userIds) {
      const zones = new Map<number, string>();
      userIds = storable(userIds);
      if (userIds.length === 0) return zones;
      const rows = await sql.query<{ id: number; zone: string | null }>("SELECT id, config->>'timeZone' AS zone FROM users WHERE id = ANY($1::int[])", [userIds]);
      // A zone the settings let through but the runtime does not know falls back to the default
      // rather than failing every batch of that user.
      for (const r of rows) if (r.zone && IANAZone.isValidZone(r.zone)) zones.set(Number(r.id), r.zone);
      return zones;
    },
  };
}

/** A fixed catalogue (benchmarks, tests of the projector alone); every user in the default zone unless named. */
export function staticReferenceData(catalogue: FileCatalogue, zones: ReadonlyMap<number, string> = new Map()): ReferenceData {
  return {
    async catalogue() {
      return catalogue;
    },
    async timeZones(userIds) {
      return new Map(userIds.flatMap((id) => (zones.has(id) ? [[id, zones.get(id)!] as const] : [])));
    },
  };
}
