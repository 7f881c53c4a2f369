import { validationError } from '../../infra/errors.ts';
import type { ValidationIssue } from '../../schemas/api/errors.ts';
import type { Queryable } from '../../infra/sql/sql.ts';
import type { CategoryChoice } from '../../schemas/api/library-admin.ts';
import { insertAuditedRow } from '../reference-data/audited-row.ts';

// What creating and editing a library audio file share: the categories (with priorities) and
// artists it names must exist, and its link rows are replaced by what was sent, each added,
// changed or removed link audited in `logging` like any reference row.

/** ValidationError naming each unknown or repeated category and artist; checked before anything is written. */
export async function requireKnownLinks(db: Queryable, categories: readonly CategoryChoice[], artistIds: readonly number[], at = 'body'): Promise<void> {
  const issues: ValidationIssue[] = [];
  const knownCategories = new Set(
    (await db.query<{ id: number }>('SELECT id FROM categories WHERE id = ANY($1::int[])', [categories.map((c) => c.categoryId)])).map((r) => Number(r.id)),
  );
  const knownArtists = new Set((await db.query<{ id: number }>('SELECT id FROM artists WHERE id = ANY($1::int[])', [[...artistIds]])).map((r) => Number(r.id)));
  categories.forEach((c, i) => {
    if (!knownCategories.has(c.categoryId)) issues.push({ path: `${at}.categories.${i}.categoryId`, message: 'Unknown category' });
    else if (categories.findIndex((o) => o.categoryId === c.categoryId) < i) issues.push({ path: `${at}.categories.${i}.categoryId`, message: 'The same category twice' });
  });
  artistIds.forEach((id, i) => {
    if (!knownArtists.has(id)) issues.push({ path: `${at}.artistIds.${i}`, message: 'Unknown artist' });
    else if (artistIds.indexOf(id) < i) issues.push({ path: `${at}.artistIds.${i}`, message: 'The same artist twice' });
  });
  if (issues.length > 0) throw validationError(issues);
}

interface CategoryLink {
  audio_file_id: number;
  category_id: number;
  priority: number;
}
interface ArtistLink {
  audio_file_id: number;
  artist_id: number;
}

async function auditLink(tx: Queryable, table: string, action: 'INSERT' | 'UPDATE' | 'DELETE', oldData: object | null, newData: object | null, actor: number, query: string) {
  await tx.query('INSERT INTO logging ("table", action, user_id, old_data, new_data, query) VALUES ($1, $2, $3, $4, $5, $6)', [
    table,
    action,
    actor,
    oldData && JSON.stringify(oldData),
    newData && JSON.stringify(newData),
    query,
  ]);
}

/** Makes the file's categories and artists what was sent; answers whether anything changed. */
export async function replaceAudioFileLinks(
  tx: Queryable,
  audioFileId: number,
  categories: readonly CategoryChoice[],
  artistIds: readonly number[],
  actor: number,
  query: string,
): Promise<boolean> {
  let changed = false;
  const oldCategories = await tx.query<CategoryLink>('SELECT audio_file_id, category_id, priority FROM audio_file_categories WHERE audio_file_id = $1 FOR UPDATE', [audioFileId]);
  for (const old of oldCategories) {
    if (categories.some((c) => c.categoryId === Number(old.category_id))) continue;
    await tx.query('DELETE FROM audio_file_categories WHERE audio_file_id = $1 AND category_id = $2', [audioFileId, old.category_id]);
    await auditLink(tx, 'audio_file_categories', 'DELETE', old, null, actor, query);
    changed = true;
  }
  for (const wanted of categories) {
    const old = oldCategories.find((c) => Number(c.category_id) === wanted.categoryId);
    if (!old) {
      await insertAuditedRow(tx, 'audio_file_categories', { audio_file_id: audioFileId, category_id: wanted.categoryId, priority: wanted.priority }, actor, query);
      changed = true;
    } else if (Number(old.priority) !== wanted.priority) {
      const [row] = await tx.query<CategoryLink>('UPDATE audio_file_categories SET priority = $3 WHERE audio_file_id = $1 AND category_id = $2 RETURNING *', [
        audioFileId,
        wanted.categoryId,
        wanted.priority,
      ]);
      await auditLink(tx, 'audio_file_categories', 'UPDATE', old, row!, actor, query);
      changed = true;
    }
  }
  const oldArtists = await tx.query<ArtistLink>('SELECT audio_file_id, artist_id FROM audio_file_artists WHERE audio_file_id = $1 FOR UPDATE', [audioFileId]);
  for (const old of oldArtists) {
    if (artistIds.includes(Number(old.artist_id))) continue;
    await tx.query('DELETE FROM audio_file_artists WHERE audio_file_id = $1 AND artist_id = $2', [audioFileId, old.artist_id]);
    await auditLink(tx, 'audio_file_artists', 'DELETE', old, null, actor, query);
    changed = true;
  }
  for (const artistId of artistIds) {
    if (oldArtists.some((a) => Number(a.artist_id) === artistId)) continue;
    await insertAuditedRow(tx, 'audio_file_artists', { audio_file_id: audioFileId, artist_id: artistId }, actor, query);
    changed = true;
  }
  return changed;
}
