import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { CurrentUser } from '../../../../schemas/api/user.ts';
import { formatLength } from '../../../lib/format.ts';
import { hasNext, next, pause, playerState, previous, resume } from '../../../lib/player/player-store.ts';
import { greetingFor, hourIn, playKey } from '../easy-rules.ts';
import { dislike, easy, favoritesQueue, like, loadEasy, playTile, recommendationQueue, setSubMode, type EasyTile } from '../stores/easy-store.ts';
import { EasyIcon } from './easy-icons.tsx';
import './easy.css';

// The easy-mode screen (spec 1 sections 1 and 4): a resident's own tablet, so few, large,
// touch-first controls: a greeting by the time of day, the two sub-modes (recommendation and
// favorites), what is playing with play/pause, like and dislike, and big tiles with covers.

/** The greeting in the user's time zone, renewed each minute so it follows the day. */
function useGreeting(timeZone: string) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return greetingFor(hourIn(timeZone, now));
}

const coverUrl = (imageId: number) => `/api/file/${imageId}/thumbnail?width=250`;

function Cover({ tile, size }: { tile: Pick<EasyTile, 'imageId' | 'name'>; size: 'tile' | 'large' }) {
  return tile.imageId !== null ? (
    <img className={`easy-cover easy-cover-${size}`} src={coverUrl(tile.imageId)} alt="" loading="lazy" />
  ) : (
    <span className={`easy-cover easy-cover-${size} easy-cover-none`} aria-hidden="true">
      <EasyIcon name="note" size={size === 'large' ? 56 : 72} />
    </span>
  );
}

export function EasyPage({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const snap = useSnapshot(easy);
  const player = useSnapshot(playerState);
  const greeting = useGreeting(user.config.timeZone);

  useEffect(() => {
    void loadEasy(user);
  }, [user]);

  const ours = player.queueName === recommendationQueue || player.queueName === favoritesQueue(snap.listId);
  const current = ours ? player.current : null;
  const active = current && player.startedAt ? { audioFileId: current.audioFileId, startedAt: player.startedAt } : null;
  const rating = active ? snap.ratings[playKey(active.audioFileId, active.startedAt)] : undefined;
  const currentTile = current ? [...snap.recommendations, ...snap.favorites].find((tile) => tile.audioFileId === current.audioFileId) : undefined;
  const favoritesMode = snap.subMode === 'favorites';
  const showFavorites = favoritesMode || user.config.showAlwaysEasyFavoriteList;
  const name = user.firstName;

  const startSet = () => playTile(favoritesMode ? 'favorites' : 'recommendation', 0);
  const setTiles = favoritesMode ? snap.favorites : snap.recommendations;

  return (
    <section className="easy" data-testid="easy">
      <header className="easy-header">
        <h1 className="easy-greeting" data-testid="easy-greeting">
          {name ? t('{{greeting}}, {{name}}!', { greeting: t(greeting), name }) : `${t(greeting)}!`}
        </h1>
        <div className="easy-modes" role="group" aria-label={t('Easy view')}>
          <button type="button" className="easy-mode" aria-pressed={!favoritesMode} onClick={() => setSubMode('recommendation')} data-testid="easy-mode-recommendation">
            {t('Recommendations')}
          </button>
          <button type="button" className="easy-mode" aria-pressed={favoritesMode} onClick={() => setSubMode('favorites')} data-testid="easy-mode-favorites">
            {t('My favorites')}
          </button>
        </div>
      </header>

      <div className="easy-now" data-testid="easy-now" data-playing={player.playing && ours ? 'true' : 'false'}>
        {current ? (
          <>
            <Cover tile={{ imageId: currentTile?.imageId ?? null, name: current.name }} size="large" />
            <div className="easy-now-text">
              <span className="easy-now-name" data-testid="easy-now-name">
                {current.name}
              </span>
              {current.artist && <span className="easy-now-artist">{current.artist}</span>}
              <span className="easy-now-time">
                {formatLength(player.currentTime, 'floor')} / {formatLength(player.duration)}
              </span>
            </div>
          </>
        ) : (
          <p className="easy-now-hint">{setTiles.length > 0 ? t('Touch a picture to listen.') : ''}</p>
        )}
        <div className="easy-controls">
          {favoritesMode && (
            <button type="button" className="easy-round" onClick={() => void previous()} disabled={!current} aria-label={t('Previous')} data-testid="easy-previous">
              <EasyIcon name="previous" />
            </button>
          )}
          {current && player.playing ? (
            <button type="button" className="easy-round easy-play" onClick={pause} aria-label={t('Pause')} data-testid="easy-pause">
              <EasyIcon name="pause" size={52} />
            </button>
          ) : (
            <button
              type="button"
              className="easy-round easy-play"
              onClick={() => (current ? resume() : startSet())}
              disabled={!current && setTiles.length === 0}
              aria-label={t('Play')}
              data-testid="easy-play"
            >
              <EasyIcon name="play" size={52} />
            </button>
          )}
          {favoritesMode && (
            <button type="button" className="easy-round" onClick={() => void next()} disabled={!current || !hasNext(player)} aria-label={t('Next')} data-testid="easy-next">
              <EasyIcon name="next" />
            </button>
          )}
        </div>
        <div className="easy-rate">
          <button
            type="button"
            className={`easy-like${rating === 1 ? ' chosen' : ''}`}
            onClick={() => void like()}
            disabled={!active || rating !== undefined || snap.busy}
            aria-pressed={rating === 1}
            data-testid="easy-like"
          >
            <EasyIcon name="like" size={36} /> {t('I like it')}
          </button>
          <button
            type="button"
            className={`easy-dislike${rating === -1 ? ' chosen' : ''}`}
            onClick={() => void dislike()}
            disabled={!active || rating !== undefined || snap.busy}
            aria-pressed={rating === -1}
            data-testid="easy-dislike"
          >
            <EasyIcon name="dislike" size={36} /> {t('I do not like it')}
          </button>
        </div>
        <p className="easy-notice" role="status" data-testid="easy-notice">
          {snap.notice ? t(snap.notice) : ''}
        </p>
      </div>

      {snap.status === 'failed' && (
        <div className="easy-empty">
          <p>{t('The music could not be loaded.')}</p>
          <button type="button" className="button-primary" onClick={() => void loadEasy(user)}>
            {t('Try again')}
          </button>
        </div>
      )}

      {!favoritesMode && (
        <TileSet
          title={t('Recommended for today')}
          set="recommendation"
          tiles={snap.recommendations}
          playingId={player.queueName === recommendationQueue ? (current?.audioFileId ?? null) : null}
          empty={snap.status === 'ready' ? t('Nothing is recommended for today.') : ''}
        />
      )}
      {showFavorites && (
        <TileSet
          title={t('My favorites')}
          set="favorites"
          tiles={snap.favorites}
          playingId={player.queueName === favoritesQueue(snap.listId) ? (current?.audioFileId ?? null) : null}
          empty={snap.status === 'ready' ? t('Touch “I like it” while a song plays, and it is saved here.') : ''}
        />
      )}
    </section>
  );
}

function TileSet({ title, set, tiles, playingId, empty }: { title: string; set: 'recommendation' | 'favorites'; tiles: readonly EasyTile[]; playingId: number | null; empty: string }) {
  const player = useSnapshot(playerState);
  return (
    <section className="easy-set" data-testid={`easy-set-${set}`}>
      <h2>{title}</h2>
      {tiles.length === 0 ? (
        <p className="easy-set-empty">{empty}</p>
      ) : (
        <ul className="easy-tiles">
          {tiles.map((tile, index) => {
            const playing = playingId === tile.audioFileId;
            return (
              <li key={tile.audioFileId}>
                <button
                  type="button"
                  className={`easy-tile${playing ? ' playing' : ''}`}
                  onClick={() => (playing ? (player.playing ? pause() : resume()) : playTile(set, index))}
                  aria-pressed={playing}
                  data-testid="easy-tile"
                >
                  <Cover tile={tile} size="tile" />
                  <span className="easy-tile-name">{tile.name}</span>
                  {tile.artist && <span className="easy-tile-artist">{tile.artist}</span>}
                  {playing && (
                    <span className="easy-tile-state" aria-hidden="true">
                      <EasyIcon name={player.playing ? 'note' : 'pause'} size={28} />
                    </span>
                  )}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
