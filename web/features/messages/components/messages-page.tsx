import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link, useLocation } from 'wouter';
import type { Message } from '../../../../schemas/api/messages.ts';
import type { CurrentUser } from '../../../../schemas/api/user.ts';
import { Alert } from '../../../components/alert.tsx';
import { DataTable } from '../../../components/data-table/data-table.tsx';
import { reportColumnHelper, type ReportColumn } from '../../../components/data-table/table-features.ts';
import { translatedHeader } from '../../../components/data-table/translated-text.tsx';
import { onLiveMessage } from '../../../lib/connectivity/connectivity.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { paths } from '../../../routes/paths.ts';
import { byRecipient, isUnread, messageTabs, messageTitle, receivedPollMs, recipientChoices, recipientNames, senderOf, tabLabel, usesGreetings, type MessageTab } from '../message-lists.ts';
import { loadMessageList, messageList, openTab, setMessageActive, setRecipient, setTrash } from '../stores/message-list-store.ts';
import { CreateMessageButton } from './create-message-button.tsx';
import './messages.css';

// The messages screens (spec 2 section 2): received, sent and drafts as tabs, each a table of
// Sender, Recipient (received only, when there are recipients to name), Message and Sent; unread
// rows bold; a click opens the message. "Create New Message" above and below, the trash toggle,
// and delete or restore for messages the user may remove.

const tabPath: Record<MessageTab, string> = { received: paths.messages.href(), sent: paths.sentMessages.href(), drafts: paths.drafts.href() };

const column = reportColumnHelper<Message>();

function RemoveButton({ message, trash }: { message: Message; trash: boolean }) {
  const { t } = useTranslation();
  if (!message.canRemove) return null;
  return (
    <button
      type="button"
      className="message-remove"
      data-testid={`message-${trash ? 'restore' : 'delete'}-${message.id}`}
      onClick={(event) => {
        // The row opens the message; this button only moves it.
        event.stopPropagation();
        setMessageActive(message.id, trash).catch((error: unknown) => console.warn('Message activity failed', error));
      }}
    >
      {trash ? t('Restore') : t('Delete')}
    </button>
  );
}

/** Drawn, not an emoji: a tablet without an emoji font shows a box for 🗑. */
function TrashIcon() {
  return (
    <svg className="trash-icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
      <path d="M9 3h6l1 2h4v2H4V5h4l1-2zm-3 6h12l-1 12H7L6 9zm4 2v8h1.5v-8H10zm3.5 0v8H15v-8h-1.5z" fill="currentColor" />
    </svg>
  );
}

function MessageTitle({ message }: { message: Message }) {
  const { t } = useTranslation();
  const text = messageTitle(message, t);
  return isUnread(message) ? <strong>{text}</strong> : <>{text}</>;
}

export function MessagesPage({ user, tab }: { user: CurrentUser; tab: MessageTab }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const snap = useSnapshot(messageList);
  const timeZone = user.config.timeZone;
  const greetings = usesGreetings(user);
  const received = tab === 'received';
  const messages = snap.messages as Message[];

  useEffect(() => {
    openTab(tab);
  }, [tab]);

  // Received messages reload every 5 s (spec 2 section 9) and when the live channel says the
  // user's unread messages changed.
  useEffect(() => {
    if (!received) return undefined;
    const poll = setInterval(() => void loadMessageList(true), receivedPollMs);
    const stopListening = onLiveMessage((message) => {
      if (message.type === 'UnreadCountChanged') void loadMessageList(true);
    });
    return () => {
      clearInterval(poll);
      stopListening();
    };
  }, [received]);

  const choices = useMemo(() => (received ? recipientChoices(messages) : []), [received, messages]);
  const showRecipient = choices.length > 0;
  const recipient = snap.recipient !== null && choices.includes(snap.recipient) ? snap.recipient : null;
  const rows = useMemo(() => byRecipient(messages, recipient), [messages, recipient]);

  const columns = useMemo<ReportColumn<Message>[]>(
    () => [
      column.accessor((m) => senderOf(m), { id: 'sender', header: translatedHeader('Sender') }),
      ...(showRecipient ? [column.accessor((m) => recipientNames(m).join(', '), { id: 'recipient', header: translatedHeader('Recipient') })] : []),
      column.accessor((m) => m.title, { id: 'message', header: translatedHeader('Message'), cell: (info) => <MessageTitle message={info.row.original} /> }),
      // When it reached its recipients: its active-from, else when it was sent (the list's order).
      column.accessor((m) => m.time ?? m.sentTime ?? '', {
        id: 'sent',
        header: translatedHeader('Sent'),
        cell: (info) => (info.getValue() ? formatDateTime(info.getValue(), timeZone) : ''),
      }),
      column.display({ id: 'remove', header: () => null, cell: (info) => <RemoveButton message={info.row.original} trash={snap.trash} /> }),
    ],
    [showRecipient, timeZone, snap.trash],
  );

  return (
    <section className="messages-page" data-testid="messages-page" data-tab={tab}>
      <nav className="tabs messages-tabs" aria-label={t('Messages')}>
        {messageTabs.map((name) => (
          <Link key={name} href={tabPath[name]} className={name === tab ? 'tab active' : 'tab'} aria-current={name === tab ? 'page' : undefined}>
            {t(tabLabel(name, greetings))}
          </Link>
        ))}
      </nav>
      <div className="messages-toolbar">
        <CreateMessageButton user={user} testId="create-message-top" />
        {showRecipient && (
          <label className="messages-filter">
            <span>{t('Recipient')}</span>
            <select value={recipient ?? ''} onChange={(event) => setRecipient(event.target.value === '' ? null : event.target.value)} data-testid="recipient-filter">
              <option value="">{t('All recipients')}</option>
              {choices.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </label>
        )}
        <button type="button" className={snap.trash ? 'trash-toggle on' : 'trash-toggle'} aria-pressed={snap.trash} onClick={() => setTrash(!snap.trash)} data-testid="trash-toggle">
          <TrashIcon /> {t('Deleted messages')}
        </button>
      </div>
      {snap.status === 'failed' ? (
        <Alert kind="error">{t('Messages could not be loaded.')}</Alert>
      ) : (
        <div aria-busy={snap.status === 'loading'}>
          <DataTable
            columns={columns}
            data={rows}
            emptyText={snap.status === 'loading' ? t('Loading...') : snap.trash ? t('No deleted messages') : t('No messages')}
            testId="messages-table"
            onRowClick={(message) => navigate(paths.message.href(message.id))}
            rowClassName={(message) => (isUnread(message) ? 'unread' : undefined)}
          />
        </div>
      )}
      <div className="messages-toolbar bottom">
        <CreateMessageButton user={user} testId="create-message-bottom" />
      </div>
    </section>
  );
}
