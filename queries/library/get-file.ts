import { FileParams, FileQuery } from '../../schemas/api/library.ts';
import { requireUser } from '../../infra/http/auth.ts';
import type { App } from '../../infra/http/zod.ts';
import { findStoredFile, sendStoredObject } from './send-stored-object.ts';

// GET /api/file/{id}[?download=1] (spec 1 section 7): a stored file (image, video, document) for
// the file viewer, byte ranges included so videos can seek; download=1 makes it an attachment.

export function getFileRoute(app: App): void {
  app.get('/api/file/:id', { schema: { params: FileParams, querystring: FileQuery } }, async (request, reply) => {
    requireUser(request);
    const file = await findStoredFile(app.deps.sql, request.params.id);
    return sendStoredObject(request, reply, file, { download: request.query.download === '1' });
  });
}
