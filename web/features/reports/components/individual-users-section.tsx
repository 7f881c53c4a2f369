import { useTranslation } from 'react-i18next';
import { formatDuration, formatMonth } from '../../../lib/format.ts';
import { getAdminUsage } from '../api/get-admin-usage.ts';
import { setReportUser } from '../stores/report-store.ts';
import { useLoad } from '../use-load.ts';
import { SectionState } from './section-state.tsx';

/** Monthly sessions, usage and days with usage of every administered user. */
export function IndividualUsersSection({ firstDay, lastDay }: { firstDay: string; lastDay: string }) {
  const { t } = useTranslation();
  const loaded = useLoad(`${firstDay}/${lastDay}`, (signal) => getAdminUsage(firstDay, lastDay, signal));
  if (loaded.status !== 'loaded' || loaded.data.users.length === 0) return <SectionState status={loaded.status} />;
  return (
    <div className="report-table-scroll">
      <table className="report-table" data-testid="individual-users-table">
        <thead>
          <tr>
            <th>{t('User')}</th>
            <th>{t('Month')}</th>
            <th className="num">{t('Number of sessions')}</th>
            <th className="num">{t('Total usage')}</th>
            <th className="num">{t('Days with usage')}</th>
          </tr>
        </thead>
        <tbody>
          {loaded.data.users.flatMap((user) =>
            user.months.map((month, i) => (
              <tr key={`${user.userId}-${month.month}`}>
                <td>
                  {i === 0 && (
                    <button type="button" className="link-button" onClick={() => setReportUser(user.userId)}>
                      {user.name}
                    </button>
                  )}
                </td>
                <td>{formatMonth(month.month)}</td>
                <td className="num">{month.sessionCount}</td>
                <td className="num">{formatDuration(month.totalUsage)}</td>
                <td className="num">{month.usedDayCount}</td>
              </tr>
            )),
          )}
        </tbody>
      </table>
    </div>
  );
}
