import { randomBytes } from 'node:crypto';
import { hashPassword, verifyPassword } from '../../infra/auth/password.ts';
import { unauthorized } from '../../infra/errors.ts';
import type { Queryable } from '../../infra/sql/sql.ts';
import { findLoginCandidate } from '../../infra/users/user-repository.ts';

// The password check of POST /api/login, for the user's own login and the admin-password login
// alike: one answer, 'Login failed', for an unknown name, a wrong password and an inactive user.

export const loginFailed = () => unauthorized('Login failed');

// Unknown user names still pay for one hash check, so timing does not tell which names exist.
let decoyHash: Promise<string> | undefined;
const decoy = () => (decoyHash ??= hashPassword(randomBytes(16).toString('hex')));

/** The id of the active user `name` whose password is `password`; otherwise 'Login failed'. */
export async function checkCredentials(sql: Queryable, name: string, password: string): Promise<number> {
  const candidate = await findLoginCandidate(sql, name);
  const passwordOk = await verifyPassword(candidate?.passwordHash ?? (await decoy()), password);
  if (!candidate || !candidate.active || !passwordOk) throw loginFailed();
  return Number(candidate.id);
}
