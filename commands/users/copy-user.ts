import { validationError } from '../../infra/errors.ts';
import { CopyUserRequest, CopyUserResult } from '../../schemas/api/back-office-requests.ts';
import { requireOperator } from '../../server/http/auth.ts';
import { typedRequest } from '../../server/http/typed-request.ts';
import { auditRows, requireExisting } from '../reference-data/audited-links.ts';

// copy-user {userId, name} -> {userId} (spec 3 section 7): a new unit set up like an existing one.
// The copy gets the source's profile (organisation, names, language, flags, interface parameters,
// groups, info and footer files, contract dates), its settings and its administrators, under the
// new login name; not its password, e-mail address, login links, public report token, resident,
// favorites or history: the new account starts without a password (an administrator sends a login
// link). The audit rows hold the copied columns, never a password hash.

const copied = [
  'organization',
  'client_name',
  'first_name',
  'last_name',
  'language',
  'config',
  'ui_params',
  'info_file_id',
  'footer_file_id',
  'user_group_id',
  'timings_user_group_id',
  'contract_start_date',
  'contract_end_date',
] as const;

export const copyUserRequest = typedRequest({
  permission: 'Service operators.',
  effect: "Creates a user under the new name with the source user's profile, flags, settings and administrators (no password, e-mail or history).",
  body: CopyUserRequest,
  result: CopyUserResult,
  async handle(request, body) {
    const { userId: actor } = await requireOperator(request);
    return request.server.deps.sql.transaction(async (tx) => {
      await requireExisting(tx, 'users', [body.userId], 'userId');
      const taken = await tx.query('SELECT 1 FROM users WHERE name = $1', [body.name]);
      if (taken.length > 0) throw validationError([{ path: 'body.name', message: 'A user with this user name already exists' }]);
      const columns = copied.map((c) => `"${c}"`).join(', ');
      const [row] = await tx.query<Record<string, unknown> & { id: number }>(
        `INSERT INTO users (name, inserted_by_user_id, ${columns}) SELECT $2, $3, ${columns} FROM users WHERE id = $1
         RETURNING id, name, inserted_by_user_id, ${columns}`,
        [body.userId, body.name, actor],
      );
      const newId = Number(row!.id);
      const settings = await tx.query<Record<string, unknown>>('INSERT INTO settings (user_id, key, value) SELECT $2, key, value FROM settings WHERE user_id = $1 RETURNING *', [body.userId, newId]);
      const admins = await tx.query<Record<string, unknown>>('INSERT INTO user_admins (admin_user_id, user_id) SELECT admin_user_id, $2 FROM user_admins WHERE user_id = $1 RETURNING *', [body.userId, newId]);
      await auditRows(tx, 'users', 'INSERT', actor, 'copy-user', [{ new: row! }]);
      await auditRows(tx, 'settings', 'INSERT', actor, 'copy-user', settings.map((s) => ({ new: s })));
      await auditRows(tx, 'user_admins', 'INSERT', actor, 'copy-user', admins.map((a) => ({ new: a })));
      return { userId: newId };
    });
  },
});
