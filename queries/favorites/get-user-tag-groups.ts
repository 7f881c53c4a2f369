import { requireUser } from '../../server/http/auth.ts';
import type { App } from '../../server/http/zod.ts';
import type { Queryable } from '../../infra/sql/sql.ts';
import { UserTagGroupList, type UserTagGroup } from '../../schemas/api/favorites.ts';
import { readableByReader } from '../../domain/favorites/list-access.ts';

// GET /api/user-tag-groups: every list the caller may read, their own first, then by name. The
// default list 0 is not among them: every user has it, and the browser names it.

interface ListRow {
  id: number;
  name: string;
  description: string;
  user_id: number;
  user_name: string | null;
  user_group_id: number | null;
  audio_file_count: number | string;
}

export async function listReadableUserTagGroups(db: Queryable, readerUserId: number): Promise<UserTagGroup[]> {
  const rows = await db.query<ListRow>(
    `SELECT l.id, l.name, l.description, l.user_id, l.user_group_id,
       COALESCE(NULLIF(u.client_name, ''), NULLIF(trim(concat_ws(' ', u.first_name, u.last_name)), ''), u.name) AS user_name,
       (SELECT count(*) FROM favorite_audio_files f WHERE f.list_id = l.id) AS audio_file_count
     FROM favorite_lists l LEFT JOIN users u ON u.id = l.user_id
     WHERE ${readableByReader}
     ORDER BY l.user_id <> $1, lower(l.name), l.id`,
    [readerUserId],
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    description: r.description,
    canModify: r.user_id === readerUserId,
    userId: r.user_id,
    userName: r.user_name,
    userGroupId: r.user_group_id,
    continuousPlay: false,
    activeEndTime: null,
    audioFileCount: Number(r.audio_file_count),
  }));
}

export function getUserTagGroupsRoute(app: App): void {
  app.get('/api/user-tag-groups', { schema: { response: { 200: UserTagGroupList } } }, async (request) => {
    const { userId } = requireUser(request);
    return listReadableUserTagGroups(app.deps.sql, userId);
  });
}
