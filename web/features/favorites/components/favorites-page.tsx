import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import type { FavoriteAudioFile } from '../../../../schemas/api/favorites.ts';
import type { CurrentUser } from '../../../../schemas/api/user.ts';
import { Alert } from '../../../components/alert.tsx';
import { useResultsCount } from '../../../components/data-table/use-results-count.ts';
import { showModal } from '../../../lib/modal-stack.ts';
import { paths } from '../../../routes/paths.ts';
import { playAudioFile, playerState, type PlayableAudioFile } from '../../player/stores/player-store.ts';
import { filterFavorites, pageSlice, reorderButtons } from '../list-rules.ts';
import { pageCount } from '../paged-list.ts';
import { activeListCanModify, ensureFavorites, ensurePlayable, favorites, moveFavorite, setFavorite } from '../stores/favorites-store.ts';
import { FavoriteListTools } from './favorite-list-tools.tsx';
import { FavoriteRow } from './favorite-row.tsx';
import { PagedListNav } from './paged-list-nav.tsx';
import './favorites.css';

export function FavoritesPage({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const snap = useSnapshot(favorites);
  const { current } = useSnapshot(playerState);
  const pageSize = useResultsCount();
  const [draft, setDraft] = useState('');
  const [filter, setFilter] = useState('');
  const [page, setPage] = useState(1);
  const config = user.config;
  const canModify = activeListCanModify(snap);

  useEffect(() => {
    void ensureFavorites(user);
  }, [user]);
  // A new list or a new filter starts from its first page.
  useEffect(() => setPage(1), [snap.activeListId, filter]);

  const matching = useMemo(() => filterFavorites(snap.items, filter), [snap.items, filter]);
  const pages = pageCount(matching.length, pageSize);
  const shownPage = Math.min(page, Math.max(1, pages));
  const rows = pageSlice(matching, shownPage, pageSize);
  const rowIds = rows.map((row) => row.audioFileId).join(',');
  useEffect(() => {
    if (rowIds) void ensurePlayable(rowIds.split(',').map(Number));
  }, [rowIds]);

  const playable = (row: FavoriteAudioFile): PlayableAudioFile | null => {
    const extra = snap.playable[row.audioFileId];
    if (!extra?.streamUrl) return null;
    return {
      audioFileId: row.audioFileId,
      name: row.name,
      artist: row.artist ?? row.composer,
      length: row.length,
      streamUrl: extra.streamUrl,
      type: extra.type,
      favoriteListId: snap.activeListId,
    };
  };
  const play = (index: number) => {
    const items = rows.map(playable);
    const item = items[index];
    if (!item) return;
    const queue = items.filter((entry): entry is PlayableAudioFile => entry !== null);
    playAudioFile({ ...item, source: 'Favorites', queue: { items: queue, index: queue.indexOf(item) } });
  };
  // Changing a read-only list offers a copy instead (spec 1 sections 4 and 5).
  const offerCopy = () => showModal('EDIT_FAVORITE_LIST', { mode: 'copy', listId: snap.activeListId, cannotModifyInfo: true });
  const move = (id: number, direction: 'up' | 'down') => (canModify ? void moveFavorite(id, direction) : offerCopy());
  const remove = (id: number) => (canModify ? void setFavorite(id, false) : offerCopy());
  const search = (event: FormEvent) => {
    event.preventDefault();
    setFilter(draft);
  };
  // Overall index: up is absent only for the very first item, down for the last (spec 1 section 4).
  const overallIndex = (row: FavoriteAudioFile) => snap.items.findIndex((item) => item.audioFileId === row.audioFileId);
  const filtered = filter.trim() !== '';

  return (
    <section className="favorites-page" data-testid="favorites-page">
      <FavoriteListTools />
      <form className="favorites-search" role="search" onSubmit={search}>
        <input
          type="search"
          name="favorites-query"
          aria-label={t('Search')}
          placeholder={t('Search')}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
        />
        <button type="submit">{t('Search')}</button>
        <Link href={paths.search.href()} className="search-all-link">
          {t('Search from all content')}
        </Link>
      </form>
      {snap.error && <Alert kind="error">{t(snap.error)}</Alert>}
      <h2>{t('Music and Programs')}</h2>
      {snap.loaded && rows.length === 0 ? (
        <p className="favorites-empty" data-testid="favorites-empty">
          {t('No favorites in this list.')}
        </p>
      ) : (
        <ol className="favorite-rows">
          {rows.map((row, index) => {
            const position = overallIndex(row);
            const buttons = reorderButtons(position, snap.items.length);
            return (
              <FavoriteRow
                key={row.audioFileId}
                item={row}
                playing={current?.source === 'Favorites' && current.audioFileId === row.audioFileId}
                actions={{
                  onPlay: playable(row) ? () => play(index) : null,
                  // Reordering a filtered view would move past hidden rows; order only the whole list.
                  onUp: !filtered && buttons.up ? () => move(row.audioFileId, 'up') : null,
                  onDown: !filtered && buttons.down ? () => move(row.audioFileId, 'down') : null,
                  onRemove: () => remove(row.audioFileId),
                }}
              />
            );
          })}
        </ol>
      )}
      <PagedListNav page={shownPage} pageCount={pages} onPage={setPage} />
      {config.mode !== 'rikssvenska' && config.recipes && snap.recipes.length > 0 && (
        <>
          <h2>{t('Recipes')}</h2>
          <ul className="favorite-recipes" data-testid="favorite-recipes">
            {snap.recipes.map((recipe) => (
              <li key={recipe.recipeId}>
                <Link href={paths.recipe.href(recipe.recipeId)}>{recipe.name || t('(no name)')}</Link>
              </li>
            ))}
          </ul>
        </>
      )}
      {config.contentSearchModal && (
        <div className="favorites-add">
          <button type="button" className="button-primary" disabled={!canModify} data-testid="search-and-add" onClick={() => showModal('SEARCH')}>
            {t('Search and Add Content to Favorites')}
          </button>
          {!canModify && <p className="favorites-note">{t('You can modify only those favorite lists made by you.')}</p>}
        </div>
      )}
    </section>
  );
}
