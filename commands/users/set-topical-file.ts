import { accessDenied } from '../../infra/errors.ts';
import { loadUser } from '../../infra/users/user-repository.ts';
import { requireUsableFile } from '../../domain/files/file-access.ts';
import { ChangedResult } from '../../schemas/api/back-office-requests.ts';
import { SetTopicalFileRequest } from '../../schemas/api/topical-file.ts';
import { requireUser } from '../../server/http/auth.ts';
import { typedRequest } from '../../server/http/typed-request.ts';
import { auditRows } from '../reference-data/audited-links.ts';

// set-topical-file {userIds, fileId} (spec 3 section 2; issue 17 item 6): an administrator with
// showUploadTopicalFile makes a file they uploaded (POST /api/upload) the info file of units they
// administer, so the units' Info button shows it (schemas/api/topical-file.ts says why the info
// file). Every unit must be one the caller administers and the file one they may read (their own
// upload), or nothing changes: AccessDenied for a unit, a ValidationError naming body.fileId for the
// file, the same for someone else's file and a missing one so no id can be probed. The audit rows
// name the column only: a users row also holds the password hash, which the log must never copy.

export const setTopicalFileRequest = typedRequest({
  permission: 'An administrator of the units with showUploadTopicalFile.',
  effect: "Makes the file the units' info file (shown by their Info button); fileId null removes it.",
  body: SetTopicalFileRequest,
  result: ChangedResult,
  async handle(request, body) {
    const session = requireUser(request);
    const { sql } = request.server.deps;
    const actor = await loadUser(sql, session.userId);
    if (!actor || !actor.config.userAdmin || !actor.config.showUploadTopicalFile) throw accessDenied();
    const userIds = [...new Set(body.userIds)];
    const changed = await sql.transaction(async (tx) => {
      const administered = await tx.query<{ user_id: number }>('SELECT user_id FROM user_admins WHERE admin_user_id = $1 AND user_id = ANY($2::integer[])', [session.userId, userIds]);
      if (administered.length !== userIds.length) throw accessDenied();
      if (body.fileId !== null) await requireUsableFile(tx, session.userId, body.fileId, 'body.fileId');
      const old = await tx.query<{ id: number; info_file_id: number | null }>(
        'SELECT id, info_file_id FROM users WHERE id = ANY($1::integer[]) AND info_file_id IS DISTINCT FROM $2 ORDER BY id FOR UPDATE',
        [userIds, body.fileId],
      );
      if (old.length === 0) return 0;
      await tx.query('UPDATE users SET info_file_id = $2 WHERE id = ANY($1::integer[])', [old.map((row) => row.id), body.fileId]);
      await auditRows(tx, 'users', 'UPDATE', session.userId, 'set-topical-file', old.map((row) => ({ old: { ...row }, new: { id: row.id, info_file_id: body.fileId } })));
      return old.length;
    });
    return { changed };
  },
});
