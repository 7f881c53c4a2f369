import type { AudioFileSort, AudioFilesFilter } from '../../schemas/api/library.ts';
import { accessDenied } from '../../infra/errors.ts';
import type { Queryable, SqlParam } from '../../infra/sql/sql.ts';
import { listAccess, readableListIds } from '../favorites/list-access.ts';
import { containsPattern } from './like-pattern.ts';

// The WHERE clause and ORDER BY shared by get-audio-files, audio-files-info and the music
// channel's similarity query, over `audio_files af`. Every given field must hold (AND); an empty
// list counts as not given, except `ids: []`, which matches nothing. The user sees only active files.

export interface AudioFilesWhere {
  where: string;
  params: SqlParam[];
  /** Adds a parameter and answers its placeholder, for the caller's own conditions. */
  param(value: SqlParam): string;
}

export function audioFilesWhere(filter: AudioFilesFilter, userId: number): AudioFilesWhere {
  const params: SqlParam[] = [];
  const param = (value: SqlParam) => {
    params.push(value);
    return `$${params.length}`;
  };
  const conditions = ['af.active'];
  if (filter.ids) conditions.push(`af.id = ANY(${param(filter.ids)}::int[])`);
  if (filter.type?.length) conditions.push(`af.type = ANY(${param(filter.type)}::text[])`);
  if (filter.query) {
    const p = param(containsPattern(filter.query));
    conditions.push(`(${nameMatch(p)} OR ${artistMatch(p)} OR ${descriptionMatch(p)} OR ${categoriesMatch(p)})`);
  }
  if (filter.name) conditions.push(nameMatch(param(containsPattern(filter.name))));
  if (filter.artist) conditions.push(artistMatch(param(containsPattern(filter.artist))));
  if (filter.description) conditions.push(descriptionMatch(param(containsPattern(filter.description))));
  if (filter.similarIds?.length) {
    const p = param(filter.similarIds);
    // Similar = shares a linked artist or the same artist credit, or the back office marked the files
    // or their artists similar (migration 023); the files themselves are not news.
    conditions.push(`af.id <> ALL(${p}::int[]) AND (
      EXISTS (SELECT 1 FROM audio_file_artists mine JOIN audio_file_artists theirs ON theirs.artist_id = mine.artist_id
              WHERE mine.audio_file_id = af.id AND theirs.audio_file_id = ANY(${p}::int[]))
      OR EXISTS (SELECT 1 FROM audio_files s WHERE s.id = ANY(${p}::int[]) AND coalesce(s.artist, '') <> '' AND lower(s.artist) = lower(af.artist))
      OR EXISTS (SELECT 1 FROM similar_audio_files sf WHERE sf.audio_file_id = af.id AND sf.similar_audio_file_id = ANY(${p}::int[]))
      OR EXISTS (SELECT 1 FROM audio_file_artists mine JOIN similar_artists sa ON sa.artist_id = mine.artist_id
                 JOIN audio_file_artists theirs ON theirs.artist_id = sa.similar_artist_id
                 WHERE mine.audio_file_id = af.id AND theirs.audio_file_id = ANY(${p}::int[])))`);
  }
  if (filter.artistIds?.length) conditions.push(`EXISTS (SELECT 1 FROM audio_file_artists a WHERE a.audio_file_id = af.id AND a.artist_id = ANY(${param(filter.artistIds)}::int[]))`);
  if (filter.categoryIds?.length) conditions.push(`EXISTS (SELECT 1 FROM audio_file_categories c WHERE c.audio_file_id = af.id AND c.category_id = ANY(${param(filter.categoryIds)}::int[]))`);
  if (filter.userTagGroupIds?.length) conditions.push(`EXISTS (SELECT 1 FROM favorite_audio_files fa WHERE ${inFavoriteLists(param(filter.userTagGroupIds), param(userId))})`);
  return { where: conditions.join(' AND '), params, param };
}

const nameMatch = (p: string) => `(af.name ILIKE ${p} OR coalesce(af.stage_title, '') ILIKE ${p})`;
const artistMatch = (p: string) =>
  `(coalesce(af.artist, '') ILIKE ${p} OR coalesce(af.composer, '') ILIKE ${p}
    OR EXISTS (SELECT 1 FROM audio_file_artists l JOIN artists ar ON ar.id = l.artist_id WHERE l.audio_file_id = af.id AND ar.name ILIKE ${p}))`;
const descriptionMatch = (p: string) => `coalesce(af.description, '') ILIKE ${p}`;
const categoriesMatch = (p: string) =>
  `EXISTS (SELECT 1 FROM audio_file_categories fc JOIN categories cat ON cat.id = fc.category_id WHERE fc.audio_file_id = af.id AND cat.active AND cat.name ILIKE ${p})`;

/** The search-match flags of spec 1 section 3, as SELECT columns; all false without free text. */
export function matchFlagColumns(filter: AudioFilesFilter, where: AudioFilesWhere): string {
  if (!filter.query) {
    return 'false AS query_name_match, false AS query_artist_match, false AS query_description_match, false AS query_categories_match';
  }
  const p = where.param(containsPattern(filter.query));
  return `${nameMatch(p)} AS query_name_match, ${artistMatch(p)} AS query_artist_match,
    ${descriptionMatch(p)} AS query_description_match, ${categoriesMatch(p)} AS query_categories_match`;
}

/**
 * `fa` (favorite_audio_files, the favorites read model of projections/postgres/favorites.ts) holds
 * af in one of the lists; list 0 is each user's own default list, so only the caller's rows count.
 */
const inFavoriteLists = (lists: string, user: string) =>
  `fa.audio_file_id = af.id AND fa.list_id = ANY(${lists}::int[]) AND (fa.list_id <> 0 OR fa.user_id = ${user}::int)`;

/** The favorite list a file was found in (the one where it comes first), as a SELECT column. */
export function favoriteListColumn(filter: AudioFilesFilter, where: AudioFilesWhere, userId: number): string {
  if (!filter.userTagGroupIds?.length) return 'NULL::int AS user_tag_group_id';
  return `(SELECT fa.list_id FROM favorite_audio_files fa WHERE ${inFavoriteLists(where.param(filter.userTagGroupIds), where.param(userId))}
    ORDER BY fa."order", fa.list_id LIMIT 1) AS user_tag_group_id`;
}

/**
 * Lists the caller asks for must be theirs or shared with them: AccessDenied otherwise. A list
 * not in the read model (removed, or made a moment ago) simply holds nothing yet.
 */
export async function assertReadableLists(db: Queryable, userId: number, listIds: readonly number[] | undefined): Promise<void> {
  if (!listIds?.length) return;
  const readable = new Set(await readableListIds(db, userId, listIds));
  for (const id of listIds) {
    if (!readable.has(id) && (await listAccess(db, userId, id)) === 'denied') throw accessDenied();
  }
}

/** ORDER BY over `af`; a favorite list without a sort keeps its own order (order ascending, then name). */
export function orderBy(sort: AudioFileSort | undefined, filter?: AudioFilesFilter, where?: AudioFilesWhere, userId?: number): string {
  switch (sort) {
    case undefined:
      if (filter?.userTagGroupIds?.length && where && userId !== undefined) {
        const lists = where.param(filter.userTagGroupIds);
        const user = where.param(userId);
        return `(SELECT min(fa."order") FROM favorite_audio_files fa WHERE ${inFavoriteLists(lists, user)}), lower(af.name), af.id`;
      }
      return 'lower(af.name), af.id';
    case 'name-asc':
      return 'lower(af.name), af.id';
    case 'id-desc':
      return 'af.id DESC';
    case 'modified-desc':
      return 'af.modified_at DESC, af.id DESC';
    default: {
      const unknownSort: never = sort;
      throw new Error(`Unknown sort ${String(unknownSort)}`);
    }
  }
}
