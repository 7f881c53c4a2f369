import type { Queryable } from '../../infra/sql/sql.ts';
import type { MessageEvent } from '../../schemas/events/messages.ts';
import type { LiveHub } from './live-channel.ts';
import { awaitNotedWrites, type ProjectionDeps } from './read-your-writes.ts';

// Tells the users whose unread messages a message command changed, over their open /ws sockets,
// to read their count again (the top bar, spec 2 section 6; the browser polls every 5 s as a
// fallback). Called by the message routes once their events are appended; the nudge itself goes
// out only once the read models hold the noted writes (read-your-writes.ts), in the background so
// the command answers at once, and so the count a browser then reads holds them, on any instance.
//
// Why here and why only a nudge: the command knows from its own stream whom the change concerns,
// but commands never read a read model (ARCHITECTURE.md, layers), and the count is a query of one.
// So the push carries no count; each browser asks GET /api/unread-messages-count, authorised as
// itself. A projector-side notifier would see every event (rebuilds included) and would have to
// reach the live hub from projections/, which imports no server code.

/** What of the message's stream a push needs: its owner and whom it is addressed to. */
export interface Addressees {
  ownerId: number | null;
  recipients: readonly number[];
  recipientGroups: readonly number[];
}

/** The users whose unread count `events` may change. */
export async function usersToTell(sql: Queryable, events: readonly MessageEvent[], message: Addressees): Promise<Set<number>> {
  const users = new Set<number>();
  let addressees: Set<number> | undefined;
  const allAddressees = async () => (addressees ??= await addresseesOf(sql, message));
  for (const event of events) {
    switch (event.type) {
      // Reaches the recipients, or leaves them.
      case 'MessageSent':
      case 'MessageRestoredAsDraft':
      case 'MessageActivitySet':
        for (const id of await allAddressees()) users.add(id);
        break;
      // Everyone in the conversation but the one who wrote it.
      case 'ReplyPosted':
        for (const id of await allAddressees()) users.add(id);
        if (message.ownerId !== null) users.add(message.ownerId);
        users.delete(event.data.userId);
        break;
      // The reader's other tabs and devices.
      case 'MessageReadTimeSet':
      case 'DiscussionReadTimeSet':
        users.add(event.data.userId);
        break;
      default:
        break;
    }
  }
  return users;
}

/** The users a message is addressed to: its recipients and the active members of its recipient groups. */
export async function addresseesOf(sql: Queryable, message: Addressees): Promise<Set<number>> {
  const members =
    message.recipientGroups.length === 0
      ? []
      : await sql.query<{ id: number }>('SELECT id FROM users WHERE user_group_id = ANY($1::integer[]) AND active', [[...message.recipientGroups]]);
  return new Set([...message.recipients, ...members.map((m) => Number(m.id))]);
}

/**
 * Nudges each concerned user's open sockets once the read models hold the command's events; does
 * not wait for that (resolves at once). A failure is only logged (the poll catches up).
 */
export async function pushUnreadChanges(app: { live?: LiveHub; deps: ProjectionDeps; log: { warn(o: object, m: string): void } }, sql: Queryable, events: readonly MessageEvent[], message: Addressees): Promise<void> {
  const live = app.live;
  if (!live || events.length === 0) return;
  const deliver = async () => {
    const users = await usersToTell(sql, events, message);
    await awaitNotedWrites(app.deps);
    // Published, not sent: the user's sockets may be on another app instance.
    await live.publish([...users], { type: 'UnreadCountChanged' });
  };
  // Begun once the command's answer is written: on PGlite its queries would run on the thread
  // that writes that answer, ahead of it.
  setImmediate(() => void deliver().catch((error: unknown) => app.log.warn({ err: error }, 'unread count push failed')));
}
