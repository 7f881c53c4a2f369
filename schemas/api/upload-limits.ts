// The upload limits of schemas/api/uploads.ts (which says what they are for). No zod here: the
// browser imports them at runtime (ARCHITECTURE.md: the browser shares the schemas' types, not
// their code).

export type UploadKind = 'image' | 'video' | 'audio' | 'document';

const MB = 1024 * 1024;

/** Bytes per file, by kind. */
export const uploadSizeLimits: Readonly<Record<UploadKind, number>> = {
  image: 20 * MB,
  video: 500 * MB,
  audio: 100 * MB,
  document: 20 * MB,
};

/** The largest of the limits: what a file may reach before its type is known. */
export const maxUploadBytes = Math.max(...Object.values(uploadSizeLimits));

/** Files in one request. */
export const maxUploadFiles = 10;

/** The accepted content types (as sniffed) and their kind. */
export const uploadTypes: Readonly<Record<string, UploadKind>> = {
  'image/jpeg': 'image',
  'image/png': 'image',
  'image/gif': 'image',
  'image/webp': 'image',
  'video/mp4': 'video',
  'video/webm': 'video',
  'audio/mpeg': 'audio',
  'audio/ogg': 'audio',
  'audio/mp4': 'audio',
  'application/pdf': 'document',
};
