import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Settings } from '../../../schemas/api/settings.ts';
import type { UsageTotals } from '../../../schemas/api/usage-report.ts';
import type { CurrentUser } from '../../../schemas/api/user.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { monthOf, monthPeriod, todayDataDay } from '../../lib/format.ts';

// The footer's counts area (spec 1 section 2): this month's sessions, against the unit's session
// target when one is set (settings sessionTargetCount), and the days with usage. Read again every
// 60 s with the rest of the periodic work (spec 1 section 4: "load monthly usage").

const refreshMs = 60_000;

interface Counts {
  sessions: number;
  usedDays: number;
  target: number | null;
}

async function loadCounts(user: Pick<CurrentUser, 'id' | 'timeZone'>): Promise<Counts> {
  const today = todayDataDay(user.timeZone);
  const { firstDay, lastDay } = monthPeriod(monthOf(today), today);
  const [totals, settings] = await Promise.all([
    apiRequest<UsageTotals>(`/api/usage/${user.id}/${firstDay}/${lastDay}`),
    apiRequest<Settings>('/api/settings'),
  ]);
  const target = Number(settings.sessionTargetCount);
  return { sessions: totals.sessionCount, usedDays: totals.usedDayCount, target: settings.sessionTargetCount && target > 0 ? target : null };
}

export function FooterCounts({ user }: { user: Pick<CurrentUser, 'id' | 'timeZone'> }) {
  const { t } = useTranslation();
  const [counts, setCounts] = useState<Counts | null>(null);
  const { id, timeZone } = user;
  useEffect(() => {
    let current = true;
    const load = () =>
      loadCounts({ id, timeZone })
        .then((next) => current && setCounts(next))
        // Only logged (spec 1 section 8): the area stays as it was.
        .catch((error: unknown) => console.warn('Footer counts failed', error));
    void load();
    const timer = setInterval(() => void load(), refreshMs);
    return () => {
      current = false;
      clearInterval(timer);
    };
  }, [id, timeZone]);
  return (
    <div className="counts-area" data-testid="counts-area">
      {counts && (
        <>
          <span data-testid="count-sessions">
            {t('Sessions this month')}:{' '}
            <strong>{counts.target === null ? counts.sessions : t('{{sessions}} of target {{target}}', { sessions: counts.sessions, target: counts.target })}</strong>
          </span>
          <span data-testid="count-used-days">
            {t('Days with usage this month')}: <strong>{counts.usedDays}</strong>
          </span>
        </>
      )}
    </div>
  );
}
