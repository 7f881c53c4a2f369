import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { MessageItemView } from '../../../components/message-items/message-item-view.tsx';
import { paths } from '../../../routes/paths.ts';
import type { Conversation, Reply } from '../../../../schemas/api/message-replies.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { pushToast } from '../../../lib/toast-queue.ts';
import { firstUnreadIndex, markDiscussionSeen } from '../stores/msgs-store.ts';
import { ReplyBox } from './reply-box.tsx';
import { ReplyBubble, ReplyDetails } from './reply-bubble.tsx';
import { conversationTitle } from './conversation-title.ts';

// The open conversation (spec 2 section 2): the main message's title and items (drawn as the
// message view draws them; an audio item plays in the message view, where playback within a
// message lives), its recipients, the replies as bubbles with a "New message" divider before the
// first unread one, and the reply box when the viewer may reply.

function recipientLabel(r: Conversation['recipients'][number]): string {
  const resident = [r.residentFirstName, r.residentLastName].filter(Boolean).join(' ');
  const name = r.recipientName || r.name;
  return resident ? `${name} (${resident})` : name;
}

export function ConversationView({ conversation, timeZone }: { conversation: Conversation; timeZone: string }) {
  const { t } = useTranslation();
  const [details, setDetails] = useState<Reply | null>(null);
  const [, navigate] = useLocation();
  const firstUnread = firstUnreadIndex(conversation);
  const markSeen = async () => {
    if (await markDiscussionSeen(conversation.id)) pushToast(t('Discussion marked as read'));
  };
  const recipients = [...conversation.recipients.map(recipientLabel), ...conversation.recipientGroups.map((g) => g.name)].filter(Boolean);
  return (
    <article className="msgs-conversation" data-testid="msgs-conversation">
      <header className="msgs-message">
        <h3 className="msgs-message-title">{conversationTitle(conversation, t)}</h3>
        <p className="msgs-message-meta">
          <span>{conversation.senderName ?? ''}</span>
          {recipients.length > 0 && <span> → {recipients.join(', ')}</span>}
          {conversation.sentTime && <time dateTime={conversation.sentTime}> · {formatDateTime(conversation.time ?? conversation.sentTime, timeZone)}</time>}
        </p>
        {conversation.items.map((item) => (
          <MessageItemView key={item.id} item={item} onPlay={() => navigate(paths.message.href(conversation.id))} />
        ))}
      </header>
      <ol className="msgs-replies" data-testid="msgs-replies">
        {conversation.replies.map((reply, index) => (
          <Fragment key={reply.id}>
            {index === firstUnread && (
              <li className="msgs-divider" data-testid="msgs-new-divider" role="separator">
                <span>{t('New message')}</span>
              </li>
            )}
            <ReplyBubble reply={reply} timeZone={timeZone} onOpen={() => setDetails(reply)} onMarkSeen={() => void markSeen()} />
          </Fragment>
        ))}
      </ol>
      {conversation.canReply ? <ReplyBox messageId={conversation.id} /> : <p className="msgs-no-reply">{t('Replies are not possible in this conversation.')}</p>}
      {details && <ReplyDetails reply={details} timeZone={timeZone} onClose={() => setDetails(null)} />}
    </article>
  );
}
