import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createFileStore, type DiskFileStore, type FileStore } from '../../../infra/files/file-store.ts';
import type { TestApp } from '../../support/build-test-app.ts';

// Library rows and stored objects for the library, streaming and last-play tests: real rows in
// the test database, real bytes in a throwaway file store.

export function temporaryFileStore(): { files: DiskFileStore; remove(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sointu-library-'));
  return { files: createFileStore(dir), remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

let objectCount = 0;

export async function insertFile(
  t: TestApp,
  files: FileStore,
  file: { name: string; contentType: string; bytes?: Uint8Array; hasObject?: boolean; active?: boolean },
): Promise<number> {
  const objectKey = `test/${process.pid}-${++objectCount}-${file.name.replace(/[^A-Za-z0-9._-]/g, '_')}`;
  if (file.bytes) await files.save(objectKey, file.bytes);
  const [row] = await t.sql.query<{ id: number }>(
    'INSERT INTO files (name, content_type, object_key, size, has_object, active) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id',
    [file.name, file.contentType, objectKey, file.bytes?.length ?? 0, file.hasObject ?? !!file.bytes, file.active ?? true],
  );
  return row!.id;
}

export async function insertCategory(
  t: TestApp,
  category: { name: string; type?: 'Music' | 'Program' | 'Video'; contentType?: string; priority?: number; active?: boolean },
): Promise<number> {
  const [row] = await t.sql.query<{ id: number }>(
    'INSERT INTO categories (name, type, content_type, content_type_priority, active) VALUES ($1, $2, $3, $4, $5) RETURNING id',
    [category.name, category.type ?? 'Music', category.contentType ?? 'Music', category.priority ?? 0, category.active ?? true],
  );
  return row!.id;
}

export async function insertArtist(t: TestApp, name: string): Promise<number> {
  const [row] = await t.sql.query<{ id: number }>('INSERT INTO artists (name) VALUES ($1) RETURNING id', [name]);
  return row!.id;
}

export interface AudioFileFixture {
  name: string;
  type?: 'MusicPiece' | 'AudioProgram';
  artist?: string;
  composer?: string;
  description?: string;
  length?: number;
  fileId?: number;
  imageId?: number;
  active?: boolean;
  categories?: Array<{ id: number; priority?: number }>;
  artistIds?: number[];
  modifiedAt?: string;
}

export async function insertAudioFile(t: TestApp, file: AudioFileFixture): Promise<number> {
  const [row] = await t.sql.query<{ id: number }>(
    `INSERT INTO audio_files (name, type, artist, composer, description, length, file_id, image_id, active, modified_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
    [file.name, file.type ?? 'MusicPiece', file.artist ?? null, file.composer ?? null, file.description ?? null, file.length ?? 60, file.fileId ?? null, file.imageId ?? null, file.active ?? true, file.modifiedAt ?? '2026-01-01T00:00:00Z'],
  );
  const id = row!.id;
  for (const c of file.categories ?? []) {
    await t.sql.query('INSERT INTO audio_file_categories (audio_file_id, category_id, priority) VALUES ($1, $2, $3)', [id, c.id, c.priority ?? 0]);
  }
  for (const artistId of file.artistIds ?? []) {
    await t.sql.query('INSERT INTO audio_file_artists (audio_file_id, artist_id) VALUES ($1, $2)', [id, artistId]);
  }
  return id;
}

/** Distinct bytes of a given length, so a wrong offset shows. */
export function patternBytes(length: number): Buffer {
  const bytes = Buffer.alloc(length);
  for (let i = 0; i < length; i++) bytes[i] = (i * 31 + 7) % 251;
  return bytes;
}
