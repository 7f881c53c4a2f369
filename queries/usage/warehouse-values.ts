import type { Queryable } from '../../infra/sql/sql.ts';

// Small conversions shared by the usage report queries.

/** ClickHouse DateTime64(3, 'UTC') text ('2026-01-15 10:00:00.000') to ISO-8601. */
export const isoFromClickHouse = (text: string): string => new Date(`${text.replace(' ', 'T')}Z`).toISOString();

/** Durations are summed in Float64; millisecond precision is what the derivation produces. */
export const roundSeconds = (seconds: number): number => Math.round(seconds * 1000) / 1000;

/** Audio file names from the content library, for "Program" and the top lists. */
export async function audioFileNames(sql: Queryable, ids: readonly number[]): Promise<Map<number, string>> {
  const storable = [...new Set(ids)].filter((id) => id <= 2_147_483_647);
  if (storable.length === 0) return new Map();
  const rows = await sql.query<{ id: number; name: string }>('SELECT id, name FROM audio_files WHERE id = ANY($1::int[])', [storable]);
  return new Map(rows.map((r) => [Number(r.id), r.name]));
}

/** Content types of message items (the `message_items` reference table), for the message-click figures. */
export async function messageItemContentTypes(sql: Queryable, ids: readonly number[]): Promise<Map<number, string>> {
  const storable = ids.filter((id) => id <= 2_147_483_647);
  if (storable.length === 0) return new Map();
  const rows = await sql.query<{ id: number; content_type: string | null }>('SELECT id, content_type FROM message_items WHERE id = ANY($1::int[])', [storable]);
  return new Map(rows.filter((r) => r.content_type).map((r) => [Number(r.id), r.content_type!]));
}
