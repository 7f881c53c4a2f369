import sharp from 'sharp';
import { FileParams, ThumbnailQuery } from '../../schemas/api/library.ts';
import { invalidRequest } from '../../infra/errors.ts';
import { requireUser } from '../../server/http/auth.ts';
import type { App } from '../../server/http/zod.ts';
import { contentTypeOf, fileStoreOf, findReadableFile } from './send-stored-object.ts';

// GET /api/file/{id}/thumbnail?width=250 (spec 1 sections 7 and 9): an image scaled to `width`
// pixels wide, aspect kept. The demo covers are stored at 250 px, so the default width sends them
// unchanged; other widths and uploaded photos are resized (sharp) and never enlarged. An upload's
// thumbnail goes to whoever may read the upload (domain/files/file-access.ts).

export function getFileThumbnailRoute(app: App): void {
  app.get('/api/file/:id/thumbnail', { schema: { params: FileParams, querystring: ThumbnailQuery } }, async (request, reply) => {
    const { userId } = requireUser(request);
    const file = await findReadableFile(app.deps.sql, userId, request.params.id);
    const contentType = contentTypeOf(file);
    if (!contentType.startsWith('image/') || contentType.startsWith('image/svg')) throw invalidRequest('Not an image');
    const original = await fileStoreOf(request).read(file.object_key);
    const image = sharp(original, { failOn: 'error' });
    const metadata = await image.metadata().catch(() => {
      throw invalidRequest('Not an image');
    });
    const { width } = request.query;
    reply.header('Cache-Control', 'private, max-age=86400').header('X-Content-Type-Options', 'nosniff');
    if (metadata.width === width) return reply.type(contentType).send(original);
    const png = await image.resize({ width, withoutEnlargement: true }).png().toBuffer();
    return reply.type('image/png').send(png);
  });
}
