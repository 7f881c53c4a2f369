import { randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import { fileTypeFromBuffer, fileTypeFromFile } from 'file-type';
import { AppError, accessDenied, invalidRequest, notFound, validationError } from '../../infra/errors.ts';
import type { FileStore, IncomingObject } from '../../infra/files/file-store.ts';
import type { Queryable, Sql } from '../../infra/sql/sql.ts';
import { decodesAsImage } from '../../infra/media/image-decode.ts';
import { readMediaLength } from '../../infra/media/media-length.ts';
import { loadUser } from '../../infra/users/user-repository.ts';
import { isSafeText } from '../../schemas/common/safe.ts';
import {
  maxUploadBytes,
  maxUploadFiles,
  maxUploadNameLength,
  uploadFieldPattern,
  UploadedFiles,
  uploadSizeLimits,
  uploadTypes,
  type UploadedFile,
  type UploadKind,
} from '../../schemas/api/uploads.ts';
import { requireUser } from '../../server/http/auth.ts';
import type { App } from '../../server/http/zod.ts';
import { insertAuditedRow } from '../reference-data/audited-row.ts';

// POST /api/upload (spec 1 and 3 section 7), multipart fields file0, file1, ...: any logged-in user
// with messaging stores pictures, videos, sounds and PDFs to attach to messages and replies, and an
// operator the sounds of the content library (a sound's and a video's length is read from the media). The
// rules are in schemas/api/uploads.ts: the type is sniffed from the bytes, a picture must decode
// whole (infra/media/image-decode.ts), each kind has its size limit, and an upload is all or
// nothing. Each file streams to a temporary file beside the store
// (infra/files/file-store.ts `receive`), is sniffed and checked there, and only when every file of
// the request passed are they moved under their keys and their rows (owner: the uploader) written,
// with their audit rows, in one transaction. Answers [{id, name, contentType, size}] in field order.

/** Bytes read before the first sniff: what file-type needs for every type we take but an MP3 behind a long ID3 tag. */
const sniffBytes = 4100;

/** Sniffed types that are another name for one we take. */
const sniffedAliases: Readonly<Record<string, string>> = { 'audio/x-m4a': 'audio/mp4', 'audio/ogg; codecs=opus': 'audio/ogg' };

const kindNames: Readonly<Record<UploadKind, string>> = { image: 'images', video: 'videos', audio: 'sounds', document: 'documents' };

interface Sniffed {
  contentType: string;
  extension: string;
  kind: UploadKind;
}

/** The accepted type of a sniff result; null for a type we do not take or no result. */
function accepted(result: { mime: string; ext: string } | undefined): Sniffed | null {
  if (!result) return null;
  const contentType = sniffedAliases[result.mime] ?? result.mime;
  const kind = uploadTypes[contentType];
  return kind ? { contentType, extension: result.ext, kind } : null;
}

const tooLarge = (path: string, kind: UploadKind | null) =>
  new AppError('PayloadTooLarge', undefined, [
    { path, message: kind ? `Over the ${uploadSizeLimits[kind] / (1024 * 1024)} MB limit of ${kindNames[kind]}` : `Over the ${maxUploadBytes / (1024 * 1024)} MB limit` },
  ]);
const unreadableImage = (path: string) => validationError([{ path, message: 'Not a readable image: damaged, cut short or too many pixels' }]);
const unsupported = (path: string) => validationError([{ path, message: 'Not a supported file type: images (JPEG, PNG, GIF, WebP), videos (MP4, WebM), sounds (MP3, Ogg, M4A) or PDF' }]);

/** The name the browser sent, as a plain file name: no folders, no control characters, at most maxUploadNameLength. */
export function uploadName(filename: string | undefined, fallback: string): string {
  // Old browsers send the whole path (C:\Users\...\photo.jpg).
  const base = (filename ?? '').split(/[\\/]/).pop()!.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  if (base === '' || base === '.' || base === '..') return fallback;
  if ([...base].length <= maxUploadNameLength) return base;
  const extension = /\.[A-Za-z0-9]{1,10}$/.exec(base)?.[0] ?? '';
  return [...base.slice(0, base.length - extension.length)].slice(0, maxUploadNameLength - extension.length).join('') + extension;
}

/**
 * Streams one file into the store's temporary area, enforcing the limit of its kind as soon as the
 * first bytes tell the kind, and refusing a type we do not take without reading the rest.
 */
async function receiveChecked(store: FileStore, source: AsyncIterable<Uint8Array> & { truncated?: boolean }, path: string): Promise<{ incoming: IncomingObject; type: Sniffed }> {
  let limit = maxUploadBytes;
  let kind: UploadKind | null = null;
  const head: Buffer[] = [];
  let headBytes = 0;
  let total = 0;
  const judgeHead = async () => {
    const result = await fileTypeFromBuffer(Buffer.concat(head));
    const type = accepted(result);
    // A type we know and do not take: no need to read the rest. No answer yet: the whole file decides.
    if (result && !type) throw unsupported(path);
    if (type) [kind, limit] = [type.kind, uploadSizeLimits[type.kind]];
  };
  async function* checked(): AsyncGenerator<Uint8Array> {
    for await (const chunk of source) {
      total += chunk.length;
      if (headBytes < sniffBytes) {
        head.push(Buffer.from(chunk));
        headBytes += chunk.length;
        if (headBytes >= sniffBytes) await judgeHead();
      }
      if (total > limit) throw tooLarge(path, kind);
      yield chunk;
    }
  }
  const incoming = await store.receive(checked());
  try {
    // Cut off at the parser's limit (the largest of all): more than any kind may be.
    if (source.truncated) throw tooLarge(path, kind);
    if (incoming.size === 0) throw validationError([{ path, message: 'The file is empty' }]);
    const type = accepted(await fileTypeFromFile(incoming.path));
    if (!type) throw unsupported(path);
    if (incoming.size > uploadSizeLimits[type.kind]) throw tooLarge(path, type.kind);
    if (type.kind === 'image' && !(await decodesAsImage(incoming.path, type.contentType))) throw unreadableImage(path);
    return { incoming, type };
  } catch (error) {
    await incoming.discard();
    throw error;
  }
}

/** What the multipart parser says about a body it could not read, in our error kinds. */
function parserError(error: unknown): unknown {
  if (error instanceof AppError || !(error instanceof Error)) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge('body', null);
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return validationError([{ path: 'body', message: `At most ${maxUploadFiles} files in one upload` }]);
  }
  if (code === 'FST_PROTO_VIOLATION') return validationError([{ path: 'body', message: 'Unexpected field' }]);
  const status = (error as { statusCode?: number }).statusCode;
  // Busboy's own errors (a cut-off body, a malformed part header) carry no status.
  if (status === undefined || (status >= 400 && status < 500)) return invalidRequest('Malformed multipart body', { reason: error.message });
  return error;
}

interface Received {
  index: number;
  name: string;
  incoming: IncomingObject;
  type: Sniffed;
  length: number | null;
}

/** Seconds of a sound or video, from the media itself; null for other kinds. */
const lengthOf = (media: string | Uint8Array, kind: UploadKind): Promise<number | null> => (kind === 'audio' || kind === 'video' ? readMediaLength(media) : Promise.resolve(null));

const objectKeyFor = (userId: number, extension: string, now: Date) => `uploads/${userId}/${now.toISOString().slice(0, 7)}/${randomUUID()}.${extension}`;

/** Writes the files' rows (owner: the uploader) and their audit rows in one transaction. */
async function recordFiles(sql: Sql, userId: number, files: readonly { name: string; contentType: string; objectKey: string; size: number; length: number | null }[], query: string): Promise<UploadedFile[]> {
  return sql.transaction(async (tx: Queryable) => {
    const rows: UploadedFile[] = [];
    for (const file of files) {
      const row = await insertAuditedRow<{ id: number }>(
        tx,
        'files',
        { user_id: userId, name: file.name, content_type: file.contentType, object_key: file.objectKey, size: file.size, has_object: true, length: file.length },
        userId,
        query,
      );
      rows.push({ id: Number(row.id), name: file.name, contentType: file.contentType, size: file.size, ...(file.length === null ? {} : { length: file.length }) });
    }
    return rows;
  });
}

/**
 * Files made from bytes in hand (the demo seed), by the same rules as an upload: sniffed, allowed,
 * within their limits, stored and recorded with the uploader as owner.
 */
export async function storeUploadedBytes(deps: { sql: Sql; files: FileStore; now: () => Date }, userId: number, files: readonly { name: string; bytes: Uint8Array }[]): Promise<UploadedFile[]> {
  const stored: { name: string; contentType: string; objectKey: string; size: number; length: number | null }[] = [];
  for (const [index, file] of files.entries()) {
    const type = accepted(await fileTypeFromBuffer(file.bytes));
    if (!type) throw unsupported(`file${index}`);
    if (file.bytes.length > uploadSizeLimits[type.kind]) throw tooLarge(`file${index}`, type.kind);
    if (type.kind === 'image' && !(await decodesAsImage(file.bytes, type.contentType))) throw unreadableImage(`file${index}`);
    const objectKey = objectKeyFor(userId, type.extension, deps.now());
    await deps.files.save(objectKey, file.bytes);
    const length = await lengthOf(file.bytes, type.kind);
    stored.push({ name: uploadName(file.name, `file${index}`), contentType: type.contentType, objectKey, size: file.bytes.length, length });
  }
  return recordFiles(deps.sql, userId, stored, 'upload');
}

export function uploadFilesRoute(app: App): void {
  // The multipart parser only for this route: elsewhere a multipart body stays an unsupported media type.
  void app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: maxUploadBytes, files: maxUploadFiles, fields: maxUploadFiles, parts: 2 * maxUploadFiles, fieldNameSize: 100, headerPairs: 20 },
    });
    scope.post('/api/upload', { schema: { response: { 200: UploadedFiles } } }, async (request) => {
      const { userId } = requireUser(request);
      const { sql, now, files: store } = app.deps;
      const user = await loadUser(sql, userId);
      // Operators upload the content library's sounds (POST /api/library/audio-files), messaging or not.
      // An administrator with showUploadTopicalFile uploads the topical file of their units (commands/users/set-topical-file.ts).
      const topicalFiles = user?.config.userAdmin === true && user.config.showUploadTopicalFile;
      if (!user || !(user.config.messages || user.config.msgs || user.operator || topicalFiles)) throw accessDenied('Uploads need messaging');
      if (!store) throw notFound();
      if (!request.isMultipart()) throw validationError([{ path: 'body', message: 'Expected multipart/form-data with the fields file0, file1, ...' }]);

      const received: Received[] = [];
      try {
        for await (const part of request.parts()) {
          const field = uploadFieldPattern.exec(part.fieldname);
          // A field name we did not ask for is named only when it is one of ours: nothing unsafe reaches an answer.
          if (!field) throw validationError([{ path: 'body', message: 'Unexpected field: only file0, file1, ...' }]);
          const path = `body.${part.fieldname}`;
          if (part.type !== 'file') throw validationError([{ path, message: 'Expected a file' }]);
          const index = Number(field[1]);
          if (received.some((r) => r.index === index)) throw validationError([{ path, message: 'The same field twice' }]);
          if (part.filename && !isSafeText(part.filename)) throw validationError([{ path: `${path}.filename`, message: 'Text must not contain NUL bytes or unpaired UTF-16 surrogates' }]);
          const name = uploadName(part.filename, part.fieldname);
          const { incoming, type } = await receiveChecked(store, part.file, path);
          received.push({ index, name, incoming, type, length: await lengthOf(incoming.path, type.kind) });
        }
        if (received.length === 0) throw validationError([{ path: 'body.file0', message: 'No file' }]);
      } catch (error) {
        await Promise.all(received.map((r) => r.incoming.discard()));
        throw parserError(error);
      }

      received.sort((a, b) => a.index - b.index);
      const at = now();
      const placed: string[] = [];
      try {
        const stored = [];
        for (const r of received) {
          const objectKey = objectKeyFor(userId, r.type.extension, at);
          await r.incoming.commit(objectKey);
          placed.push(objectKey);
          stored.push({ name: r.name, contentType: r.type.contentType, objectKey, size: r.incoming.size, length: r.length });
        }
        return await recordFiles(sql, userId, stored, 'POST /api/upload');
      } catch (error) {
        // No row without its object, and no object without its row.
        await Promise.all([...placed.map((key) => store.remove(key)), ...received.map((r) => r.incoming.discard())]);
        throw error;
      }
    });
  });
}
