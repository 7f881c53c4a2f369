import { notFound } from '../../infra/errors.ts';
import { requireUser } from '../../server/http/auth.ts';
import { typedRequest } from '../../server/http/typed-request.ts';
import { CopyMessageRequest, CopyMessageResult } from '../../schemas/api/messages.ts';
import { checkMessageContent, itemEditor, normalizeTimes } from './message-content.ts';
import { loadMessageState, runMessageCommand } from './message-stream.ts';

// copy-message {messageId, time, recipients} (spec 2 sections 4 and 7): the caller's new draft with
// the message's title, flags and items (new item ids), active from `time`, to the recipients
// given, who must be the caller's own receivers. The decider refuses anyone who may not read the
// message (and a recipient whose message may not be replied to, so not forwarded either).

export const copyMessageRequest = typedRequest({
  permission: 'A user who may read the message, to their own receivers.',
  effect: "Creates the caller's new draft with the message's title, flags and items, active from `time`, to the recipients given.",
  body: CopyMessageRequest,
  result: CopyMessageResult,
  async handle(request, body) {
    const { userId } = requireUser(request);
    const { sql, now } = request.server.deps;
    const source = await loadMessageState(request.server.deps, body.messageId);
    if (!source.exists) throw notFound();
    const owned = source.ownerId === userId;
    const { time } = normalizeTimes({ time: body.time });
    await checkMessageContent(request.server.deps, userId, {
      recipients: body.recipients,
      recipientGroups: body.recipientGroups,
      recommendation: owned && source.fields!.recommendation,
      usageReport: owned && source.fields!.usageReport,
    });
    const { userGroupId } = await itemEditor(sql, userId);
    const [{ id: messageId } = { id: 0 }] = await sql.query<{ id: number }>(`SELECT nextval('message_ids')::integer AS id`);
    const itemIds = (await sql.query<{ id: number }>(`SELECT nextval('message_item_ids')::integer AS id FROM generate_series(1, $1::integer)`, [source.items.size])).map((row) => Number(row.id));
    await runMessageCommand(request.server.deps, {
      kind: 'copy',
      messageId,
      userId,
      userGroupId,
      source: { messageId: body.messageId, state: source },
      itemIds,
      time: time ?? null,
      recipients: body.recipients,
      recipientGroups: body.recipientGroups,
      at: now().toISOString(),
    });
    return { id: messageId };
  },
});
