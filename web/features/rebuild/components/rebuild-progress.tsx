import { useTranslation } from 'react-i18next';
import type { RebuildProgress as Progress } from '../../../../schemas/api/rebuild.ts';
import { formatDuration } from '../../../lib/format.ts';

/**
 * Events done of total, events per second and time left of the version being built; after the last
 * event is read, the users whose plays and sessions are being derived.
 */
export function RebuildProgress({ progress }: { progress: Progress }) {
  const { t, i18n } = useTranslation();
  const number = (n: number) => Math.round(n).toLocaleString(i18n.language);
  const percent = progress.eventsTotal === 0 ? 100 : Math.min(100, (progress.eventsDone / progress.eventsTotal) * 100);
  return (
    <div className="rebuild-progress" data-testid="rebuild-progress" data-caught-up={progress.caughtUp}>
      <div className="rebuild-progress-head">
        <strong>{t('Version {{version}}', { version: progress.version })}</strong>
        <span data-testid="rebuild-stage" data-stage={progress.stage}>
          {progress.caughtUp ? t('Caught up: ready to switch') : progress.stage === 'deriving' ? t('Deriving plays and sessions') : t('Reading the event log')}
        </span>
      </div>
      <div
        className="progress-bar"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={progress.eventsTotal}
        aria-valuenow={progress.eventsDone}
        aria-label={t('Rebuild progress')}
      >
        <div className="progress-fill" style={{ width: `${percent.toFixed(1)}%` }} />
      </div>
      <dl className="rebuild-figures">
        <dt>{t('Events')}</dt>
        <dd data-testid="rebuild-events">
          {number(progress.eventsDone)} / {number(progress.eventsTotal)} ({percent.toFixed(1)} %)
        </dd>
        <dt>{t('Events per second')}</dt>
        <dd>{number(progress.eventsPerSecond)}</dd>
        <dt>{t('Time left')}</dt>
        <dd>{progress.caughtUp ? formatDuration(0) : progress.secondsLeft === null ? t('not known yet') : formatDuration(progress.secondsLeft)}</dd>
        {progress.derivation && (
          <>
            <dt>{t('Users')}</dt>
            <dd data-testid="rebuild-derived-users">
              <progress max={progress.derivation.usersTotal} value={progress.derivation.usersDone} /> {number(progress.derivation.usersDone)} /{' '}
              {number(progress.derivation.usersTotal)}
            </dd>
          </>
        )}
      </dl>
    </div>
  );
}
