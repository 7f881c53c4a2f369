import { proxy } from 'valtio';
import type { AdminUserRow } from '../../../../schemas/api/user-admin.ts';
import { getAdminUsers } from '../api/get-admin-users.ts';
import { removeUser } from '../api/remove-user.ts';

// The user administration table's rows (spec 3 section 2).

export const usersStore = proxy<{ users: AdminUserRow[]; loaded: boolean; failed: boolean }>({ users: [], loaded: false, failed: false });

export async function loadAdminUsers(): Promise<void> {
  try {
    const { users } = await getAdminUsers();
    usersStore.users = users;
    usersStore.failed = false;
  } catch {
    usersStore.failed = true;
  } finally {
    usersStore.loaded = true;
  }
}

/** Removes the user and drops their row; false when the server refused. */
export async function removeAdminUser(userId: number): Promise<boolean> {
  try {
    await removeUser(userId);
    usersStore.users = usersStore.users.filter((u) => u.id !== userId);
    return true;
  } catch {
    return false;
  }
}
