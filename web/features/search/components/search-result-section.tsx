import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { AudioFile } from '../../../../schemas/api/library.ts';
import { Pager } from '../../../components/data-table/pager.tsx';
import { WithCover } from '../../../components/with-cover.tsx';
import { formatLength } from '../../../lib/format.ts';
import { playAudioFile, playerState, type PlayableAudioFile } from '../../../lib/player/player-store.ts';
import { goToPage, search, searchPageSize, sectionPageLoader, sectionQueueName, type SectionName } from '../stores/search-store.ts';

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
  favoriteButton?: (file: AudioFile) => ReactNode;
}

export function SearchResultSection({ section, title, favoriteButton }: Props) {
  const { t } = useTranslation();
  const snap = useSnapshot(search);
  const result = snap[section];
  const { current, startedAt, queueName, index } = useSnapshot(playerState);
  // The snapshot tracks the rows; the store's own rows keep their mutable types for the player.
  const shownCount = result.items.length;
  const items = search[section].items;
  const ownQueue = current?.source === 'Search' && queueName === sectionQueueName(section, snap.shownFor);

  // Continuous play and Next go on past this page: each new file shows the page holding it.
  const followed = useRef<string | null>(null);
  useEffect(() => {
    if (!ownQueue || !startedAt || followed.current === startedAt) return;
    followed.current = startedAt;
    const page = Math.floor(index / searchPageSize);
    if (page !== search[section].pageIndex) goToPage(section, page);
  }, [ownQueue, startedAt, index, section]);

  const play = (file: AudioFile, row: number) => {
    const item = playable(file);
    if (!item) return;
    const offset = search[section].pageIndex * searchPageSize;
    const loadPage = sectionPageLoader(section);
    playAudioFile({
      ...item,
      source: 'Search',
      queue: {
        name: sectionQueueName(section, search.shownFor),
        items: items.map(playable),
        offset,
        index: offset + row,
        totalCount: search[section].totalCount,
        pageSize: searchPageSize,
        loadPage: async (start, limit) => (await loadPage(start, limit)).map(playable),
      },
    });
  };
  return (
    <section className="search-section" data-testid={`search-section-${section}`} aria-busy={result.busy}>
      <h2>
        {title} <span className="search-count">({result.totalCount})</span>
      </h2>
      {result.failed && <p className="search-empty">{t('Request failed')}</p>}
      {!result.busy && !result.failed && shownCount === 0 && <p className="search-empty">{t('No results')}</p>}
      <ol className="search-rows">
        {items.map((file, row) => (
          <SearchRow key={file.id} file={file} playing={current?.source === 'Search' && current.audioFileId === file.id}>
            <button
              type="button"
              className="play-button"
              data-testid="play-button"
              aria-label={t('Play')}
              disabled={!file.streamUrl}
              onClick={() => play(file, row)}
            >
              ▶
            </button>
            <WithCover imageId={file.imageId}>
              <div className="search-title">
                <span className="search-name">{file.name || t('(no name)')}</span>
                <span className="search-meta">
                  {[file.artist ?? file.composer, ...file.categories.map((category) => category.categoryName)].filter(Boolean).join(' · ')}
                </span>
              </div>
            </WithCover>
            <span className="search-length">{formatLength(file.length)}</span>
            {favoriteButton?.(file)}
          </SearchRow>
        ))}
      </ol>
      <Pager pageIndex={result.pageIndex} pageCount={Math.ceil(result.totalCount / searchPageSize)} onPage={(page) => goToPage(section, page)} />
    </section>
  );
}

function SearchRow({ file, playing, children }: { file: AudioFile; playing: boolean; children: ReactNode }) {
  const row = useRef<HTMLLIElement>(null);
  // The fixed player bar must not hide what plays: the page's scroll padding keeps it clear.
  useEffect(() => {
    if (playing) row.current?.scrollIntoView({ block: 'nearest' });
  }, [playing]);
  return (
    <li ref={row} className={playing ? 'search-row playing' : 'search-row'} data-testid="search-row" data-audio-file-id={file.id}>
      {children}
    </li>
  );
}
