import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { Message, MessageItem } from '../../../../schemas/api/messages.ts';
import type { CurrentUser } from '../../../../schemas/api/user.ts';
import { markMessageRead } from '../../../lib/message-read-state.ts';
import { hideModal, showModal } from '../../../lib/modal-stack.ts';
import { postGetMessageItems, postGetMessages } from '../api/get-messages.ts';
import { activeReceivedQuery, itemTitle, messageTitle, popupMessages, senderOf } from '../message-lists.ts';
import './messages.css';

// Unread pop-ups (spec 2 section 4): once the user is loaded, each unread message that qualifies is
// pushed on the modal stack, the oldest first, so the newest shows on top; its button marks it read
// and closes it. Failures are only logged (spec 2 section 8).

async function showUnreadPopups(user: CurrentUser, signal: AbortSignal): Promise<void> {
  if (!user.config.messagePopup || user.publicReport) return;
  const messages = popupMessages(await postGetMessages(activeReceivedQuery, signal), user.config.messagePopup);
  if (messages.length === 0) return;
  const items = await postGetMessageItems(
    messages.map((m) => m.id),
    signal,
  );
  if (signal.aborted) return;
  for (const message of messages) showModal('MESSAGE', { message, items: items.filter((i) => i.messageId === message.id) });
}

/** Mounted once in the shell: shows the pop-ups when the user (re)loads. */
export function UnreadPopups({ user }: { user: CurrentUser }) {
  useEffect(() => {
    const controller = new AbortController();
    showUnreadPopups(user, controller.signal).catch((error: unknown) => {
      if (!controller.signal.aborted) console.warn('Unread pop-ups failed', error);
    });
    return () => controller.abort();
  }, [user]);
  return null;
}

// The modal's props are the ones showUnreadPopups put on the stack, from the API's answers: only
// their presence is checked, not their shape again.
const popupMessageOf = (value: unknown): Message | null =>
  typeof value === 'object' && value !== null && typeof (value as { id?: unknown }).id === 'number' ? (value as Message) : null;

/** The pop-up: the message's title, sender and its items' text, and "Mark as read". */
export function MessagePopupModal({ props }: { props: Record<string, unknown> }) {
  const { t } = useTranslation();
  const message = popupMessageOf(props.message);
  if (!message) return null;
  const items: MessageItem[] = Array.isArray(props.items) ? (props.items as MessageItem[]) : [];
  const texts = items.map(itemTitle).filter((text) => text !== '');
  const close = async () => {
    await markMessageRead(message.id, true);
    hideModal();
  };
  return (
    <div className="message-popup" data-testid={`message-popup-${message.id}`}>
      <h2>{messageTitle(message, t)}</h2>
      <p className="message-popup-sender">
        {t('From: {{sender}}', { sender: senderOf(message) })}
      </p>
      {texts.length > 0 && (
        <div className="message-popup-items">
          {texts.map((text, index) => (
            <p key={index}>{text}</p>
          ))}
        </div>
      )}
      <button type="button" className="button-primary" onClick={() => void close()} data-testid="message-popup-read">
        {t('Mark as read')}
      </button>
    </div>
  );
}
