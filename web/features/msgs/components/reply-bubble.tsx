import { useTranslation } from 'react-i18next';
import type { Reply } from '../../../../schemas/api/message-replies.ts';
import { ReplyFile } from '../../../components/message-replies/message-replies.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { LocalModal } from './local-modal.tsx';

// A reply as a bubble (spec 2 section 2): the viewer's own on the right, others' on the left, with
// writer, organisation and time D.M.YYYY H:mm; others' unread ones carry a "New" link that marks
// the discussion read. A click opens the reply's details.

export function ReplyBubble({ reply, timeZone, onOpen, onMarkSeen }: { reply: Reply; timeZone: string; onOpen: () => void; onMarkSeen: () => void }) {
  const { t } = useTranslation();
  const unread = !reply.own && reply.readTime === null;
  return (
    <li className={reply.own ? 'msgs-bubble own' : 'msgs-bubble other'} data-testid="msgs-bubble" data-own={reply.own ? 'true' : 'false'}>
      <div
        className="msgs-bubble-body"
        role="button"
        tabIndex={0}
        onClick={onOpen}
        onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && (e.preventDefault(), onOpen())}
      >
        <div className="msgs-bubble-meta">
          <span className="msgs-bubble-user">{reply.userName ?? ''}</span>
          {reply.userOrganization && <span className="msgs-bubble-organization">{reply.userOrganization}</span>}
          <time dateTime={reply.time}>{formatDateTime(reply.time, timeZone)}</time>
        </div>
        {reply.reply !== '' && <p className="msgs-bubble-text">{reply.reply}</p>}
        <ReplyFile reply={reply} />
      </div>
      {unread && (
        <button type="button" className="link-button msgs-new-link" data-testid="msgs-new-link" onClick={onMarkSeen}>
          {t('New')}
        </button>
      )}
    </li>
  );
}

/** Message details (spec 2 section 2, "Message details (reply details)"). */
export function ReplyDetails({ reply, timeZone, onClose }: { reply: Reply; timeZone: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <LocalModal label={t('Message details')} onClose={onClose}>
      <h3>{t('Message details')}</h3>
      <dl className="msgs-details" data-testid="msgs-reply-details">
        <dt>{t('Sender')}</dt>
        <dd>{reply.userName ?? ''}</dd>
        <dt>{t('Organization')}</dt>
        <dd>{reply.userOrganization ?? ''}</dd>
        <dt>{t('Sent')}</dt>
        <dd>{formatDateTime(reply.time, timeZone)}</dd>
        <dt>{t('Read')}</dt>
        <dd>{reply.readTime ? formatDateTime(reply.readTime, timeZone) : t('Unread')}</dd>
      </dl>
      {reply.reply !== '' && <p className="msgs-bubble-text">{reply.reply}</p>}
      <ReplyFile reply={reply} />
      <div className="modal-actions">
        <button type="button" onClick={onClose}>
          {t('Close')}
        </button>
      </div>
    </LocalModal>
  );
}
