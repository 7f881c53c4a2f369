import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResidentUsage } from '../../../../schemas/api/public-usage.ts';
import { PieChart, preloadCharts } from '../../../components/charts/lazy-charts.tsx';
import { participationPalette } from '../../../components/charts/palette.ts';
import { formatDateTime, formatDay, formatDuration, lastDaysPeriod, recentReportDayCount } from '../../../lib/format.ts';
import { contentTypeKey } from '../../../lib/i18n/translations-reports.ts';
import { getResidentUsage } from '../api/get-resident-usage.ts';
import { contentTypeSeconds } from '../participation-figures.ts';
import './participation-report.css';

// The pie's chunk downloads alongside the resident's figures, not after them.
void preloadCharts();

/** What the footer passes to the RESIDENT_REPORT modal; read by hand, so opening it loads no zod. */
function reportPropsOf(props: Record<string, unknown>): { residentId: number | null; timeZone: string } | null {
  const { residentId, timeZone } = props;
  const validId = residentId === null || (typeof residentId === 'number' && Number.isInteger(residentId));
  return validId && typeof timeZone === 'string' ? { residentId, timeZone } : null;
}

type State = { status: 'loading' } | { status: 'failed' } | { status: 'loaded'; usage: ResidentUsage };

/** The resident's sessions of the last days (spec 3 section 2, "Participation report"). */
export function ParticipationReportModal({ props }: { props: Record<string, unknown> }) {
  const { t } = useTranslation();
  const parsed = reportPropsOf(props);
  const residentId = parsed?.residentId ?? null;
  const timeZone = parsed?.timeZone ?? 'Europe/Helsinki';
  const dayCount = recentReportDayCount(location.hostname);
  const { firstDay, lastDay } = lastDaysPeriod(dayCount, timeZone);
  const [state, setState] = useState<State>({ status: 'loading' });

  useEffect(() => {
    if (residentId === null) return;
    const controller = new AbortController();
    getResidentUsage(residentId, firstDay, lastDay, controller.signal).then(
      (usage) => !controller.signal.aborted && setState({ status: 'loaded', usage }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn('Participation report failed', error);
        setState({ status: 'failed' });
      },
    );
    return () => controller.abort();
  }, [residentId, firstDay, lastDay]);

  const sessions = state.status === 'loaded' ? state.usage.sessions : [];
  const slices = contentTypeSeconds(sessions).map((s) => ({ name: t(contentTypeKey(s.contentType)), value: s.seconds }));
  return (
    <div className="participation-report" data-testid="participation-report">
      <h2>{t('Participation Report')}</h2>
      <p>
        {t('Sessions of the last {{count}} days', { count: dayCount })} ({formatDay(firstDay)} - {formatDay(lastDay)})
      </p>
      {residentId === null ? (
        <p className="report-empty">{t('No resident is linked to this account.')}</p>
      ) : state.status === 'loading' ? (
        <p className="report-empty">{t('Loading...')}</p>
      ) : sessions.length === 0 ? (
        <p className="report-empty" data-testid="participation-empty">
          {t('No sessions in this period.')}
        </p>
      ) : (
        <div className="participation-body">
          <ul className="participation-sessions" data-testid="participation-sessions">
            {sessions.map((session) => (
              <li key={session.sessionId}>
                <strong>{formatDateTime(session.startTime, timeZone)}</strong>
                {session.duration !== null && <span> · {formatDuration(session.duration)}</span>}
                {(session.activities.length > 0 || session.outdoors) && (
                  <div className="participation-activities">
                    {[...session.activities.map((a) => a.name), ...(session.outdoors ? [t('outdoor activity')] : [])].join(', ')}
                  </div>
                )}
              </li>
            ))}
          </ul>
          {slices.length > 0 && (
            <PieChart data-testid="participation-pie" slices={slices} colors={participationPalette} formatValue={formatDuration} height={260} />
          )}
        </div>
      )}
    </div>
  );
}
