import { createFileStore } from '../files/file-store.ts';
import { renderAudio } from './audio.ts';
import { audioObjectKey, demoAudioFiles, type DemoAudioFile } from './demo-library.ts';

// Writes the generated audio of the demo library into the file store. The audio is the same on
// every run, so a file already present is left alone: restoring a wiped DATA_DIR only renders
// what is missing.

export interface WrittenAudio {
  /** Byte size per object key. */
  sizes: Map<string, number>;
  rendered: number;
}

export async function writeDemoAudio(dataDir: string, files: readonly DemoAudioFile[] = demoAudioFiles, onlyMissing = false): Promise<WrittenAudio> {
  const store = createFileStore(dataDir);
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
  return { sizes, rendered };
}
