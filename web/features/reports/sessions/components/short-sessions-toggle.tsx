import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { sessionFilters, setShowShortSessions } from '../stores/session-filters.ts';

/** 'Show short sessions': also lists sessions under the short threshold and those without an end. */
export function ShortSessionsToggle({ idPrefix }: { idPrefix: string }) {
  const { t } = useTranslation();
  const { showShortSessions } = useSnapshot(sessionFilters);
  const id = `${idPrefix}-short`;
  return (
    <label className="sessions-control sessions-toggle" htmlFor={id}>
      <input id={id} type="checkbox" data-testid="show-short-sessions" checked={showShortSessions} onChange={(e) => setShowShortSessions(e.target.checked)} />
      <span>{t('Show short sessions')}</span>
    </label>
  );
}
