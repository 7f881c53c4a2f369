import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usageTypes } from '../../../../../schemas/api/usage-report-values.ts';
import type { UsageSession } from '../../../../../schemas/api/usage-report.ts';
import { DataTable } from '../../../../components/data-table/data-table.tsx';
import { formatDateTime, formatDuration, formatTime, toDataDay } from '../../../../lib/format.ts';
import { usageTypeKey } from '../../../../lib/i18n/translations-reports.ts';
import { playColumns } from './play-columns.tsx';
import { SessionFigures } from './session-figures.tsx';
import { hasSessionFigures } from '../../usage-figures.ts';

/** End as H:mm on the start's day, else D.M.YYYY H:mm; a session without an end says so. */
function endText(session: UsageSession, timeZone: string, noEnd: string): string {
  if (!session.endTime) return noEnd;
  const sameDay = toDataDay(session.endTime, timeZone) === toDataDay(session.startTime, timeZone);
  return sameDay ? formatTime(session.endTime, timeZone) : formatDateTime(session.endTime, timeZone);
}

/** One session of the list: a summary line that opens its breakdown, people, activities and plays. */
export function SessionCard({ session, timeZone }: { session: UsageSession; timeZone: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const columns = useMemo(() => playColumns(timeZone), [timeZone]);
  const duration = session.duration === null ? '-' : formatDuration(session.duration);
  const bodyId = `session-${session.sessionId}`;
  return (
    <li className={session.short || !session.endTime ? 'session-card short' : 'session-card'} data-testid="session-card">
      <button type="button" className="session-summary" aria-expanded={open} aria-controls={bodyId} onClick={() => setOpen(!open)}>
        <span className="session-when">
          {formatDateTime(session.startTime, timeZone)} – {endText(session, timeZone, t('no end'))}
        </span>
        <span className="session-duration">{duration}</span>
        <span className="session-people">{t('{{count}} participants', { count: session.participants.length })}</span>
        {session.short && <span className="badge">{t('short session')}</span>}
        <span className="session-chevron" aria-hidden="true">
          {open ? '▾' : '▸'}
        </span>
      </button>
      {open && (
        <div id={bodyId} className="session-body" data-testid="session-body">
          <dl className="session-facts">
            <dt>{t('Start time')}</dt>
            <dd>{formatDateTime(session.startTime, timeZone)}</dd>
            <dt>{t('End time')}</dt>
            <dd>{session.endTime ? formatDateTime(session.endTime, timeZone) : t('no end')}</dd>
            <dt>{t('Duration')}</dt>
            <dd>{duration}</dd>
            <dt>{t('Participants')}</dt>
            <dd>{session.participants.length === 0 ? '-' : session.participants.map((p) => `${p.firstName} ${p.lastName}`.trim()).join(', ')}</dd>
            <dt>{t('Activities')}</dt>
            <dd>{[...session.activities.map((a) => a.name || t('(no name)')), ...(session.outdoors ? [t('outdoor activity')] : [])].join(', ') || '-'}</dd>
          </dl>
          <div className="session-breakdown">
            <h4>{t('Breakdown of session usage')}</h4>
            <ul>
              {usageTypes.map((type) => (
                <li key={type}>
                  <span>{t(usageTypeKey(type))}</span>
                  <span>{formatDuration(session.usage[type] ?? 0)}</span>
                </li>
              ))}
            </ul>
          </div>
          <DataTable columns={columns} data={session.plays} emptyText={t('No plays in this session')} testId="session-plays" />
          {hasSessionFigures(session) && <SessionFigures session={session} timeZone={timeZone} />}
        </div>
      )}
    </li>
  );
}
