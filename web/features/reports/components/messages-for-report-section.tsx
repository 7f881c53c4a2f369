import { useTranslation } from 'react-i18next';
import type { Message, MessageItem } from '../../../../schemas/api/messages.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { getMessageItems } from '../api/get-message-items.ts';
import { getMessages } from '../api/get-messages.ts';
import { useLoad } from '../use-load.ts';
import { itemsByMessage, itemTypeKeys, messagePeriod, messageTime, webLink } from './messages-for-report.ts';
import { SectionState } from './section-state.tsx';

/** The most the API answers in one call, for messages and for the ids whose items are asked. */
const messageLimit = 1000;

/** What makes a message's HTML safe to show (message-html.ts). */
type Sanitize = (html: string) => string;

interface ReportMessages {
  messages: Message[];
  items: Map<number, MessageItem[]>;
  sanitize: Sanitize;
}

/** Nothing to show, nothing to sanitise: the sanitiser is not even loaded. */
const noHtml: Sanitize = () => '';

/**
 * The sent usage-report messages of the report's user in the period, with their items. The
 * sanitiser (DOMPurify, 11 KB gzip) loads with the items, in parallel, only when there are
 * messages: not with every report's first screen (issue 21 item 3).
 */
async function getReportMessages(userId: number, firstDay: string, lastDay: string, timeZone: string, signal: AbortSignal): Promise<ReportMessages> {
  const messages = await getMessages({ usageReport: true, sent: true, userId, ...messagePeriod(firstDay, lastDay, timeZone), limit: messageLimit }, signal);
  if (messages.length === 0) return { messages, items: new Map(), sanitize: noHtml };
  const [items, { sanitizeMessageHtml }] = await Promise.all([
    getMessageItems({ messageIdList: messages.map((m) => m.id), userId }, signal),
    import('./message-html.ts'),
  ]);
  // The API answers newest first, and items by message and order.
  return { messages, items: itemsByMessage(items), sanitize: sanitizeMessageHtml };
}

/** Spec 3 section 2 'Messages for report': the period's usage-report messages, newest first (as the API orders them). */
export function MessagesForReportSection({ userId, firstDay, lastDay, timeZone }: { userId: number; firstDay: string; lastDay: string; timeZone: string }) {
  const loaded = useLoad(`${userId}/${firstDay}/${lastDay}/${timeZone}`, (signal) => getReportMessages(userId, firstDay, lastDay, timeZone, signal));
  return (
    <div className="report-messages" data-testid="messages-for-report">
      {loaded.status !== 'loaded' || loaded.data.messages.length === 0 ? (
        <SectionState status={loaded.status} />
      ) : (
        loaded.data.messages.map((message) => (
          <ReportMessage key={message.id} message={message} items={loaded.data.items.get(message.id) ?? []} timeZone={timeZone} sanitize={loaded.data.sanitize} />
        ))
      )}
    </div>
  );
}

function ReportMessage({ message, items, timeZone, sanitize }: { message: Message; items: MessageItem[]; timeZone: string; sanitize: Sanitize }) {
  const { t } = useTranslation();
  const time = messageTime(message);
  return (
    <article className="report-message" data-testid="report-message">
      <h3 data-testid="report-message-title">{message.title}</h3>
      <p className="report-message-meta">
        {time && <time dateTime={time}>{formatDateTime(time, timeZone)}</time>}
        {message.senderName && (
          <span>
            {t('Sender')}: {message.senderName}
          </span>
        )}
      </p>
      {items.map((item) => (
        <ReportMessageItem key={item.id} item={item} sanitize={sanitize} />
      ))}
    </article>
  );
}

function ReportMessageItem({ item, sanitize }: { item: MessageItem; sanitize: Sanitize }) {
  const { t } = useTranslation();
  switch (item.type) {
    case 'InlineHTML':
    case 'InlineHTMLTrack':
      // The HTML is written by another user: only its sanitized form reaches the page.
      return item.html ? <div className="report-message-html" dangerouslySetInnerHTML={{ __html: sanitize(item.html) }} /> : null;
    case 'AudioFile':
      return (
        <p className="report-message-item">
          {t('Audio file')}
          {item.audioFileName && `: ${item.audioFileName}`}
        </p>
      );
    case 'Link': {
      const href = webLink(item.url);
      return (
        <p className="report-message-item">
          {href ? (
            <a href={href} target={href.startsWith('mailto:') ? undefined : '_blank'} rel="noopener noreferrer">
              {href}
            </a>
          ) : (
            t(itemTypeKeys.Link)
          )}
        </p>
      );
    }
    case 'Image':
    case 'IFrame':
    case 'FavoriteList':
    case 'Recipe':
    case 'MediaFile':
    case 'Question':
      return <p className="report-message-item">{t(itemTypeKeys[item.type])}</p>;
    default: {
      const unknown: never = item.type;
      return unknown;
    }
  }
}
