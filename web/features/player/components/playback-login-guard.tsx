import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { subscribe } from 'valtio';
import type { CurrentUser } from '../../../../schemas/api/user.ts';
import { connectivity } from '../../../lib/connectivity/connectivity.ts';
import { getLastPlay } from '../api/get-last-play.ts';
import { stopPlayback } from '../../../lib/player/player-store.ts';

type Question = 'breakExisting' | 'expired' | null;

/**
 * Single playback login (spec 1 section 4): only the newest login of an account plays. Right
 * after a login, a play by another login within 10 minutes asks whether to take over (declined:
 * log out); when a ping shows a newer login took over, playback stops and the user is told and
 * logged out. Admin logins and allowMultiLogin accounts are never asked (the server answers
 * tokenMatch true and no lastPlay for them).
 */
export function PlaybackLoginGuard({ user, onLogout }: { user: CurrentUser; onLogout: () => void }) {
  const { t } = useTranslation();
  const [question, setQuestion] = useState<Question>(null);
  const exempt = user.admin || user.config.allowMultiLogin;

  useEffect(() => {
    if (exempt) return;
    let live = true;
    getLastPlay()
      .then((answer) => live && answer.lastPlay && setQuestion('breakExisting'))
      .catch((error: unknown) => console.warn('Last play not checked', error));
    return () => {
      live = false;
    };
  }, [user, exempt]);

  useEffect(() => {
    if (exempt) return;
    return subscribe(connectivity, () => {
      if (connectivity.lastPing?.tokenMatch === false) {
        stopPlayback();
        setQuestion('expired');
      }
    });
  }, [exempt]);

  if (!question) return null;
  return (
    <div className="modal-backdrop" data-modal="PlaybackLogin">
      <div className="modal" role="alertdialog" aria-modal="true" data-testid="playback-login-question">
        {question === 'breakExisting' ? (
          <>
            <p>{t('Another login of this account played content within the last 10 minutes. Continue here? Playback ends on the other device.')}</p>
            <div className="modal-actions">
              <button type="button" onClick={onLogout}>
                {t('Logout')}
              </button>
              <button type="button" className="button-primary" onClick={() => setQuestion(null)}>
                {t('Continue')}
              </button>
            </div>
          </>
        ) : (
          <>
            <p>{t('Your session has expired: this account has logged in on another device.')}</p>
            <div className="modal-actions">
              <button type="button" className="button-primary" onClick={onLogout}>
                {t('OK')}
              </button>
            </div>
          </>
        )}
      </div>
    </div>
  );
}
