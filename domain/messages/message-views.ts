import type { Queryable } from '../../infra/sql/sql.ts';
import { userDisplayNameSql } from '../../infra/users/user-repository.ts';
import type { Message, MessageItem } from '../../schemas/api/messages.ts';
import { nameableBy } from './message-receivers.ts';
import { sanitizeHtml } from '../../schemas/common/safe-html.ts';

// Messages and items as a viewer sees them: one way to name their people, shared by the queries
// (which read the messages read model) and the commands (which answer from the stream's state,
// fresh before the read model has it). Of the other recipients a viewer reads names only of those
// they may send to or who sent to them (message-receivers.ts): a message to many units must not
// list every unit's name across organisations to each of them; the others keep their id with an
// empty name.

/** What a message says, wherever it was read from. */
export interface MessageRecord {
  id: number;
  ownerId: number;
  title: string;
  time: Date | string | null;
  expireTime: Date | string | null;
  sent: boolean;
  sentTime: Date | string | null;
  active: boolean;
  recommendation: boolean;
  usageReport: boolean;
  game: boolean;
  recipientCanModify: boolean;
  recipientCanReply: boolean;
  forcePopup: boolean;
  /** A video chat room was made for it (spec 2 section 4). */
  videoChat: boolean;
  replyToMessageId: number | null;
  recipients: readonly number[];
  recipientGroups: readonly number[];
  /** The viewer's own read time, where it was read for a viewer; otherwise null. */
  readTime?: Date | string | null;
}

/** What an item says, wherever it was read from. */
export interface ItemRecord {
  id: number;
  messageId: number;
  order: number;
  type: MessageItem['type'];
  html: string | null;
  audioFileId: number | null;
  recipeId: number | null;
  fileId: number | null;
  url: string | null;
  contentType: string | null;
  trackClicks: boolean;
  width?: string | null;
  iframeHeight?: number | null;
  userTagGroupId?: number | null;
}

interface Group {
  id: number;
  name: string;
  messages_name: string | null;
}

interface Person {
  id: number;
  display: string;
  organization: string | null;
  client_name: string | null;
  user_group_id: number | null;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** Whose names a viewer may read (message-receivers.ts nameableBy). */
export interface Nameable {
  users: ReadonlySet<number>;
  groups: ReadonlySet<number>;
}

/** Who a set of messages names: their owners and recipients, and their recipient groups. */
export interface Named {
  userIds: readonly number[];
  groupIds: readonly number[];
}

/** What naming the people and groups of messages takes, read once for the lot. */
export interface MessageNames {
  nameable: Nameable;
  people: ReadonlyMap<number, Person>;
  groups: ReadonlyMap<number, Group>;
}

/** The people and groups `messages` name. */
export const namedIn = (messages: readonly MessageRecord[]): Named => ({
  userIds: messages.flatMap((r) => [r.ownerId, ...r.recipients]),
  groupIds: messages.flatMap((r) => r.recipientGroups),
});

/**
 * Reads the names of the people and groups in `named` as `viewerId` may see them. `proven`: whose
 * names the viewer may read, when the caller has just proved it for everyone in `named` (a new
 * message's recipients, checked as the sender's receivers), so it need not be read again; by
 * default it is read (nameableBy).
 */
export async function lookUpNames(db: Queryable, named: Named, viewerId: number, proven?: Nameable): Promise<MessageNames> {
  const nameable = proven ?? (await nameableBy(db, viewerId));
  // One round trip: the people, and the groups named or of those people (a sender's group names it).
  const [row] = await db.query<{ people: Person[] | null; groups: Group[] | null }>(
    `SELECT (SELECT json_agg(json_build_object('id', id, 'display', ${userDisplayNameSql}, 'organization', organization, 'client_name', client_name, 'user_group_id', user_group_id))
               FROM users WHERE id = ANY($1::integer[])) AS people,
            (SELECT json_agg(json_build_object('id', id, 'name', name, 'messages_name', messages_name))
               FROM user_groups WHERE id = ANY($2::integer[]) OR id IN (SELECT user_group_id FROM users WHERE id = ANY($1::integer[]))) AS groups`,
    [[...new Set(named.userIds)], [...new Set(named.groupIds)]],
  );
  const people = new Map((row?.people ?? []).map((p) => [Number(p.id), p]));
  const groups = new Map((row?.groups ?? []).map((g) => [Number(g.id), g]));
  return { nameable, people, groups };
}

/** The messages as `viewerId` sees them, with the names of their people and groups looked up once. */
export async function describeMessages(db: Queryable, messages: readonly MessageRecord[], viewerId: number, now: Date): Promise<Message[]> {
  if (messages.length === 0) return [];
  return describeWithNames(await lookUpNames(db, namedIn(messages), viewerId), messages, viewerId, now);
}

/**
 * The messages as `viewerId` sees them, named from `names` (lookUpNames of at least the people and
 * groups they name; one it does not hold is shown without a name). No I/O: a command may read the
 * names before it appends and answer at once after.
 */
export function describeWithNames(names: MessageNames, messages: readonly MessageRecord[], viewerId: number, now: Date): Message[] {
  const { nameable, people, groups } = names;
  return messages.map((row): Message => {
    const { ownerId } = row;
    const owner = people.get(ownerId);
    const group = owner?.user_group_id == null ? undefined : groups.get(Number(owner.user_group_id));
    const own = ownerId === viewerId;
    const time = iso(row.time);
    const expireTime = iso(row.expireTime);
    const sentTime = iso(row.sentTime);
    const from = time ?? sentTime;
    return {
      id: row.id,
      title: row.title,
      userId: ownerId,
      userName: owner?.display ?? null,
      userGroupId: group ? Number(group.id) : null,
      userGroupName: group?.name ?? null,
      userOrganization: owner?.organization ?? null,
      senderName: group?.messages_name || owner?.display || null,
      sent: row.sent,
      active: row.active,
      messageActive: row.sent && row.active && from !== null && new Date(from) <= now && (expireTime === null || new Date(expireTime) > now),
      own,
      canModify: own && !row.sent,
      canRemove: own,
      replyToMessageId: row.replyToMessageId,
      recipients: row.recipients.map((id) => {
        const person = nameable.users.has(id) ? people.get(id) : undefined;
        return { id, name: person?.display ?? '', organization: person?.organization ?? null, recipientName: person?.client_name ?? null };
      }),
      recipientGroups: row.recipientGroups.map((id) => ({ id, name: (nameable.groups.has(id) ? groups.get(id)?.name : undefined) ?? '' })),
      recommendation: row.recommendation,
      usageReport: row.usageReport,
      game: row.game,
      recipientCanModify: row.recipientCanModify,
      recipientCanReply: row.recipientCanReply,
      forcePopup: row.forcePopup,
      videoChat: row.videoChat,
      time,
      expireTime,
      sentTime,
      readTime: iso(row.readTime ?? null),
    };
  });
}

/** Items with the names of their audio files, files, recipes and favorite lists. */
export async function describeItems(db: Queryable, items: readonly ItemRecord[]): Promise<MessageItem[]> {
  const idsOf = (pick: (r: ItemRecord) => number | null | undefined) => [...new Set(items.flatMap((r) => (pick(r) == null ? [] : [pick(r)!])))];
  const namesOf = async (ids: number[], sql: string) =>
    ids.length === 0 ? new Map<number, { name: string; content_type?: string }>() : new Map((await db.query<{ id: number; name: string; content_type?: string }>(sql, [ids])).map((r) => [Number(r.id), r]));
  const [audioFiles, files, recipes, lists] = await Promise.all([
    namesOf(idsOf((r) => r.audioFileId), 'SELECT id, name FROM audio_files WHERE id = ANY($1::bigint[])'),
    namesOf(idsOf((r) => r.fileId), 'SELECT id, name, content_type FROM files WHERE id = ANY($1::integer[])'),
    namesOf(idsOf((r) => r.recipeId), 'SELECT id, name FROM recipes WHERE id = ANY($1::integer[])'),
    namesOf(idsOf((r) => r.userTagGroupId), 'SELECT id, name FROM favorite_lists WHERE id = ANY($1::integer[])'),
  ]);
  const nameIn = (map: Map<number, { name: string }>, key: number | null | undefined) => (key == null ? null : (map.get(key)?.name ?? null));
  return items.map((row) => ({
    id: row.id,
    messageId: row.messageId,
    order: row.order,
    type: row.type,
    // Rows projected before the one HTML policy (issue 37 item 4) hold the HTML as it was written.
    html: row.html !== null && row.html.includes('<') ? sanitizeHtml(row.html) : row.html,
    audioFileId: row.audioFileId,
    audioFileName: nameIn(audioFiles, row.audioFileId),
    recipeId: row.recipeId,
    recipeName: nameIn(recipes, row.recipeId),
    fileId: row.fileId,
    fileName: nameIn(files, row.fileId),
    fileContentType: row.fileId == null ? null : (files.get(row.fileId)?.content_type ?? null),
    url: row.url,
    contentType: row.contentType,
    trackClicks: row.trackClicks,
    width: row.width ?? null,
    iframeHeight: row.iframeHeight ?? null,
    userTagGroupId: row.userTagGroupId ?? null,
    userTagGroupName: nameIn(lists, row.userTagGroupId),
  }));
}
