import type { Queryable } from '../../infra/sql/sql.ts';
import type { LibraryAudioFile } from '../../schemas/api/library-admin.ts';

// Library audio files as operators see them (issue 18 item 3): the row, its categories with
// priorities and names, its artists. Read by the commands (their answer) and by the list query,
// which adds the play counts from the warehouse.

interface Row {
  id: number;
  name: string;
  type: LibraryAudioFile['type'];
  artist: string | null;
  composer: string | null;
  album: string | null;
  description: string | null;
  file_id: number | null;
  length: number;
  active: boolean;
  categories: { categoryId: number; priority: number; name: string }[];
  artist_ids: number[];
}

const select = `SELECT af.id, af.name, af.type, af.artist, af.composer, af.album, af.description, af.file_id, af.length, af.active,
    coalesce((SELECT json_agg(json_build_object('categoryId', c.category_id, 'priority', c.priority, 'name', cat.name) ORDER BY c.priority DESC, cat.name)
                FROM audio_file_categories c JOIN categories cat ON cat.id = c.category_id WHERE c.audio_file_id = af.id), '[]'::json) AS categories,
    coalesce((SELECT array_agg(a.artist_id ORDER BY a.artist_id) FROM audio_file_artists a WHERE a.audio_file_id = af.id), '{}') AS artist_ids
  FROM audio_files af`;

const toFile = (r: Row): LibraryAudioFile => ({
  id: Number(r.id),
  name: r.name,
  type: r.type,
  artist: r.artist,
  composer: r.composer,
  album: r.album,
  description: r.description,
  fileId: r.file_id === null ? null : Number(r.file_id),
  length: Number(r.length),
  active: r.active,
  categories: r.categories.map((c) => ({ categoryId: Number(c.categoryId), priority: Number(c.priority), name: c.name })),
  artistIds: r.artist_ids.map(Number),
  playCount: null,
  lastPlay: null,
});

/** The files of `where` (over `af`), in `order`; plays are left null for the caller to fill. */
export async function loadLibraryAudioFiles(db: Queryable, where: string, params: readonly unknown[], tail = 'ORDER BY af.id'): Promise<LibraryAudioFile[]> {
  const rows = await db.query<Row>(`${select} WHERE ${where} ${tail}`, params as never);
  return rows.map(toFile);
}

export async function loadLibraryAudioFile(db: Queryable, id: number): Promise<LibraryAudioFile | null> {
  return (await loadLibraryAudioFiles(db, 'af.id = $1', [id]))[0] ?? null;
}
