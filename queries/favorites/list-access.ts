import type { Queryable } from '../../infra/sql/sql.ts';
import { readableByReader } from '../../domain/favorites/list-access.ts';

// Access to lists as the favorites read model (favorite_lists) holds them; who may read a list
// is the policy of domain/favorites/list-access.ts.

export type ListAccess = 'own' | 'readable' | 'denied' | 'missing';

/** Access to a projected list; 0 is the reader's own default list. 'missing': not (yet) in the read model. */
export async function listAccess(db: Queryable, readerUserId: number, listId: number): Promise<ListAccess> {
  if (listId === 0) return 'own';
  const [row] = await db.query<{ user_id: number; readable: boolean }>(
    `SELECT l.user_id, ${readableByReader} AS readable FROM favorite_lists l WHERE l.id = $2`,
    [readerUserId, listId],
  );
  if (!row) return 'missing';
  if (row.user_id === readerUserId) return 'own';
  return row.readable ? 'readable' : 'denied';
}

/**
 * Of `listIds`, those `readerUserId` may read (0, their default list, always). For queries that
 * filter audio files by list: `f.list_id = ANY(ids) AND (f.list_id <> 0 OR f.user_id = reader)`
 * on favorite_audio_files f.
 */
export async function readableListIds(db: Queryable, readerUserId: number, listIds: readonly number[]): Promise<number[]> {
  const named = listIds.filter((id) => id > 0);
  const rows = named.length === 0 ? [] : await db.query<{ id: number }>(`SELECT l.id FROM favorite_lists l WHERE l.id = ANY($2::integer[]) AND ${readableByReader}`, [readerUserId, named]);
  const readable = new Set(rows.map((r) => r.id));
  return listIds.filter((id) => id === 0 || readable.has(id));
}
