import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { AudioFile } from '../../../../schemas/api/library.ts';
import { Pager } from '../../../components/data-table/pager.tsx';
import { playAudioFile, playerState, type PlayableAudioFile } from '../../player/stores/player-store.ts';
import { formatLength } from '../format-length.ts';
import { goToPage, search, type SectionName } from '../stores/search-store.ts';

/** The file's main category: the highest priority (what reports count it under). */
function mainCategoryId(file: AudioFile): number | null {
  const [main] = [...file.categories].sort((a, b) => b.priority - a.priority);
  return main?.categoryId ?? null;
}

function playable(file: AudioFile): PlayableAudioFile | null {
  if (!file.streamUrl) return null;
  return {
    audioFileId: file.id,
    name: file.name,
    artist: file.artist ?? file.composer,
    length: file.length,
    streamUrl: file.streamUrl,
    type: file.type,
    categoryId: mainCategoryId(file),
  };
}

interface Props {
  section: SectionName;
  title: string;
  pageSize: number;
  favoriteButton?: (file: AudioFile) => ReactNode;
}

export function SearchResultSection({ section, title, pageSize, favoriteButton }: Props) {
  const { t } = useTranslation();
  const result = useSnapshot(search)[section];
  const { current } = useSnapshot(playerState);
  // The snapshot tracks the rows; the store's own rows keep their mutable types for the player.
  const shownCount = result.items.length;
  const items = search[section].items;
  const play = (file: AudioFile) => {
    const item = playable(file);
    if (!item) return;
    const queue = items.map(playable).filter((entry): entry is PlayableAudioFile => entry !== null);
    playAudioFile({ ...item, source: 'Search', queue: { items: queue, index: queue.findIndex((entry) => entry.audioFileId === file.id) } });
  };
  return (
    <section className="search-section" data-testid={`search-section-${section}`} aria-busy={result.busy}>
      <h2>
        {title} <span className="search-count">({result.totalCount})</span>
      </h2>
      {result.failed && <p className="search-empty">{t('Request failed')}</p>}
      {!result.busy && !result.failed && shownCount === 0 && <p className="search-empty">{t('No results')}</p>}
      <ol className="search-rows">
        {items.map((file) => (
          <li
            key={file.id}
            className={current?.source === 'Search' && current.audioFileId === file.id ? 'search-row playing' : 'search-row'}
            data-testid="search-row"
            data-audio-file-id={file.id}
          >
            <button
              type="button"
              className="play-button"
              data-testid="play-button"
              aria-label={t('Play')}
              disabled={!file.streamUrl}
              onClick={() => play(file)}
            >
              ▶
            </button>
            <div className="search-title">
              <span className="search-name">{file.name || t('(no name)')}</span>
              <span className="search-meta">
                {[file.artist ?? file.composer, ...file.categories.map((category) => category.categoryName)].filter(Boolean).join(' · ')}
              </span>
            </div>
            <span className="search-length">{formatLength(file.length)}</span>
            {favoriteButton?.(file)}
          </li>
        ))}
      </ol>
      <Pager pageIndex={result.pageIndex} pageCount={Math.ceil(result.totalCount / pageSize)} onPage={(index) => goToPage(section, index)} />
    </section>
  );
}
