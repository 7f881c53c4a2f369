import { seenBy } from '../../domain/messages/message-access.ts';
import { demoMessageItems } from '../seed/demo-messages.ts';
import type { Queryable } from '../../infra/sql/sql.ts';
import type { PlanLibrary, PlanUnit } from './workload-plan.ts';

// What the generator plays and who plays it, read from the reference tables. Favorite lists are
// event-sourced and not seeded yet, so plays name no list. Message clicks go to the demo message's
// items that the read model holds and the unit sees: the usage log refuses a click on any other.

export async function loadPlanLibrary(sql: Queryable): Promise<PlanLibrary> {
  const audio = await sql.query<{ id: number; length: number | null; type: string | null }>('SELECT id, length, type FROM audio_files ORDER BY id');
  const items = await sql.query<{ recipe_id: number; audio_file_id: number }>(
    'SELECT recipe_id, audio_file_id FROM recipe_items WHERE audio_file_id IS NOT NULL ORDER BY recipe_id, "order"',
  );
  const recipes = new Map<number, number[]>();
  for (const item of items) recipes.set(Number(item.recipe_id), [...(recipes.get(Number(item.recipe_id)) ?? []), Number(item.audio_file_id)]);
  const videos = await sql.query<{ id: number; name: string }>("SELECT id, name FROM files WHERE content_type LIKE 'video/%' ORDER BY id");
  const music = await sql.query<{ id: number }>("SELECT id FROM categories WHERE type = 'Music' ORDER BY id");
  const messageItems = await sql.query<{ id: number }>('SELECT id FROM message_items WHERE id = ANY($1::int[]) ORDER BY id', [demoMessageItems.map((i) => i.id)]);
  return {
    audio: audio.map((a) => ({ id: Number(a.id), length: Math.max(10, Number(a.length ?? 180)), music: a.type !== 'AudioProgram' })),
    recipes: [...recipes].map(([id, audioIds]) => ({ id, audioIds })),
    // Video rows carry no length; a few minutes is what the nature clips run.
    videos: videos.map((v, i) => ({ fileId: Number(v.id), name: v.name, length: 180 + 60 * (i % 3) })),
    musicCategoryIds: music.map((c) => Number(c.id)),
    favoriteListIds: [],
    messageItemIds: messageItems.map((i) => Number(i.id)),
  };
}

export async function loadPlanUnits(sql: Queryable, names: readonly string[]): Promise<Array<PlanUnit & { name: string }>> {
  const rows = await sql.query<{ id: number; name: string; time_zone: string | null; residents: number[] | null; activities: number[] | null; message_items: number[] | null }>(
    `SELECT u.id, u.name, u.config->>'timeZone' AS time_zone,
            (SELECT array_agg(r.id ORDER BY r.id) FROM residents r WHERE r.user_id = u.id) AS residents,
            (SELECT array_agg(a.id ORDER BY a.id) FROM activities a WHERE a.user_id = u.id AND a.active) AS activities,
            (SELECT array_agg(i.id ORDER BY i.id) FROM message_items i JOIN messages m ON m.id = i.message_id
              WHERE i.id = ANY($2::int[]) AND ${seenBy('u.id')}) AS message_items
       FROM users u WHERE u.name = ANY($1::text[]) ORDER BY u.id`,
    [names, demoMessageItems.map((i) => i.id)],
  );
  return rows.map((row) => ({
    userId: Number(row.id),
    name: row.name,
    timeZone: row.time_zone ?? 'Europe/Helsinki',
    residentIds: (row.residents ?? []).map(Number),
    activityIds: (row.activities ?? []).map(Number),
    messageItemIds: (row.message_items ?? []).map(Number),
  }));
}
