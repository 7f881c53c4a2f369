import { useTranslation } from 'react-i18next';
import type { Reply } from '../../../schemas/api/message-replies.ts';
import { formatDateTime } from '../../lib/format.ts';
import './message-replies.css';

// "Replies to message:" (spec 2 section 2, messages screen and single message view): each reply's
// time (D.M.YYYY H:mm), text, writer and organisation, and its file: an image at width 150px
// (spec 2 section 9), anything else a link to it.

export function ReplyFile({ reply }: { reply: Pick<Reply, 'replyFileId' | 'replyFileContentType' | 'replyFileName'> }) {
  const { t } = useTranslation();
  if (reply.replyFileId === null) return null;
  const url = `/api/file/${reply.replyFileId}`;
  if (reply.replyFileContentType?.startsWith('image/')) {
    return (
      <a className="reply-file" href={url} target="_blank" rel="noreferrer">
        <img src={url} width={150} alt={reply.replyFileName ?? t('Attached file')} />
      </a>
    );
  }
  return (
    <a className="reply-file" href={`${url}?download=1`}>
      {reply.replyFileName ?? t('Attached file')}
    </a>
  );
}

export function MessageReplies({ replies, timeZone }: { replies: readonly Reply[]; timeZone?: string }) {
  const { t } = useTranslation();
  if (replies.length === 0) return null;
  return (
    <section className="message-replies" data-testid="message-replies">
      <h3>{t('Replies to message:')}</h3>
      <ul>
        {replies.map((reply) => (
          <li key={reply.id} className="message-reply">
            <div className="message-reply-meta">
              <time dateTime={reply.time}>{formatDateTime(reply.time, timeZone)}</time>
              <span className="message-reply-user">{reply.userName ?? ''}</span>
              {reply.userOrganization && <span className="message-reply-organization">{reply.userOrganization}</span>}
            </div>
            {reply.reply !== '' && <p className="message-reply-text">{reply.reply}</p>}
            <ReplyFile reply={reply} />
          </li>
        ))}
      </ul>
    </section>
  );
}
