import sharp from 'sharp';
import { FileParams, ThumbnailQuery } from '../../schemas/api/library.ts';
import { invalidRequest } from '../../infra/errors.ts';
import { requireUser } from '../../server/http/auth.ts';
import type { App } from '../../server/http/zod.ts';
import { contentTypeOf, fileStoreOf, findReadableFile } from './send-stored-object.ts';

// GET /api/file/{id}/thumbnail?width=250 (spec 1 sections 7 and 9): an image scaled to `width`
// pixels wide, aspect kept. The demo covers are stored at 250 px, so the default width sends them
// unchanged; other widths and uploaded photos are resized (sharp) and never enlarged. An upload's
// thumbnail goes to whoever may read the upload (domain/files/file-access.ts). A stored file that
// does not decode (not an image, or one cut short) is InvalidRequest 'Not an image', never a 500.

/** sharp's work on a stored file; a file it cannot decode is not an image, whatever its row says. */
const decoded = <T>(work: Promise<T>): Promise<T> =>
  work.catch(() => {
    throw invalidRequest('Not an image');
  });

export function getFileThumbnailRoute(app: App): void {
  app.get('/api/file/:id/thumbnail', { schema: { params: FileParams, querystring: ThumbnailQuery } }, async (request, reply) => {
    const { userId } = requireUser(request);
    const file = await findReadableFile(app.deps.sql, userId, request.params.id);
    const contentType = contentTypeOf(file);
    if (!contentType.startsWith('image/') || contentType.startsWith('image/svg')) throw invalidRequest('Not an image');
    const original = await fileStoreOf(request).read(file.object_key);
    const image = sharp(original, { failOn: 'error' });
    const metadata = await decoded(image.metadata());
    const { width } = request.query;
    // A sound header is not enough: pixel data cut short or corrupt (an image stored before uploads
    // were decoded whole, commands/files/upload-files.ts) fails only when decoded, so both paths decode.
    const thumbnail = metadata.width === width ? await decoded(image.stats()).then(() => null) : await decoded(image.resize({ width, withoutEnlargement: true }).png().toBuffer());
    reply.header('Cache-Control', 'private, max-age=86400').header('X-Content-Type-Options', 'nosniff');
    return thumbnail ? reply.type('image/png').send(thumbnail) : reply.type(contentType).send(original);
  });
}
