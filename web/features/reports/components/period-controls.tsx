import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { CurrentUser } from '../../../../schemas/api/user.ts';
import { formatMonth } from '../../../lib/format.ts';
import { getRemovedUsers } from '../api/get-removed-users.ts';
import { targetChoices } from '../report-figures.ts';
import {
  canGoToNextMonth,
  isPastMonth,
  nextMonth,
  previousMonth,
  reportStore,
  saveSessionTarget,
  setFirstDay,
  setLastDay,
  setReportUser,
  viewedMonth,
} from '../stores/report-store.ts';

/** Report user, month navigation, free period and the month's session target. */
export function PeriodControls({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const snap = useSnapshot(reportStore);
  const past = isPastMonth();
  const removed = useRemovedUsers();
  // Removed users keep their history: listed last, labelled as removed (issue 17).
  const reportUsers = [
    { id: user.id, name: user.name },
    ...user.adminOfUsers.filter((u) => u.id !== user.id),
    ...removed.map((u) => ({ id: u.id, name: t('{{name}} (removed)', { name: u.name }) })),
  ];
  return (
    <div className="report-controls" data-testid="report-controls">
      {reportUsers.length > 1 && (
        <label className="report-control">
          {t('Report for User')}
          <select data-testid="report-user" value={snap.userId} onChange={(e) => setReportUser(Number(e.target.value))}>
            {reportUsers.map((u) => (
              <option key={u.id} value={u.id}>
                {u.name}
              </option>
            ))}
          </select>
        </label>
      )}
      <div className="month-nav">
        <button type="button" data-testid="month-prev" aria-label={t('Previous month')} onClick={previousMonth}>
          ‹
        </button>
        <span className="month-label" data-testid="month-label">
          {snap.firstDay ? formatMonth(viewedMonth()) : ''}
        </span>
        <button type="button" data-testid="month-next" aria-label={t('Next month')} disabled={!canGoToNextMonth()} onClick={nextMonth}>
          ›
        </button>
      </div>
      <label className="report-control">
        {t('First Day')}
        <input type="date" data-testid="first-day" value={snap.firstDay} onChange={(e) => setFirstDay(e.target.value)} />
      </label>
      <label className="report-control">
        {t('Last Day')}
        <input type="date" data-testid="last-day" value={snap.lastDay} onChange={(e) => setLastDay(e.target.value)} />
      </label>
      <label className="report-control">
        {t('Session target for the month')}
        <select
          data-testid="target-sessions"
          value={snap.sessionTarget ?? 0}
          disabled={past || snap.sessionTarget === null || snap.targetBusy || removed.some((u) => u.id === snap.userId)}
          title={past ? t('Targets are set for the current month only.') : undefined}
          onChange={(e) => void saveSessionTarget(Number(e.target.value))}
        >
          {targetChoices.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}

/** The users the viewer administered until they removed them (empty for almost everyone). */
function useRemovedUsers(): Array<{ id: number; name: string }> {
  const [users, setUsers] = useState<Array<{ id: number; name: string }>>([]);
  useEffect(() => {
    let live = true;
    getRemovedUsers().then(
      (list) => live && setUsers(list.users),
      () => live && setUsers([]),
    );
    return () => {
      live = false;
    };
  }, []);
  return users;
}
