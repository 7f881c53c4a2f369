import { z } from 'zod';
import { Id, Int32, SafeText, wholeNumber } from '../common/safe.ts';
import { SafeHtml } from '../common/safe-html.ts';

// The content library as operators manage it (issue 18 item 3): an uploaded sound
// (POST /api/upload) becomes an audio file with its categories, artists and priorities, is edited,
// and is deactivated without losing its history. These are the specific upload-to-audio-file
// routes under /api/library/; the generic /api/{entity} pattern (audio-files2) is another module's.
//
//   GET  /api/library/audio-files           the list, inactive files too, with plays from the warehouse
//   POST /api/library/audio-files           {fileId, ...}: a new audio file from an upload
//   PUT  /api/library/audio-files/{id}      name, type, credits, categories with priorities, artists
//   POST /api/library/audio-files/{id}/active  {active}: leaves (or returns to) search; plays stay in reports
//   GET  /api/library/choices               categories and artists to pick from

const name = SafeText.trim().min(1).max(200);
const optionalText = SafeText.trim().max(200).nullable().optional();

export const audioFileTypes = ['MusicPiece', 'AudioProgram'] as const;
export const AudioFileType = z.enum(audioFileTypes);

/** A category of a file and its priority: the highest is the file's main category in reports. */
export const CategoryChoice = z.strictObject({ categoryId: Id, priority: Int32.default(0) });
export type CategoryChoice = z.infer<typeof CategoryChoice>;

const fields = {
  name,
  type: AudioFileType.default('MusicPiece'),
  artist: optionalText,
  composer: optionalText,
  album: optionalText,
  /** HTML, cleaned to the one policy (schemas/common/html-policy.ts). */
  description: SafeHtml(10_000).nullable().optional(),
  categories: z.array(CategoryChoice).max(50).default([]),
  artistIds: z.array(Id).max(50).default([]),
};

export const CreateLibraryAudioFile = z.strictObject({
  /** The upload (POST /api/upload) whose sound this file plays. */
  fileId: Id,
  ...fields,
});
export type CreateLibraryAudioFile = z.infer<typeof CreateLibraryAudioFile>;

/** The whole editable state: what is sent is what the file becomes. */
export const UpdateLibraryAudioFile = z.strictObject(fields);
export type UpdateLibraryAudioFile = z.infer<typeof UpdateLibraryAudioFile>;

export const SetAudioFileActiveBody = z.strictObject({ active: z.boolean() });

export const LibraryAudioFileParams = z.strictObject({ id: wholeNumber(z.number().int().nonnegative().max(2_147_483_647)) });

export const LibraryAudioFile = z.object({
  id: Id,
  name: z.string(),
  type: AudioFileType,
  artist: z.string().nullable(),
  composer: z.string().nullable(),
  album: z.string().nullable(),
  description: z.string().nullable(),
  fileId: Id.nullable(),
  /** Seconds. */
  length: z.number().int().nonnegative(),
  active: z.boolean(),
  categories: z.array(z.object({ categoryId: Id, priority: z.number().int(), name: z.string() })),
  artistIds: z.array(Id),
  /** From the usage warehouse (plays of every user), not a counter of ours; null when there is no warehouse. */
  playCount: z.number().int().nonnegative().nullable(),
  lastPlay: z.string().nullable(),
});
export type LibraryAudioFile = z.infer<typeof LibraryAudioFile>;

export const LibraryAudioFilesQuery = z.strictObject({
  query: SafeText.trim().max(200).optional(),
  offset: wholeNumber(z.number().int().nonnegative().max(1_000_000)).default(0),
  limit: wholeNumber(z.number().int().min(1).max(200)).default(50),
});
export const LibraryAudioFileList = z.object({ totalCount: z.number().int().nonnegative(), items: z.array(LibraryAudioFile) });
export type LibraryAudioFileList = z.infer<typeof LibraryAudioFileList>;

export const LibraryChoices = z.object({
  categories: z.array(z.object({ id: Id, name: z.string(), type: z.string() })),
  artists: z.array(z.object({ id: Id, name: z.string() })),
});
export type LibraryChoices = z.infer<typeof LibraryChoices>;
