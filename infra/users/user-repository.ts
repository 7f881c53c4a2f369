import { CurrentUser, Language, UserConfig } from '../../schemas/api/user.ts';
import type { Queryable } from '../sql/sql.ts';
import { forceEasyMode } from './easy-mode.ts';

// Users are reference data in Postgres (migration 001). Stored config holds only the flags that
// differ from the defaults; readers always see the full, defaulted config.

export interface UserRecord {
  id: number;
  name: string;
  organization: string | null;
  clientName: string | null;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  language: Language;
  config: UserConfig;
  uiParams: CurrentUser['uiParams'];
  adminOfUsers: { id: number; name: string }[];
  residentId: number | null;
  activeUserTagGroupId: number | null;
  contractStartDate: string | null;
  contractEndDate: string | null;
  infoFileId: number | null;
  footerFileId: number | null;
  insertedByUserId: number | null;
  lastSessionToken: string | null;
  publicReportUserId: number | null;
  forceReload: boolean;
  uiState: unknown;
  active: boolean;
  operator: boolean;
}

interface UserRow {
  id: number;
  name: string;
  organization: string | null;
  client_name: string | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  language: string;
  config: unknown;
  ui_params: unknown;
  resident_id: number | null;
  contract_start_date: string | null;
  contract_end_date: string | null;
  info_file_id: number | null;
  footer_file_id: number | null;
  inserted_by_user_id: number | null;
  last_session_token: string | null;
  public_report_user_id: number | null;
  force_reload: boolean;
  ui_state: unknown;
  /** Only loadUser reads it. */
  language_setting?: string | null;
  active: boolean;
  operator: boolean;
}

/** How a user is named to others: the client name, else first and last name, else the login name. */
export const userDisplayNameSql = `COALESCE(NULLIF(client_name, ''), NULLIF(trim(concat_ws(' ', first_name, last_name)), ''), name)`;

// Dates as text: drivers would turn a `date` into a local-midnight Date and shift it by the zone.
const userColumns = `id, name, organization, client_name, first_name, last_name, email, language, config, ui_params,
  resident_id, contract_start_date::text AS contract_start_date,
  contract_end_date::text AS contract_end_date, info_file_id, footer_file_id, inserted_by_user_id,
  last_session_token, public_report_user_id, force_reload, ui_state, active, operator`;

export async function loadUser(sql: Queryable, userId: number): Promise<UserRecord | null> {
  // The language the user picked (settings key 'language') wins over the one their account was given.
  const [row] = await sql.query<UserRow>(
    `SELECT ${userColumns}, (SELECT s.value FROM settings s WHERE s.user_id = users.id AND s.key = 'language') AS language_setting FROM users WHERE id = $1`,
    [userId],
  );
  if (!row) return null;
  // In the order they were added: the units an administrator was set up with come before the
  // relatives it later invites, so the report's first user stays a unit.
  const adminOfUsers = await sql.query<{ id: number; name: string }>(
    `SELECT u.id, u.name FROM user_admins a JOIN users u ON u.id = a.user_id WHERE a.admin_user_id = $1 ORDER BY u.id`,
    [userId],
  );
  return toRecord(row, adminOfUsers, await activeFavoriteList(sql, userId));
}

/**
 * The user's active favorite list: read from the favorites read model's stable view (the projector
 * owns it, projections/postgres/favorites.ts), not a column of `users`. Null before the projector
 * has made its tables (42P01): then no list has been projected as active either.
 */
async function activeFavoriteList(sql: Queryable, userId: number): Promise<number | null> {
  try {
    const [row] = await sql.query<{ list_id: number | null }>('SELECT list_id FROM favorite_active_lists WHERE user_id = $1', [userId]);
    return row?.list_id ?? null;
  } catch (error) {
    if ((error as { code?: string }).code === '42P01') return null;
    throw error;
  }
}

/**
 * Only the user's effective config (null: no such user), in one query: for checks that need a
 * flag and not the whole record (loadUser reads the user's lists and settings too).
 */
export async function loadUserConfig(sql: Queryable, userId: number): Promise<UserConfig | null> {
  const [row] = await sql.query<{ config: unknown; administers: boolean }>(
    `SELECT config, EXISTS (SELECT 1 FROM user_admins a JOIN users u ON u.id = a.user_id WHERE a.admin_user_id = users.id) AS administers
       FROM users WHERE id = $1`,
    [userId],
  );
  return row ? effectiveConfig(row.config, row.administers) : null;
}

export async function findLoginCandidate(sql: Queryable, name: string): Promise<{ id: number; passwordHash: string | null; active: boolean } | null> {
  const [row] = await sql.query<{ id: number; password_hash: string | null; active: boolean }>(
    'SELECT id, password_hash, active FROM users WHERE name = $1',
    [name],
  );
  return row ? { id: row.id, passwordHash: row.password_hash, active: row.active } : null;
}

function withPickedLanguage(uiParams: CurrentUser['uiParams'], picked: string | null | undefined): CurrentUser['uiParams'] {
  const language = Language.safeParse(picked);
  return language.success ? { ...uiParams, language: language.data } : uiParams;
}

function toRecord(row: UserRow, adminOfUsers: { id: number; name: string }[], activeUserTagGroupId: number | null): UserRecord {
  const config = effectiveConfig(row.config, adminOfUsers.length > 0);
  const language = Language.safeParse(row.language);
  return {
    id: row.id,
    name: row.name,
    organization: row.organization,
    clientName: row.client_name,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    language: language.success ? language.data : config.language,
    config,
    uiParams: withPickedLanguage(CurrentUser.shape.uiParams.catch({}).parse(row.ui_params ?? {}), row.language_setting),
    adminOfUsers,
    residentId: row.resident_id,
    activeUserTagGroupId,
    contractStartDate: row.contract_start_date,
    contractEndDate: row.contract_end_date,
    infoFileId: row.info_file_id,
    footerFileId: row.footer_file_id,
    insertedByUserId: row.inserted_by_user_id,
    lastSessionToken: row.last_session_token,
    publicReportUserId: row.public_report_user_id == null ? null : Number(row.public_report_user_id),
    forceReload: row.force_reload,
    uiState: row.ui_state ?? null,
    active: row.active,
    operator: row.operator,
  };
}

/**
 * Stored flags over the spec 3 section 3 defaults. A stored value of the wrong shape falls back to
 * its default rather than locking the user out; userAdmin is derived, never stored (spec 1 section 5).
 * Easy mode forces most flags off (easy-mode.ts), here, so every reader of a flag sees it forced.
 */
export function effectiveConfig(stored: unknown, administersUsers: boolean): UserConfig {
  const source = stored && typeof stored === 'object' ? (stored as Record<string, unknown>) : {};
  const defaults = UserConfig.parse({});
  const merged: Record<string, unknown> = { ...defaults };
  for (const [key, schema] of Object.entries(UserConfig.shape)) {
    if (!(key in source)) continue;
    const parsed = schema.safeParse(source[key]);
    if (parsed.success) merged[key] = parsed.data;
  }
  const config = UserConfig.parse(merged);
  return forceEasyMode({ ...config, userAdmin: administersUsers || config.canInviteUsers });
}
