import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { showModal } from '../../../lib/modal-stack.ts';
import { stopUsageSession, usageSession } from '../stores/usage-session-store.ts';
import './usage-session.css';

/** Start and stop buttons of the shell (spec 3 section 2: shown with canStartSession). */
export function SessionButtons({ canCreateActivities, onStop }: { canCreateActivities: boolean; onStop: () => void }) {
  const { t } = useTranslation();
  const { active, busy } = useSnapshot(usageSession);
  return (
    <div className="session-buttons" data-testid="session-buttons" data-active={active ? 'true' : 'false'}>
      {active ? (
        <>
          <span className="session-active-badge">{t('Session active')}</span>
          <button
            type="button"
            className="button-primary session-stop"
            disabled={busy}
            data-testid="session-stop"
            onClick={() => {
              // Spec 3 section 4: stopping pauses the players before the stop is logged.
              onStop();
              void stopUsageSession(t('Session stopped!'), t('Session could not be stopped.'));
            }}
          >
            {t('Stop Session')}
          </button>
        </>
      ) : (
        <button type="button" className="button-primary" disabled={busy} data-testid="session-start" onClick={() => showModal('StartSession', { canCreateActivities })}>
          {t('Start Session')}
        </button>
      )}
    </div>
  );
}
