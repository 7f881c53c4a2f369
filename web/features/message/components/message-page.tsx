import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link, useLocation } from 'wouter';
import type { Message } from '../../../../schemas/api/messages.ts';
import type { CurrentUser } from '../../../../schemas/api/user.ts';
import { Alert } from '../../../components/alert.tsx';
import { UploadButton } from '../../../components/upload-button/upload-button.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { toastDurationMs, pushToast } from '../../../lib/toast-queue.ts';
import { paths } from '../../../routes/paths.ts';
import {
  addItem,
  appendUploadedFile,
  changeMessage,
  copyCurrent,
  followPlayer,
  loadMessage,
  messageView,
  playAt,
  playNext,
  playPrevious,
  restoreAsDraft,
  rightsOf,
  sendMessage,
} from '../stores/message-store.ts';
import { MessageItemModal } from './message-item-modal.tsx';
import { MessageItemRow, newItem } from './message-item-row.tsx';
import { MessageOptions } from './message-options.tsx';
import { MessageTiming } from './message-timing.tsx';
import { RecipientsSection } from './recipients-section.tsx';
import { VideoChat } from './video-chat.tsx';
import './message-page.css';

// The single message view /messages/{id} (spec 2 sections 2, 4 and 6): title bar, "View original
// message" for replies, recipients, the editable title, timing (messageTiming), the items with
// their editor and playback, the video chat, attach file, send, restore as draft and copy.

export interface MessagePageProps {
  user: CurrentUser;
  messageId: number;
  /**
   * The attach-file control: it uploads one file and calls `onUploaded` with the new file's id,
   * which becomes a MediaFile item at width 100 % (or replaces a media item's file: upload again).
   * By default the shared upload button (POST /api/upload).
   */
  renderAttachFile?: (onUploaded: (fileId: number) => void) => ReactNode;
}

/** The shared single-file upload button, handing on the stored file's id. */
export const uploadButtonAttach = (onUploaded: (fileId: number) => void): ReactNode => (
  <UploadButton
    onUploaded={(files) => {
      const [file] = files;
      if (file) onUploaded(file.id);
    }}
  />
);

export function MessagePage({ user, messageId, renderAttachFile = uploadButtonAttach }: MessagePageProps) {
  const { t } = useTranslation();
  const snap = useSnapshot(messageView);
  const [, navigate] = useLocation();
  const evaluate = user.config.evaluateMessageItems;

  useEffect(() => {
    void loadMessage(messageId, evaluate);
  }, [messageId, evaluate]);
  useEffect(() => followPlayer(), []);

  if (snap.message?.id !== messageId && snap.status !== 'missing' && snap.status !== 'failed') return <section className="message-view" aria-busy="true" />;
  if (snap.status === 'missing' || snap.status === 'failed' || !snap.message) {
    return (
      <section className="message-view" data-testid="message-view">
        <Alert kind="error">{snap.status === 'missing' ? t('This message was not found.') : t('The message could not be loaded.')}</Alert>
        <Link href={paths.messages.href()}>{t('Messages')}</Link>
      </section>
    );
  }

  const message = snap.message as Message;
  const rights = rightsOf(message, user);
  const items = snap.items;
  const modalItem = snap.modalItemId === null ? undefined : items.find((i) => i.id === snap.modalItemId);

  const send = async () => {
    if (!(await sendMessage())) return;
    pushToast(t('Message Sent!'));
    setTimeout(() => navigate(paths.sentMessages.href()), toastDurationMs);
  };
  const copy = async () => {
    const id = await copyCurrent();
    if (id !== null) navigate(paths.message.href(id));
  };

  return (
    <section className="message-view" data-testid="message-view" data-message-id={message.id} data-sent={message.sent}>
      <header className="message-title-bar">
        <h2 data-testid="message-title">
          {message.replyToMessageId !== null ? t('Reply to: {{title}}', { title: message.title || t('No title') }) : message.title || t('No title')}
        </h2>
        <span className="message-status">
          {message.sent ? t('Sent {{time}}', { time: message.sentTime ? formatDateTime(message.sentTime, user.timeZone) : '' }) : t('Draft')}
          {!message.own && message.senderName ? ` · ${t('From: {{name}}', { name: message.senderName })}` : ''}
        </span>
      </header>
      {message.replyToMessageId !== null && (
        <Link href={paths.message.href(message.replyToMessageId)} className="message-original" data-testid="view-original">
          {t('View original message')}
        </Link>
      )}

      {snap.error && (
        <Alert kind="error">
          {t('The change was not saved.')} {snap.error}
        </Alert>
      )}

      <RecipientsSection message={message} editable={rights.editMessage} />
      {rights.editMessage && <TitleEditor title={message.title} />}
      {user.config.messageTiming && <MessageTiming message={message} editable={rights.editMessage} timeZone={user.timeZone} />}
      {rights.editMessage && <MessageOptions message={message} user={user} />}

      <div className="message-playback">
        <button type="button" disabled={items.length === 0} onClick={() => playAt(snap.playIndex ?? 0)} data-testid="message-play">
          {t('Play')}
        </button>
        <button type="button" disabled={snap.playIndex === null || snap.playIndex === 0} onClick={playPrevious} data-testid="message-previous">
          {t('Previous')}
        </button>
        <button type="button" disabled={snap.playIndex === null || snap.playIndex >= items.length - 1} onClick={playNext} data-testid="message-next">
          {t('Next')}
        </button>
        {rights.editItems && rights.advanced && (
          <button type="button" disabled={snap.busy} onClick={() => void addItem(newItem, 0)} data-testid="item-add-first">
            {t('Add item at start')}
          </button>
        )}
      </div>

      <ol className="message-items" data-testid="message-items">
        {items.map((item, index) => (
          <MessageItemRow
            key={item.id}
            item={item}
            index={index}
            count={items.length}
            rights={rights}
            admin={user.admin}
            evaluate={evaluate}
            renderAttachFile={renderAttachFile}
          />
        ))}
        {items.length === 0 && <li className="message-muted">{t('No items')}</li>}
      </ol>

      <VideoChat message={message} user={user} />

      {rights.editItems && renderAttachFile && (
        <div className="message-attach" data-testid="message-attach">
          {renderAttachFile((fileId) => void appendUploadedFile(fileId))}
        </div>
      )}

      <footer className="message-actions">
        {rights.editMessage && (
          <button type="button" className="button-primary" disabled={snap.busy} onClick={() => void send()} data-testid="message-send">
            {t('Send Message')}
          </button>
        )}
        {rights.restore && (
          <button type="button" disabled={snap.busy} onClick={() => void restoreAsDraft()} data-testid="message-restore">
            {t('Restore Message as Draft')}
          </button>
        )}
        {rights.copy && (
          <button type="button" disabled={snap.busy} onClick={() => void copy()} data-testid="message-copy">
            {t('Copy message')}
          </button>
        )}
      </footer>

      {modalItem && <MessageItemModal item={modalItem} playing={snap.playIndex !== null} />}
    </section>
  );
}

/** The title of a draft, saved on Enter or when the field is left. */
function TitleEditor({ title }: { title: string }) {
  const { t } = useTranslation();
  const [text, setText] = useState(title);
  useEffect(() => setText(title), [title]);
  const save = () => {
    const trimmed = text.trim();
    if (trimmed && trimmed !== title) void changeMessage({ title: trimmed });
    else setText(title);
  };
  return (
    <label className="message-title-editor">
      {t('Title')}
      <input
        value={text}
        maxLength={500}
        onChange={(e) => setText(e.target.value)}
        onBlur={save}
        onKeyDown={(e) => e.key === 'Enter' && save()}
        data-testid="message-title-input"
      />
    </label>
  );
}
