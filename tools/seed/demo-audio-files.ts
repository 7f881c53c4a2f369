import type { FileStore } from '../../infra/files/file-store.ts';
import { renderAudio } from './audio.ts';
import { renderCover } from './cover-art.ts';
import { audioObjectKey, coverObjectKey, demoAlbums, demoAudioFiles, type DemoAudioFile } from './demo-library.ts';

// Writes the generated audio (and album covers) of the demo library into the file store. The audio is the same on
// every run, so a file already present is left alone: restoring a wiped DATA_DIR only renders
// what is missing.

export interface WrittenAudio {
  /** Byte size per object key, audio and covers. */
  sizes: Map<string, number>;
  /** Audio files rendered in this call. */
  rendered: number;
}

export async function writeDemoAudio(store: FileStore, files: readonly DemoAudioFile[] = demoAudioFiles, onlyMissing = false): Promise<WrittenAudio> {
  const sizes = new Map<string, number>();
  let rendered = 0;
  for (const file of files) {
    const key = audioObjectKey(file);
    const existing = onlyMissing ? await store.stat(key) : null;
    if (existing) {
      sizes.set(key, existing.size);
      continue;
    }
    const wav = renderAudio(file.spec, file.length, file.slug);
    await store.save(key, wav);
    sizes.set(key, wav.byteLength);
    rendered++;
  }
  for (const [album, cover] of Object.entries(demoAlbums)) {
    const key = coverObjectKey(album);
    const existing = onlyMissing ? await store.stat(key) : null;
    const png = existing ? null : renderCover(cover.colours, cover.waves);
    if (png) await store.save(key, png);
    sizes.set(key, existing?.size ?? png?.byteLength ?? 0);
  }
  return { sizes, rendered };
}
