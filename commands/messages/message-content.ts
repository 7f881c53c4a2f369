import { accessDenied, validationError } from '../../infra/errors.ts';
import type { Queryable } from '../../infra/sql/sql.ts';
import { loadUser } from '../../infra/users/user-repository.ts';
import type { MessageChange, MessageItemChange } from '../../schemas/api/messages.ts';

// What a message and its items may say, checked before they are decided (spec 2 section 5):
// recommendations and usage-report messages need their config flags, and every recipient, audio
// file and recipe named must exist.

export async function checkMessageContent(sql: Queryable, userId: number, message: MessageChange): Promise<void> {
  const user = await loadUser(sql, userId);
  if (!user) throw accessDenied();
  if (message.usageReport && !user.config.canCreateUsageReportMessages) throw accessDenied('Usage report messages need canCreateUsageReportMessages');
  if (message.recommendation && !user.config.canCreateRecommendations) throw accessDenied('Recommendations need canCreateRecommendations');
  await requireKnown(sql, 'users', 'body.recipients', message.recipients ?? []);
  await requireKnown(sql, 'user_groups', 'body.recipientGroups', message.recipientGroups ?? []);
}

async function requireKnown(sql: Queryable, table: 'users' | 'user_groups', path: string, list: readonly { id: number }[]): Promise<void> {
  if (list.length === 0) return;
  const known = new Set((await sql.query<{ id: number }>(`SELECT id FROM ${table} WHERE id = ANY($1::integer[])`, [list.map((r) => r.id)])).map((r) => Number(r.id)));
  const issues = list.flatMap((r, i) => (known.has(r.id) ? [] : [{ path: `${path}.${i}.id`, message: `Unknown id ${r.id}` }]));
  if (issues.length > 0) throw validationError(issues);
}

/** Instants as ISO UTC text, so an unchanged time sent in another offset is no change. */
export function normalizeTimes<T extends { time?: string | null; expireTime?: string | null }>(message: T): T {
  const iso = (value: string | null | undefined) => (value == null ? value : new Date(value).toISOString());
  return { ...message, time: iso(message.time), expireTime: iso(message.expireTime) };
}

/** An item's audio file and recipe must exist: a click on it would otherwise lead nowhere. */
export async function checkItemContent(sql: Queryable, item: MessageItemChange): Promise<void> {
  const issues = [];
  if (item.audioFileId != null && (await sql.query('SELECT 1 FROM audio_files WHERE id = $1', [item.audioFileId])).length === 0) {
    issues.push({ path: 'body.audioFileId', message: 'Unknown audio file' });
  }
  if (item.recipeId != null && (await sql.query('SELECT 1 FROM recipes WHERE id = $1', [item.recipeId])).length === 0) {
    issues.push({ path: 'body.recipeId', message: 'Unknown recipe' });
  }
  if (issues.length > 0) throw validationError(issues);
}
