import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { FavoriteAudioFile } from '../../../../schemas/api/favorites.ts';
import { WithCover } from '../../../components/with-cover.tsx';
import { formatLength } from '../../../lib/format.ts';

export interface FavoriteRowActions {
  onPlay: (() => void) | null;
  onUp: (() => void) | null;
  onDown: (() => void) | null;
  onRemove: () => void;
}

export function FavoriteRow({ item, playing, actions }: { item: FavoriteAudioFile; playing: boolean; actions: FavoriteRowActions }) {
  const { t } = useTranslation();
  const credit = item.artist ?? item.composer;
  const row = useRef<HTMLLIElement>(null);
  // The fixed player bar must not hide what plays: the page's scroll padding keeps it clear.
  useEffect(() => {
    if (playing) row.current?.scrollIntoView({ block: 'nearest' });
  }, [playing]);
  return (
    <li ref={row} className={playing ? 'favorite-row playing' : 'favorite-row'} data-testid="favorite-row" data-audio-file-id={item.audioFileId}>
      <button
        type="button"
        className="play-button"
        data-testid="play-button"
        disabled={!actions.onPlay}
        aria-label={t('Play')}
        onClick={actions.onPlay ?? undefined}
      >
        ▶
      </button>
      <WithCover imageId={item.imageId}>
        <div className="favorite-title">
          <span className="favorite-name">{item.name || t('(no name)')}</span>
          {credit && <span className="favorite-artist">{credit}</span>}
        </div>
      </WithCover>
      <span className="favorite-length">{formatLength(item.length)}</span>
      <div className="favorite-order">
        {/* An empty slot keeps the buttons of every row in the same columns. */}
        {actions.onUp ? (
          <button type="button" data-testid="up-button" aria-label={t('Move up')} onClick={actions.onUp}>
            ▲
          </button>
        ) : (
          <span className="order-slot" />
        )}
        {actions.onDown ? (
          <button type="button" data-testid="down-button" aria-label={t('Move down')} onClick={actions.onDown}>
            ▼
          </button>
        ) : (
          <span className="order-slot" />
        )}
      </div>
      <button type="button" className="remove-button" data-testid="remove-favorite" aria-label={t('Remove from favorites')} onClick={actions.onRemove}>
        ✕
      </button>
    </li>
  );
}
