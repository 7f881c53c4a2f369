import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { Category } from '../../../../schemas/api/library.ts';
import type { CurrentUser } from '../../../../schemas/api/user.ts';
import { Alert } from '../../../components/alert.tsx';
import { formatLength } from '../../../lib/format.ts';
import { showModal } from '../../../lib/modal-stack.ts';
import { onNavReselect } from '../../../lib/nav-reselect.ts';
import { getMusicCategories } from '../api/get-music-categories.ts';
import { channelDurations, durationLabels, remainingSeconds } from '../channel-rules.ts';
import { channel, listenToPlayer } from '../stores/channel-store.ts';
import './music-channels.css';

// The music channels page (spec 1 sections 2 and 4): the piece playing with its cover, the time
// left, favorite and info buttons; the checklist of music categories; and the buttons that start
// 1/2 h, 1 h or 2 h of continuous music from the checked categories.

interface Props {
  user: CurrentUser;
  /** The favorite toggle of the favorites feature, handed in by the app. */
  favoriteButton?: (audioFileId: number) => ReactNode;
}

export function MusicChannelsPage({ favoriteButton }: Props) {
  const { t } = useTranslation();
  const state = useSnapshot(channel.state);
  const [categories, setCategories] = useState<Category[] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    listenToPlayer();
    let live = true;
    getMusicCategories().then(
      (list) => live && setCategories(list.filter((c) => c.active && c.audioFileCount > 0)),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, []);

  // The time left ticks while a channel runs.
  const running = state.status === 'loading' || state.status === 'playing' || state.status === 'waiting';
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => channel.tick(), 1000);
    return () => clearInterval(timer);
  }, [running]);

  // The nav link clicked again: after a confirmation, reset the checklist, the player and the channel.
  useEffect(
    () =>
      onNavReselect((route) => {
        if (route !== 'musicChannels' || (!channel.running && channel.state.categoryIds.length === 0)) return false;
        if (window.confirm(t('Do you want to reset the page?'))) channel.reset();
        return true;
      }),
    [t],
  );

  const current = state.current;
  // From the snapshot, so each tick of the clock shows.
  const timeLeft = state.startedAt !== null && state.duration !== null ? remainingSeconds(state.startedAt, state.duration, state.now) : 0;
  const nothingChecked = state.categoryIds.length === 0;
  return (
    <section className="music-channels" data-testid="music-channels" data-status={state.status}>
      <h2>{t('Music channels')}</h2>
      {current && running && (
        <div className="channel-now" data-testid="channel-now">
          {current.imageId !== null ? (
            <img className="channel-cover" src={`/api/file/${current.imageId}/thumbnail?width=250`} alt="" data-testid="channel-cover" />
          ) : (
            <div className="channel-cover channel-cover-empty" aria-hidden="true">♪</div>
          )}
          <div className="channel-now-text">
            <div className="channel-piece" data-testid="channel-piece">
              {current.name}
            </div>
            {current.artist && <div className="channel-artist">{current.artist}</div>}
            <div className="channel-time-left">
              {t('Time left')}: <span data-testid="channel-time-left">{formatLength(timeLeft, 'floor')}</span>
            </div>
            <div className="channel-now-buttons">
              {favoriteButton?.(current.id)}
              <button type="button" data-testid="channel-info" onClick={() => showModal('AUDIO_FILE_INFO', { audioFileId: current.id })}>
                {t('Info')}
              </button>
              <button type="button" className="button-primary" data-testid="channel-stop" onClick={() => channel.stop()}>
                {t('Stop music channel')}
              </button>
            </div>
          </div>
        </div>
      )}
      {state.status === 'loading' && !current && <p className="channel-note">{t('Loading...')}</p>}
      {state.status === 'ended' && (
        <Alert kind="info">
          <span data-testid="channel-ended">{t('The music channel has ended.')}</span>
        </Alert>
      )}
      {state.status === 'noMusic' && (
        <Alert kind="error">
          <span data-testid="channel-no-music">{t('No music could be found in the chosen categories.')}</span>
        </Alert>
      )}
      <fieldset className="channel-categories">
        <legend>{t('Music categories')}</legend>
        {failed && <Alert kind="error">{t('Loading the music categories failed')}</Alert>}
        {categories === null && !failed && <p className="channel-note">{t('Loading...')}</p>}
        {categories?.map((category) => (
          <label key={category.id} className="channel-category" data-testid="channel-category">
            <input
              type="checkbox"
              value={category.id}
              checked={state.categoryIds.includes(category.id)}
              onChange={(event) => channel.toggleCategory(category.id, event.target.checked)}
            />
            <span>{category.name}</span>
          </label>
        ))}
      </fieldset>
      {nothingChecked && <p className="channel-note" data-testid="channel-hint">{t('Choose one or more music categories, then how long the music plays.')}</p>}
      <div className="channel-durations">
        {channelDurations.map((duration) => (
          <button
            key={duration}
            type="button"
            className={state.duration === duration && running ? 'button-primary active' : 'button-primary'}
            data-testid={`channel-start-${duration}`}
            disabled={nothingChecked}
            onClick={() => void channel.start(duration)}
          >
            {t(durationLabels[duration])}
          </button>
        ))}
      </div>
    </section>
  );
}
