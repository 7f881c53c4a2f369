import { ChangedResult, SetAudioFileCategoriesRequest } from '../../schemas/api/back-office-requests.ts';
import { requireOperator } from '../../server/http/auth.ts';
import { typedRequest } from '../../server/http/typed-request.ts';
import { requireExisting, setAuditedLinks } from '../reference-data/audited-links.ts';

// set-audio-file-categories {audioFileIds, categoryIds, value, priority?} (spec 3 section 7): puts
// the selected audio files into the categories (value true; a new link gets `priority`, a link
// that exists keeps its own) or takes them out. Categories drive search, the category players
// and the reports' category targets.

export const setAudioFileCategoriesRequest = typedRequest({
  permission: 'Service operators (the content library).',
  effect: 'Adds (value true, with priority) or removes (false) every audio file in every category given.',
  body: SetAudioFileCategoriesRequest,
  result: ChangedResult,
  async handle(request, body) {
    const { userId } = await requireOperator(request);
    return request.server.deps.sql.transaction(async (tx) => {
      await requireExisting(tx, 'audio_files', body.audioFileIds, 'audioFileIds');
      await requireExisting(tx, 'categories', body.categoryIds, 'categoryIds');
      const link = { table: 'audio_file_categories', left: 'audio_file_id', right: 'category_id', extra: { priority: body.priority } };
      return { changed: await setAuditedLinks(tx, link, body.audioFileIds, body.categoryIds, body.value, userId, 'set-audio-file-categories') };
    });
  },
});
