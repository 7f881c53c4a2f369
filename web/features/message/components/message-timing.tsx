import { DateTime } from 'luxon';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { Message } from '../../../../schemas/api/messages.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { changeMessage, defaultActiveSeconds, messageView } from '../stores/message-store.ts';

// Active from and active until (spec 2 sections 2 and 4), shown with messageTiming. Checking
// "Message Active Until" sets the default end, now plus 604800 s; unchecking sets it to null.

const toLocal = (iso: string | null, zone: string) => (iso ? DateTime.fromISO(iso, { zone }).toFormat("yyyy-MM-dd'T'HH:mm") : '');
const toInstant = (local: string, zone: string) => (local ? DateTime.fromISO(local, { zone }).toUTC().toISO() : null);

export function MessageTiming({ message, editable, timeZone }: { message: Message; editable: boolean; timeZone: string }) {
  const { t } = useTranslation();
  const { busy } = useSnapshot(messageView);
  if (!editable) {
    return (
      <section className="message-timing" data-testid="message-timing">
        <span>
          {t('Active from')}: {message.time ? formatDateTime(message.time, timeZone) : t('When sent')}
        </span>
        {message.expireTime && (
          <span>
            {t('Message Active Until')}: {formatDateTime(message.expireTime, timeZone)}
          </span>
        )}
      </section>
    );
  }
  return (
    <section className="message-timing" data-testid="message-timing">
      <label>
        {t('Active from')}
        <input
          type="datetime-local"
          disabled={busy}
          value={toLocal(message.time, timeZone)}
          onChange={(e) => void changeMessage({ time: toInstant(e.target.value, timeZone) })}
          data-testid="message-active-from"
        />
      </label>
      <label>
        <input
          type="checkbox"
          disabled={busy}
          checked={message.expireTime !== null}
          onChange={(e) => void changeMessage({ expireTime: e.target.checked ? new Date(Date.now() + defaultActiveSeconds * 1000).toISOString() : null })}
          data-testid="message-active-until-toggle"
        />
        {t('Message Active Until')}
      </label>
      {message.expireTime !== null && (
        <input
          type="datetime-local"
          disabled={busy}
          aria-label={t('Message Active Until')}
          value={toLocal(message.expireTime, timeZone)}
          onChange={(e) => e.target.value && void changeMessage({ expireTime: toInstant(e.target.value, timeZone) })}
          data-testid="message-active-until"
        />
      )}
    </section>
  );
}
