import { proxy, ref } from 'valtio';
import type { AppTask } from '../../../../schemas/api/app-tasks.ts';
import type { LibraryAudioFile, LibraryChoices } from '../../../../schemas/api/library-admin.ts';
import { ApiError } from '../../../lib/api-client.ts';
import type { UploadedFile } from '../../../lib/upload.ts';
import {
  createLibraryAudioFile,
  getAppTasks,
  getLibraryAudioFiles,
  getLibraryChoices,
  setLibraryAudioFileActive,
  updateLibraryAudioFile,
  type AudioFileFields,
} from '../api/library-admin-api.ts';

// The operators' library page: the files, what to pick from, the form being filled (a new upload
// or a file being edited) and the app tasks. Refusals keep the server's field names, so the form
// says which field was wrong.

export type Draft = { kind: 'new'; upload: UploadedFile; fields: AudioFileFields } | { kind: 'edit'; id: number; fields: AudioFileFields };

export const libraryAdminStore = proxy({
  query: '',
  files: ref([] as LibraryAudioFile[]),
  totalCount: 0,
  choices: ref({ categories: [], artists: [] } as LibraryChoices),
  tasks: ref([] as AppTask[]),
  draft: null as Draft | null,
  problem: null as string | null,
  saving: false,
});

const messageOf = (error: unknown): string => {
  if (error instanceof ApiError && Array.isArray(error.details)) {
    const details = error.details as { path?: string; message?: string }[];
    if (details.length > 0) return details.map((d) => `${d.path ?? ''}: ${d.message ?? ''}`).join('; ');
  }
  return error instanceof Error ? error.message : String(error);
};

async function attempt(action: () => Promise<void>): Promise<boolean> {
  try {
    await action();
    libraryAdminStore.problem = null;
    return true;
  } catch (error) {
    libraryAdminStore.problem = messageOf(error);
    return false;
  }
}

export const loadFiles = () =>
  attempt(async () => {
    const list = await getLibraryAudioFiles(libraryAdminStore.query);
    libraryAdminStore.files = ref(list.items);
    libraryAdminStore.totalCount = list.totalCount;
  });

export const loadTasks = () =>
  attempt(async () => {
    libraryAdminStore.tasks = ref(await getAppTasks());
  });

export const loadLibraryAdmin = () =>
  attempt(async () => {
    libraryAdminStore.choices = ref(await getLibraryChoices());
    await Promise.all([loadFiles(), loadTasks()]);
  });

/** A file name without its extension: the new audio file's first name. */
const nameOf = (fileName: string) => fileName.replace(/\.[A-Za-z0-9]{1,10}$/, '') || fileName;

export function startNew(upload: UploadedFile): void {
  libraryAdminStore.draft = { kind: 'new', upload, fields: { name: nameOf(upload.name), type: 'MusicPiece', artist: '', categories: [], artistIds: [] } };
}

export function startEdit(file: LibraryAudioFile): void {
  libraryAdminStore.draft = {
    kind: 'edit',
    id: file.id,
    fields: {
      name: file.name,
      type: file.type,
      artist: file.artist ?? '',
      composer: file.composer,
      album: file.album,
      description: file.description,
      categories: file.categories.map((c) => ({ categoryId: c.categoryId, priority: c.priority })),
      artistIds: [...file.artistIds],
    },
  };
}

export const cancelDraft = () => {
  libraryAdminStore.draft = null;
};

export async function saveDraft(): Promise<void> {
  const draft = libraryAdminStore.draft;
  if (!draft) return;
  libraryAdminStore.saving = true;
  const fields = { ...draft.fields, artist: draft.fields.artist || null };
  const saved = await attempt(async () => {
    if (draft.kind === 'new') await createLibraryAudioFile({ fileId: draft.upload.id, ...fields });
    else await updateLibraryAudioFile(draft.id, fields);
  });
  libraryAdminStore.saving = false;
  if (saved) {
    libraryAdminStore.draft = null;
    await loadFiles();
  }
}

export async function toggleActive(file: LibraryAudioFile): Promise<void> {
  if (await attempt(async () => void (await setLibraryAudioFileActive(file.id, !file.active)))) await loadFiles();
}
