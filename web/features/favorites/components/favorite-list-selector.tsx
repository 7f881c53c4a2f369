import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '../../../../schemas/api/user.ts';
import { listIdFromHash } from '../hash-list-id.ts';
import { defaultListId } from '../list-rules.ts';
import { ensureFavorites, favorites, selectList } from '../stores/favorites-store.ts';
import { FavoriteListSelect } from './favorite-list-select.tsx';

/** The bottom favorite list selector of the footer (flag favoriteLists). */
export function FavoriteListSelector({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  useEffect(() => {
    // A list named in the location hash becomes the active one (spec 1 section 2).
    const followHash = () => {
      const listId = listIdFromHash(window.location.hash);
      const known = listId === defaultListId || favorites.lists.some((list) => list.id === listId);
      if (listId !== null && known && listId !== favorites.activeListId) void selectList(listId);
    };
    void ensureFavorites(user).then(followHash);
    window.addEventListener('hashchange', followHash);
    return () => window.removeEventListener('hashchange', followHash);
  }, [user]);
  return (
    <div className="favorite-list-selector">
      <label htmlFor="favorite-list">{t('Favorite list')}</label>
      <FavoriteListSelect id="favorite-list" testId="bottom-list-selector" />
    </div>
  );
}
