import { useLayoutEffect, useRef, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Alert } from '../../../components/alert.tsx';
import {
  dismissPlayerAlert,
  dragSeek,
  hasNext,
  next,
  playAll,
  playerState,
  previous,
  releaseSeek,
  resumePlayer,
  setContinuous,
  setFastForward,
  setShuffle,
  toggleExercise,
  togglePlay,
} from '../../../lib/player/player-store.ts';
import { formatLength } from '../../../lib/format.ts';
import { showModal } from '../../../lib/modal-stack.ts';
import { ExerciseIcon, FastForwardIcon, InfoIcon, NextIcon, PauseIcon, PlayAllIcon, PlayIcon, PreviousIcon } from './player-icons.tsx';
import './player-bar.css';

/** The fixed bottom player; `extra` holds controls of other features (evaluation buttons). */
export function PlayerBar({ extra }: { extra?: ReactNode }) {
  const { t } = useTranslation();
  const state = useSnapshot(playerState);
  const current = state.current;
  const shown = current !== null || state.alert !== null;
  const bar = useRef<HTMLElement>(null);
  // The page keeps the bar's height as scroll padding, so a row scrolled to (the one playing, a
  // focused one) stops above the bar instead of under it.
  useLayoutEffect(() => {
    const element = bar.current;
    if (!shown || !element) return;
    const root = document.documentElement;
    const apply = () => root.style.setProperty('--player-bar-height', `${element.offsetHeight}px`);
    apply();
    const observer = new ResizeObserver(apply);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--player-bar-height');
    };
  }, [shown]);
  if (!shown) return null;
  const shownTime = state.seekTime ?? state.currentTime;
  // Players of other components set aside, paused where they were: one press takes one up again.
  const setAside = Object.entries(state.players).filter(([id]) => id !== state.activePlayerId);
  const max = state.duration > 0 ? state.duration : Math.max(current?.length ?? 0, 1);
  // The loaded part shows as a lighter band behind the bar's thumb.
  const bufferedShare = `${Math.min(100, (state.buffered / max) * 100).toFixed(1)}%`;
  return (
    <section ref={bar} className="player-bar" data-testid="player-bar" data-playing={state.playing ? 'true' : 'false'} aria-label={t('Player')}>
      {state.alert && (
        <div className="player-alert">
          <Alert kind="error">
            <span data-testid="player-alert">{t(state.alert)}</span>
            <button type="button" className="link-button" onClick={dismissPlayerAlert}>
              {t('Close')}
            </button>
          </Alert>
        </div>
      )}
      {current && (
        <div className="player-row">
          <div className="player-buttons">
            <button type="button" onClick={() => void previous()} aria-label={t('Previous')} data-testid="player-previous">
              <PreviousIcon />
            </button>
            <button type="button" className="player-main" onClick={togglePlay} aria-label={state.playing ? t('Pause') : t('Play')} data-testid="player-play-pause">
              {state.playing ? <PauseIcon /> : <PlayIcon />}
            </button>
            <button type="button" onClick={() => void next()} disabled={!hasNext(state)} aria-label={t('Next')} data-testid="player-next">
              <NextIcon />
            </button>
            <button
              type="button"
              onClick={() => setFastForward(!state.fastForward)}
              aria-pressed={state.fastForward}
              aria-label={t('Fast forward')}
              title={t('Fast forward')}
              data-testid="player-fast-forward"
            >
              <FastForwardIcon />
            </button>
            {state.queueLength > 1 && (
              <button type="button" onClick={() => void playAll()} aria-label={t('Play all')} title={t('Play all')} data-testid="player-play-all">
                <PlayAllIcon />
              </button>
            )}
          </div>
          <div className="player-track">
            <div className="player-title" data-testid="player-title" title={current.name}>
              {current.name}
              {current.artist ? <span className="player-artist"> · {current.artist}</span> : null}
            </div>
            {state.nextPlaying && (
              <div className="player-next-up" data-testid="player-next-up">
                {t('Next')}: {state.nextPlaying.name}
              </div>
            )}
            <div className="player-seek">
              <span className="player-time" data-testid="player-time">
                {formatLength(shownTime, 'floor')}
              </span>
              <input
                type="range"
                min={0}
                max={max}
                step={0.1}
                value={Math.min(shownTime, max)}
                aria-label={t('Position')}
                data-testid="player-seek"
                data-buffered={state.buffered.toFixed(1)}
                style={{ '--buffered': bufferedShare } as CSSProperties}
                onChange={(e) => dragSeek(Number(e.target.value))}
                onPointerUp={releaseSeek}
                onKeyUp={releaseSeek}
                onBlur={releaseSeek}
              />
              <span className="player-time">{formatLength(state.duration || current.length, 'floor')}</span>
            </div>
          </div>
          <div className="player-modes">
            <button
              type="button"
              className="player-small"
              onClick={() => showModal('AUDIO_FILE_INFO', { audioFileId: current.audioFileId })}
              aria-label={t('Info')}
              title={t('Info')}
              data-testid="player-info"
            >
              <InfoIcon />
            </button>
            <button
              type="button"
              className="player-small"
              onClick={toggleExercise}
              aria-pressed={!!current.exercise}
              aria-label={t('Exercise')}
              title={t('Exercise')}
              data-testid="player-exercise"
            >
              <ExerciseIcon />
            </button>
            <label className="player-toggle">
              <input type="checkbox" checked={state.continuous} onChange={(e) => setContinuous(e.target.checked)} data-testid="player-continuous" />
              {t('Continuous play')}
            </label>
            <label className="player-toggle">
              <input type="checkbox" checked={state.shuffle} onChange={(e) => setShuffle(e.target.checked)} data-testid="player-shuffle" />
              {t('Shuffle')}
            </label>
          </div>
          {extra}
        </div>
      )}
      {current && setAside.length > 0 && (
        <div className="player-set-aside">
          {setAside.map(([id, slot]) => (
            <button key={id} type="button" className="player-resume" onClick={() => resumePlayer(id)} aria-label={`${t('Continue')}: ${slot.name}`} data-testid="player-resume" data-player-id={id}>
              <PlayIcon />
              <span className="player-resume-name">{slot.name}</span>
              <span className="player-time">{formatLength(slot.currentTime, 'floor')}</span>
            </button>
          ))}
        </div>
      )}
    </section>
  );
}
