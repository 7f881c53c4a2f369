import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import type { FavoriteAudioFile, FavoriteRecipe } from '../../../../schemas/api/favorites.ts';
import type { CurrentUser } from '../../../../schemas/api/user.ts';
import { Alert } from '../../../components/alert.tsx';
import { listPageSize } from '../../../lib/list-page-size.ts';
import { showModal } from '../../../lib/modal-stack.ts';
import { onNavReselect } from '../../../lib/nav-reselect.ts';
import { paths } from '../../../routes/paths.ts';
import { playAudioFile, playerState, type PlayableAudioFile } from '../../../lib/player/player-store.ts';
import { filterFavorites, pageSlice, reorderButtons } from '../list-rules.ts';
import { pageCount, pageOfIndex } from '../paged-list.ts';
import {
  activeListCanModify,
  ensureFavorites,
  ensurePlayable,
  favorites,
  moveFavorite,
  reloadFavorites,
  setFavorite,
  setRecipeFavorite,
  type Playable,
} from '../stores/favorites-store.ts';
import { FavoriteListTools } from './favorite-list-tools.tsx';
import { FavoriteRow } from './favorite-row.tsx';
import { PagedListNav } from './paged-list-nav.tsx';
import './favorites.css';

/** Spec 1 section 7: the favorites query of a list is named 'favorites-' plus its id. */
const queueName = (listId: number) => `favorites-${listId}`;

function playableOf(row: FavoriteAudioFile, extra: Playable | undefined, listId: number): PlayableAudioFile | null {
  if (!extra?.streamUrl) return null;
  return {
    audioFileId: row.audioFileId,
    name: row.name,
    artist: row.artist ?? row.composer,
    length: row.length,
    streamUrl: extra.streamUrl,
    type: extra.type,
    favoriteListId: listId,
  };
}

export function FavoritesPage({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const snap = useSnapshot(favorites);
  const { current, startedAt, queueName: playingQueue } = useSnapshot(playerState);
  const pageSize = listPageSize;
  const [draft, setDraft] = useState('');
  const [filter, setFilter] = useState('');
  const [page, setPage] = useState(1);
  const config = user.config;
  const canModify = activeListCanModify(snap);

  useEffect(() => {
    void ensureFavorites(user);
  }, [user]);
  // The Favorites link clicked on this page reloads it, without asking (spec 1 section 2): the
  // lists and the active list's content read again, the search box and page back to the start.
  useEffect(
    () =>
      onNavReselect((route) => {
        if (route !== 'favorites') return false;
        setDraft('');
        setFilter('');
        setPage(1);
        void reloadFavorites();
        return true;
      }),
    [],
  );
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

  const listId = snap.activeListId;
  const playable = (row: FavoriteAudioFile) => playableOf(row, snap.playable[row.audioFileId], listId);
  const play = (row: number) => {
    const item = playable(rows[row]!);
    if (!item) return;
    // The queue is the list as shown now (filter included), so later edits do not shift it.
    const list = matching;
    const offset = (shownPage - 1) * pageSize;
    playAudioFile({
      ...item,
      source: 'Favorites',
      queue: {
        name: queueName(listId),
        items: rows.map(playable),
        offset,
        index: offset + row,
        totalCount: list.length,
        pageSize,
        loadPage: async (start, limit) => {
          const slice = list.slice(start, start + limit);
          if (!(await ensurePlayable(slice.map((entry) => entry.audioFileId)))) throw new Error('Request failed');
          return slice.map((entry) => playableOf(entry, favorites.playable[entry.audioFileId], listId));
        },
      },
    });
  };
  // Continuous play and Next go on past this page: each new file shows the page holding it.
  const followed = useRef<string | null>(null);
  const playingId = current?.source === 'Favorites' && playingQueue === queueName(listId) ? current.audioFileId : null;
  useEffect(() => {
    if (playingId === null || !startedAt || followed.current === startedAt) return;
    followed.current = startedAt;
    const at = matching.findIndex((row) => row.audioFileId === playingId);
    if (at >= 0) setPage(pageOfIndex(at, pageSize));
  }, [playingId, startedAt, matching, pageSize]);
  // Changing a read-only list offers a copy instead (spec 1 sections 4 and 5).
  const offerCopy = () => showModal('EDIT_FAVORITE_LIST', { mode: 'copy', listId: snap.activeListId, cannotModifyInfo: true });
  const move = (id: number, direction: 'up' | 'down') => (canModify ? void moveFavorite(id, direction) : offerCopy());
  const remove = (id: number) => (canModify ? void setFavorite(id, false) : offerCopy());
  const removeRecipe = (id: number) => (canModify ? void setRecipeFavorite(id, false) : offerCopy());
  const search = (event: FormEvent) => {
    event.preventDefault();
    setFilter(draft);
  };
  // Overall index: up is absent only for the very first item, down for the last (spec 1 section 4).
  const overallIndex = (row: FavoriteAudioFile) => snap.items.findIndex((item) => item.audioFileId === row.audioFileId);
  const filtered = filter.trim() !== '';

  return (
    <section className="favorites-page" data-testid="favorites-page">
      <FavoriteListTools canCreate={user.config.canCreateFavoriteLists} />
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
              <RecipeRow key={recipe.recipeId} recipe={recipe} onRemove={() => removeRecipe(recipe.recipeId)} />
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

function RecipeRow({ recipe, onRemove }: { recipe: FavoriteRecipe; onRemove: () => void }) {
  const { t } = useTranslation();
  return (
    <li className="favorite-recipe" data-testid="favorite-recipe" data-recipe-id={recipe.recipeId}>
      <Link href={paths.recipe.href(recipe.recipeId)}>{recipe.name || t('(no name)')}</Link>
      <button type="button" className="remove-button" data-testid="remove-recipe-favorite" aria-label={t('Remove from favorites')} onClick={onRemove}>
        ✕
      </button>
    </li>
  );
}
