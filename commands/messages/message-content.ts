import { accessDenied, validationError } from '../../infra/errors.ts';
import type { EventStore } from '../../infra/event-store/event-store.ts';
import type { Queryable } from '../../infra/sql/sql.ts';
import { readListForReader } from '../favorites/source-list.ts';
import { loadUser, loadUserConfig } from '../../infra/users/user-repository.ts';
import type { MessageChange, MessageItemChange } from '../../schemas/api/messages.ts';
import { iframeUrlAllowed } from '../../schemas/api/iframe-hosts.ts';
import type { ValidationIssue } from '../../schemas/api/errors.ts';
import { allowedReceiverGroupIds, allowedReceiverIds } from '../../domain/messages/message-receivers.ts';
import type { Nameable } from '../../domain/messages/message-views.ts';
import { loadMessageState, type MessageDeps } from './message-stream.ts';

// What a message and its items may say, checked before they are decided (spec 2 section 5):
// recommendations and usage-report messages need their config flags, every recipient must be one
// of the sender's messageReceivers or messageReceiverGroups still active (migration 010; a reply
// may also go to the sender of the message it answers, as that message's stream says: the read
// model may not hold it yet), and every audio file and recipe named must exist.

/**
 * Throws unless the sender may send `message`; answers whom it proved the sender may address (the
 * sender, the recipients and recipient groups named): a message's answer may name them all.
 */
export async function checkMessageContent(deps: Pick<MessageDeps, 'store' | 'sql'>, userId: number, message: MessageChange): Promise<Nameable> {
  const { sql } = deps;
  const config = await loadUserConfig(sql, userId);
  if (!config) throw accessDenied();
  if (message.usageReport && !config.canCreateUsageReportMessages) throw accessDenied('Usage report messages need canCreateUsageReportMessages');
  if (message.recommendation && !config.canCreateRecommendations) throw accessDenied('Recommendations need canCreateRecommendations');
  const recipients = message.recipients ?? [];
  const groups = message.recipientGroups ?? [];
  const issues: ValidationIssue[] = [];
  if (recipients.length > 0) {
    const allowed = await allowedReceiverIds(sql, userId, { activeOnly: true });
    const repliedTo = await senderRepliedTo(deps, userId, message.replyToMessageId ?? null);
    if (repliedTo !== null) allowed.add(repliedTo);
    // The same message for an id that exists elsewhere and one that does not: no probing of ids.
    recipients.forEach((r, i) => allowed.has(r.id) || issues.push({ path: `body.recipients.${i}.id`, message: `Not a message receiver of this user: ${r.id}` }));
  }
  if (groups.length > 0) {
    const allowed = await allowedReceiverGroupIds(sql, userId, { activeOnly: true });
    groups.forEach((g, i) => allowed.has(g.id) || issues.push({ path: `body.recipientGroups.${i}.id`, message: `Not a message receiver group of this user: ${g.id}` }));
  }
  if (issues.length > 0) throw validationError(issues);
  return { users: new Set([userId, ...recipients.map((r) => r.id)]), groups: new Set(groups.map((g) => g.id)) };
}

/**
 * The sender of a sent message addressed to `userId` (to them or their group), which they reply to.
 * Read from the message's stream, not the messages read model: a reply may come at once, before the
 * projection holds the message (on another instance, or before this one's runner caught up).
 */
async function senderRepliedTo(deps: Pick<MessageDeps, 'store' | 'sql'>, userId: number, messageId: number | null): Promise<number | null> {
  if (messageId === null) return null;
  const message = await loadMessageState(deps, messageId);
  if (!message.exists || !message.sent) return null;
  if (message.recipients.includes(userId)) return message.ownerId;
  const [user] = await deps.sql.query<{ user_group_id: number | null }>('SELECT user_group_id FROM users WHERE id = $1', [userId]);
  const groupId = user?.user_group_id == null ? null : Number(user.user_group_id);
  return groupId !== null && message.recipientGroups.includes(groupId) ? message.ownerId : null;
}

/** Instants as ISO UTC text, so an unchanged time sent in another offset is no change. */
export function normalizeTimes<T extends { time?: string | null; expireTime?: string | null }>(message: T): T {
  const iso = (value: string | null | undefined) => (value == null ? value : new Date(value).toISOString());
  return { ...message, time: iso(message.time), expireTime: iso(message.expireTime) };
}

/** Who edits items: their user group (recipients of a group may change a recommendation) and flag. */
export async function itemEditor(sql: Queryable, userId: number): Promise<{ userGroupId: number | null; advancedMessaging: boolean }> {
  const user = await loadUser(sql, userId);
  if (!user) throw accessDenied();
  const [row] = await sql.query<{ user_group_id: number | null }>('SELECT user_group_id FROM users WHERE id = $1', [userId]);
  return { userGroupId: row?.user_group_id == null ? null : Number(row.user_group_id), advancedMessaging: user.config.advancedMessaging };
}

/**
 * An item's file, audio file, recipe and favorite list must exist (the list one the editor may
 * read): a click on it would otherwise lead nowhere. An unknown id and one the editor may not
 * read get the same answer, so ids cannot be probed.
 */
export async function checkItemContent(sql: Queryable, item: MessageItemChange, editor?: { store: EventStore; userId: number }): Promise<void> {
  const issues = [];
  if (item.fileId != null && (await sql.query('SELECT 1 FROM files WHERE id = $1 AND active', [item.fileId])).length === 0) {
    issues.push({ path: 'body.fileId', message: 'Unknown file' });
  }
  if (item.userTagGroupId != null && editor && (await readListForReader(sql, editor.store, editor.userId, item.userTagGroupId)).access !== 'readable') {
    issues.push({ path: 'body.userTagGroupId', message: 'Unknown favorite list' });
  }
  if (item.audioFileId != null && (await sql.query('SELECT 1 FROM audio_files WHERE id = $1', [item.audioFileId])).length === 0) {
    issues.push({ path: 'body.audioFileId', message: 'Unknown audio file' });
  }
  if (item.recipeId != null && (await sql.query('SELECT 1 FROM recipes WHERE id = $1', [item.recipeId])).length === 0) {
    issues.push({ path: 'body.recipeId', message: 'Unknown recipe' });
  }
  if (issues.length > 0) throw validationError(issues);
}

/**
 * An IFrame item frames only pages on the operator's hosts (IFRAME_HOSTS, schemas/api/iframe-hosts.ts):
 * `type` and `url` are the item as it will be, after a change. Other items' links may go anywhere.
 */
export function checkIframeHost(type: string | undefined, url: string | null | undefined, hosts: readonly string[]): void {
  if (type !== 'IFrame' || iframeUrlAllowed(url, hosts)) return;
  const message = hosts.length === 0 ? 'This server frames no pages: its operator lists none in IFRAME_HOSTS' : `Only pages on these hosts may be framed (IFRAME_HOSTS): ${hosts.join(', ')}`;
  throw validationError([{ path: 'body.url', message }]);
}
