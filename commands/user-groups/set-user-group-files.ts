import { ChangedResult } from '../../schemas/api/back-office-requests.ts';
import { SetUserGroupFilesRequest } from '../../schemas/api/user-group-requests.ts';
import { requireOperator } from '../../server/http/auth.ts';
import { typedRequest } from '../../server/http/typed-request.ts';
import { requireExisting, setAuditedLinks } from '../reference-data/audited-links.ts';

// set-user-group-files {userGroupIds, fileIds, value} (spec 3 section 7): shares files (documents,
// images, videos) with the groups' members (value true) or stops sharing them (false);
// user_group_files, migration 030. A file's own user_group_id (who uploaded it) is not changed.

export const setUserGroupFilesRequest = typedRequest({
  permission: 'Service operators.',
  effect: 'Adds (value true) or removes (false) every file for every user group given.',
  body: SetUserGroupFilesRequest,
  result: ChangedResult,
  async handle(request, body) {
    const { userId } = await requireOperator(request);
    return request.server.deps.sql.transaction(async (tx) => {
      await requireExisting(tx, 'user_groups', body.userGroupIds, 'userGroupIds');
      await requireExisting(tx, 'files', body.fileIds, 'fileIds');
      const link = { table: 'user_group_files', left: 'user_group_id', right: 'file_id' };
      return { changed: await setAuditedLinks(tx, link, body.userGroupIds, body.fileIds, body.value, userId, 'set-user-group-files') };
    });
  },
});
