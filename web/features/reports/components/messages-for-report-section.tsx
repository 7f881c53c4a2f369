import { useTranslation } from 'react-i18next';
import type { Message, MessageItem } from '../../../../schemas/api/messages.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { getMessageItems } from '../api/get-message-items.ts';
import { getMessages } from '../api/get-messages.ts';
import { useLoad } from '../use-load.ts';
import { sanitizeMessageHtml } from './message-html.ts';
import { itemsByMessage, itemTypeKeys, messagePeriod, messageTime, webLink } from './messages-for-report.ts';
import { SectionState } from './section-state.tsx';

/** The most the API answers in one call, for messages and for the ids whose items are asked. */
const messageLimit = 1000;

interface ReportMessages {
  messages: Message[];
  items: Map<number, MessageItem[]>;
}

/** The sent usage-report messages of the report's user in the period, with their items. */
async function getReportMessages(userId: number, firstDay: string, lastDay: string, timeZone: string, signal: AbortSignal): Promise<ReportMessages> {
  const messages = await getMessages({ usageReport: true, sent: true, userId, ...messagePeriod(firstDay, lastDay, timeZone), limit: messageLimit }, signal);
  if (messages.length === 0) return { messages, items: new Map() };
  const items = await getMessageItems({ messageIdList: messages.map((m) => m.id), userId }, signal);
  // The API answers newest first, and items by message and order.
  return { messages, items: itemsByMessage(items) };
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
          <ReportMessage key={message.id} message={message} items={loaded.data.items.get(message.id) ?? []} timeZone={timeZone} />
        ))
      )}
    </div>
  );
}

function ReportMessage({ message, items, timeZone }: { message: Message; items: MessageItem[]; timeZone: string }) {
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
        <ReportMessageItem key={item.id} item={item} />
      ))}
    </article>
  );
}

function ReportMessageItem({ item }: { item: MessageItem }) {
  const { t } = useTranslation();
  switch (item.type) {
    case 'InlineHTML':
    case 'InlineHTMLTrack':
      // The HTML is written by another user: only its sanitized form reaches the page.
      return item.html ? <div className="report-message-html" dangerouslySetInnerHTML={{ __html: sanitizeMessageHtml(item.html) }} /> : null;
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
