import type { Queryable } from '../../infra/sql/sql.ts';
import { validationError } from '../../infra/errors.ts';
import { requireExisting, setAuditedLinks, type LinkTable } from '../reference-data/audited-links.ts';

// What the four similarity requests share: one row (an artist, an audio file) made similar to
// others, or no longer, stored both ways (migration 023), each link with its audit row.

export interface Similarity {
  /** The rows' table: artists or audio_files. */
  rows: string;
  link: LinkTable;
  /** The props' names, for the fields a refusal names. */
  idField: string;
  idsField: string;
}

export const similarArtists: Similarity = { rows: 'artists', link: { table: 'similar_artists', left: 'artist_id', right: 'similar_artist_id' }, idField: 'artistId', idsField: 'artistIds' };
export const similarAudioFiles: Similarity = {
  rows: 'audio_files',
  link: { table: 'similar_audio_files', left: 'audio_file_id', right: 'similar_audio_file_id' },
  idField: 'audioFileId',
  idsField: 'audioFileIds',
};

/** Returns how many pairs changed (a pair counts once, though it is stored both ways). */
export async function setSimilar(tx: Queryable, similarity: Similarity, id: number, others: readonly number[], value: boolean, actorUserId: number, query: string): Promise<number> {
  if (others.includes(id)) throw validationError([{ path: `body.${similarity.idsField}`, message: 'A row is not similar to itself' }]);
  await requireExisting(tx, similarity.rows, [id], similarity.idField);
  await requireExisting(tx, similarity.rows, others, similarity.idsField);
  const oneWay = await setAuditedLinks(tx, similarity.link, [id], others, value, actorUserId, query);
  await setAuditedLinks(tx, similarity.link, others, [id], value, actorUserId, query);
  return oneWay;
}
