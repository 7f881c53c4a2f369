import type { FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../../infra/errors.ts';
import type { ByteRange, FileStore } from '../../infra/files/file-store.ts';
import type { Queryable } from '../../infra/sql/sql.ts';
import { mayReadFile } from '../../domain/files/file-access.ts';

// Sends a stored object with HTTP Range support (RFC 9110 section 14): seeking in the audio
// player and in video asks for byte ranges. One range answers 206; a range beyond the end 416;
// a malformed or multi-range header is ignored and the whole object sent.

export interface StoredFileRow {
  id: number;
  name: string;
  content_type: string;
  object_key: string;
  /** The uploader of an upload (POST /api/upload); null for a library file. */
  user_id: number | null;
}

/** An active file row whose bytes the store holds; NotFound otherwise. */
export async function findStoredFile(sql: Queryable, fileId: number): Promise<StoredFileRow> {
  const [row] = await sql.query<StoredFileRow>('SELECT id, name, content_type, object_key, user_id FROM files WHERE id = $1 AND active AND has_object', [fileId]);
  if (!row) throw notFound();
  return row;
}

/**
 * findStoredFile for a caller: an upload they may not read (domain/files/file-access.ts) is
 * NotFound as well, so nobody learns which ids are someone's uploads.
 */
export async function findReadableFile(sql: Queryable, userId: number, fileId: number): Promise<StoredFileRow> {
  const file = await findStoredFile(sql, fileId);
  if (file.user_id !== null && !(await mayReadFile(sql, userId, file.id))) throw notFound();
  return file;
}

export function fileStoreOf(request: FastifyRequest): FileStore {
  const files = request.server.deps.files;
  if (!files) throw notFound();
  return files;
}

export async function sendStoredObject(
  request: FastifyRequest,
  reply: FastifyReply,
  file: StoredFileRow,
  options: { download?: boolean } = {},
): Promise<FastifyReply> {
  const store = fileStoreOf(request);
  const info = await store.stat(file.object_key);
  if (!info) throw notFound();
  const range = parseRange(request.headers.range, info.size);
  reply
    .header('Accept-Ranges', 'bytes')
    .header('Content-Type', contentTypeOf(file))
    .header('Last-Modified', info.modified.toUTCString())
    .header('Cache-Control', 'private, max-age=3600')
    .header('X-Content-Type-Options', 'nosniff');
  // An uploaded HTML or SVG file opened from our origin must not run script as the user. Only
  // those: Chrome refuses to show a PDF in a sandboxed document.
  if (/html|svg|xml/i.test(contentTypeOf(file))) reply.header('Content-Security-Policy', 'sandbox');
  // A PDF can carry script (an OpenAction) that the browser's viewer would run on our origin, and a
  // sandbox would stop Chrome showing it at all: a PDF is always an attachment (issue 37 item 8).
  // The app shows no PDF inline: its file viewer offers them as downloads (modal-rules.ts).
  if (options.download || /^application\/pdf\b/i.test(contentTypeOf(file))) reply.header('Content-Disposition', contentDisposition(file.name));
  if (range === 'unsatisfiable') {
    return reply
      .code(416)
      .header('Content-Range', `bytes */${info.size}`)
      .header('Content-Type', 'application/json; charset=utf-8')
      .send({ error: { kind: 'InvalidRequest', message: 'Range not satisfiable' } });
  }
  cutWhenStalled(request, reply);
  if (range) {
    reply.code(206).header('Content-Range', `bytes ${range.start}-${range.end}/${info.size}`).header('Content-Length', range.end - range.start + 1);
    return reply.send(await store.openReadStream(file.object_key, range));
  }
  reply.code(200).header('Content-Length', info.size);
  return reply.send(await store.openReadStream(file.object_key));
}

/** How long a stream may go without the reader taking a byte before it is cut. */
const STALLED_STREAM_MS = 60_000;

/**
 * A reader that stops reading (an attacker holding a hundred streams open, or a player paused
 * long) would keep its open file, its buffers and its object-store connection for ever: after a
 * minute without progress the connection is cut. A browser's player asks again with a Range when
 * it plays on. Once the answer is sent, the keep-alive connection has no such limit again.
 */
function cutWhenStalled(request: FastifyRequest, reply: FastifyReply): void {
  const { socket } = request.raw;
  // An injected request (light-my-request) has a stand-in socket without byte counts: nothing to cut.
  if (typeof socket?.bytesWritten !== 'number') return;
  // A watch of our own on the bytes written, not socket.setTimeout: Node keeps a keep-alive
  // connection's idle limit in that same timer, and must have it back once the answer is sent.
  let written = socket.bytesWritten;
  const watch = setInterval(() => {
    if (socket.bytesWritten === written) socket.destroy();
    written = socket.bytesWritten;
  }, request.server.deps.config.stalledStreamMs ?? STALLED_STREAM_MS).unref();
  reply.raw.once('close', () => clearInterval(watch));
}

/** One byte range of a `bytes=` header, 'unsatisfiable', or null to send the whole object. */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  const [first, last] = [match[1]!, match[2]!];
  if (first === '') {
    // A suffix: the last n bytes.
    const length = Number(last);
    if (length === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  // 'bytes=50-10' is no valid range at all, so the header is ignored rather than refused.
  if (last !== '' && Number(last) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end: last === '' ? size - 1 : Math.min(Number(last), size - 1) };
}

const byExtension: Record<string, string> = {
  mp3: 'audio/mpeg', wav: 'audio/wav', ogg: 'audio/ogg', oga: 'audio/ogg', m4a: 'audio/mp4', aac: 'audio/aac', flac: 'audio/flac', opus: 'audio/ogg',
  mp4: 'video/mp4', webm: 'video/webm', png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp', svg: 'image/svg+xml',
  pdf: 'application/pdf', txt: 'text/plain; charset=utf-8', html: 'text/html; charset=utf-8',
};

/** The stored content type, or one from the name when an upload arrived without a useful one. */
export function contentTypeOf(file: Pick<StoredFileRow, 'name' | 'content_type'>): string {
  const stored = file.content_type.trim().toLowerCase();
  if (stored && stored !== 'application/octet-stream' && /^[a-z]+\/[a-z0-9.+-]+/.test(stored)) return file.content_type.trim();
  const extension = /\.([A-Za-z0-9]+)$/.exec(file.name)?.[1]?.toLowerCase();
  return (extension && byExtension[extension]) ?? 'application/octet-stream';
}

/** RFC 6266: an ASCII fallback name and the exact name in UTF-8. */
function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
