import { ChangedResult, SetFileCategoriesRequest } from '../../schemas/api/back-office-requests.ts';
import { requireOperator } from '../../server/http/auth.ts';
import { typedRequest } from '../../server/http/typed-request.ts';
import { requireExisting, setAuditedLinks } from '../reference-data/audited-links.ts';

// set-file-categories {fileIds, categoryIds, value} (spec 3 section 7): the same bulk action for
// stored files (images, documents, videos) as set-audio-file-categories for audio files.

export const setFileCategoriesRequest = typedRequest({
  permission: 'Service operators (the content library).',
  effect: 'Adds (value true) or removes (false) every file in every category given.',
  body: SetFileCategoriesRequest,
  result: ChangedResult,
  async handle(request, body) {
    const { userId } = await requireOperator(request);
    return request.server.deps.sql.transaction(async (tx) => {
      await requireExisting(tx, 'files', body.fileIds, 'fileIds');
      await requireExisting(tx, 'categories', body.categoryIds, 'categoryIds');
      const link = { table: 'file_categories', left: 'file_id', right: 'category_id' };
      return { changed: await setAuditedLinks(tx, link, body.fileIds, body.categoryIds, body.value, userId, 'set-file-categories') };
    });
  },
});
