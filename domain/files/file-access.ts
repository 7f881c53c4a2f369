import type { Queryable } from '../../infra/sql/sql.ts';
import { validationError } from '../../infra/errors.ts';
import { seenBy } from '../messages/message-access.ts';

// Who may read a stored file (GET /api/file/{id} and its thumbnail) and attach it to a message or a
// reply. Library files (files.user_id NULL: covers, videos, documents of the content library) are
// for every logged-in user, as before. An upload (files.user_id = its uploader, POST /api/upload)
// is the uploader's, and becomes readable by whoever may see a message or reply it is attached to:
// the message's owner and, once sent, its recipients and the members of its recipient groups;
// and by the administrators of any of them, who read their users' messages. An upload that is a
// user's info or footer file (the topical file an administrator set: commands/users/set-topical-file.ts)
// is that user's to read, and their administrators'. Everyone else gets nothing, whatever id they try.

/**
 * Whether `userId` may read file `fileId`: true for a library file, the uploader's own upload, and
 * an upload attached to an item or a reply of a message the caller (or a user they administer) sees,
 * and the info or footer file of the caller (or of a user they administer).
 * False for a file that is not there.
 */
export async function mayReadFile(db: Queryable, userId: number, fileId: number): Promise<boolean> {
  const rows = await db.query<{ ok: boolean }>(
    `WITH viewers AS (SELECT $1::integer AS id UNION SELECT user_id FROM user_admins WHERE admin_user_id = $1)
     SELECT (f.user_id IS NULL OR f.user_id = $1
       OR EXISTS (SELECT 1 FROM message_items i JOIN messages m ON m.id = i.message_id, viewers v
                   WHERE i.file_id = f.id AND ${seenBy('v.id')})
       OR EXISTS (SELECT 1 FROM message_replies r JOIN messages m ON m.id = r.message_id, viewers v
                   WHERE r.file_id = f.id AND ${seenBy('v.id')})
       OR EXISTS (SELECT 1 FROM users u JOIN viewers v ON v.id = u.id WHERE u.info_file_id = f.id OR u.footer_file_id = f.id)) AS ok
       FROM files f WHERE f.id = $2 AND f.active`,
    [userId, fileId],
  );
  return rows[0]?.ok === true;
}

/**
 * For commands that name a file (a message item's or a reply's fileId): it must be a file the user
 * uploaded or may read. Otherwise a ValidationError naming the field, the same for a file that is
 * someone else's and one that does not exist, so no id can be probed.
 */
export async function requireUsableFile(db: Queryable, userId: number, fileId: number, path: string): Promise<void> {
  if (!(await mayReadFile(db, userId, fileId))) throw validationError([{ path, message: 'Unknown file' }]);
}
