import type { AudioFile, AudioFileCategory } from '../../schemas/api/library.ts';
import type { Queryable } from '../../infra/sql/sql.ts';

// Turns audio_files rows (already chosen and ordered by the caller's query) into the AudioFile of
// schemas/api/library.ts: categories joined, the content type of the stored file, the login's
// stream URL.

export interface AudioFileRow {
  id: number;
  type: AudioFile['type'];
  name: string;
  stage_title: string | null;
  artist: string | null;
  composer: string | null;
  description: string | null;
  stage_description: string | null;
  length: number;
  track: number | null;
  album: string | null;
  image_id: number | null;
  file_id: number | null;
  file_content_type: string | null;
  file_has_object: boolean | null;
  user_tag_group_id?: number | null;
  query_name_match?: boolean;
  query_artist_match?: boolean;
  query_description_match?: boolean;
  query_categories_match?: boolean;
}

/** The columns an AudioFileRow needs, from `audio_files af LEFT JOIN files f ON f.id = af.file_id`. */
export const audioFileColumns = `af.id, af.type, af.name, af.stage_title, af.artist, af.composer, af.description,
  af.stage_description, af.length, af.track, af.album, af.image_id, af.file_id,
  f.content_type AS file_content_type, (f.has_object AND f.active) AS file_has_object`;

export type StreamUrlOf = (audioFileId: number, fileId: number) => string;

export async function loadAudioFiles(sql: Queryable, rows: AudioFileRow[], streamUrlOf: StreamUrlOf): Promise<AudioFile[]> {
  const categories = await categoriesOf(sql, rows.map((r) => r.id));
  return rows.map((r) => {
    const nameMatch = r.query_name_match ?? false;
    const artistMatch = r.query_artist_match ?? false;
    const playable = r.file_id !== null && r.file_has_object === true;
    return {
      id: r.id,
      type: r.type,
      name: r.name,
      stageTitle: r.stage_title,
      artist: r.artist,
      composer: r.composer,
      description: r.description,
      stageDescription: r.stage_description,
      length: r.length,
      track: r.track,
      album: r.album,
      categories: categories.get(r.id) ?? [],
      imageId: r.image_id,
      fileId: r.file_id,
      fileContentType: playable ? r.file_content_type : null,
      streamUrl: playable ? streamUrlOf(r.id, r.file_id!) : null,
      userTagGroupId: r.user_tag_group_id ?? null,
      // "Basic": found by what a listener knows a piece by, its name or its performer.
      queryBasicMatch: nameMatch || artistMatch,
      queryNameMatch: nameMatch,
      queryArtistMatch: artistMatch,
      queryDescriptionMatch: r.query_description_match ?? false,
      queryCategoriesMatch: r.query_categories_match ?? false,
    };
  });
}

async function categoriesOf(sql: Queryable, audioFileIds: number[]): Promise<Map<number, AudioFileCategory[]>> {
  const byFile = new Map<number, AudioFileCategory[]>();
  if (audioFileIds.length === 0) return byFile;
  const rows = await sql.query<{ audio_file_id: number; category_id: number; priority: number; content_type: AudioFileCategory['contentType']; type: AudioFileCategory['categoryType']; name: string }>(
    `SELECT fc.audio_file_id, fc.category_id, fc.priority, c.content_type, c.type, c.name
     FROM audio_file_categories fc JOIN categories c ON c.id = fc.category_id
     WHERE fc.audio_file_id = ANY($1::int[]) AND c.active
     ORDER BY fc.priority DESC, c.content_type_priority DESC, c.id`,
    [audioFileIds],
  );
  for (const r of rows) {
    const list = byFile.get(r.audio_file_id) ?? [];
    list.push({ categoryId: r.category_id, priority: r.priority, contentType: r.content_type, categoryType: r.type, categoryName: r.name });
    byFile.set(r.audio_file_id, list);
  }
  return byFile;
}
