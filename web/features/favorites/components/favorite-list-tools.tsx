import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { showModal } from '../../../lib/modal-stack.ts';
import { canRenameOrRemove } from '../list-rules.ts';
import { activeList, favorites, removeList } from '../stores/favorites-store.ts';
import { FavoriteListSelect } from './favorite-list-select.tsx';

/**
 * The list selector and its tools menu: new, copy, rename, remove (spec 1 section 2). New and copy
 * make a list, which needs canCreateFavoriteLists: the server refuses it otherwise.
 */
export function FavoriteListTools({ canCreate }: { canCreate: boolean }) {
  const { t } = useTranslation();
  const snap = useSnapshot(favorites);
  const menu = useRef<HTMLDetailsElement>(null);
  const editable = canRenameOrRemove(activeList(snap));
  // A tool chosen closes the menu: it opens a modal or asks, and an open menu left behind would
  // still offer the tools of the list as it was.
  const choose = (tool: () => void) => () => {
    if (menu.current) menu.current.open = false;
    tool();
  };
  const remove = () => {
    // From the store, not the render's snapshot: a rename changes only the name, which this render
    // did not read, so the snapshot would still hold the old one.
    const list = activeList(favorites);
    if (!list) return;
    if (window.confirm(t('Do you want to remove the favorite list {{name}}?', { name: list.name }))) void removeList(list.id);
  };
  return (
    <div className="favorite-list-tools">
      <label htmlFor="favorites-page-list">{t('Favorite list')}</label>
      <FavoriteListSelect id="favorites-page-list" testId="favorites-list-select" />
      <details className="list-tools-menu" data-testid="list-tools-menu" ref={menu}>
        <summary>{t('Tools')}</summary>
        <div className="list-tools-items">
          {canCreate && (
            <>
              <button type="button" data-testid="new-list" onClick={choose(() => showModal('EDIT_FAVORITE_LIST', { mode: 'new' }))}>
                {t('New list')}
              </button>
              <button
                type="button"
                data-testid="copy-list"
                onClick={choose(() => showModal('EDIT_FAVORITE_LIST', { mode: 'copy', listId: favorites.activeListId }))}
              >
                {t('Copy list')}
              </button>
            </>
          )}
          <button
            type="button"
            disabled={!editable}
            data-testid="rename-list"
            onClick={choose(() => showModal('EDIT_FAVORITE_LIST', { mode: 'rename', listId: favorites.activeListId }))}
          >
            {t('Rename list')}
          </button>
          <button type="button" disabled={!editable} data-testid="remove-list" onClick={choose(remove)}>
            {t('Remove list')}
          </button>
        </div>
      </details>
    </div>
  );
}
