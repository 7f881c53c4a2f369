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
  const list = activeList(snap);
  const editable = canRenameOrRemove(list);
  const remove = () => {
    if (!list) return;
    if (window.confirm(t('Do you want to remove the favorite list {{name}}?', { name: list.name }))) void removeList(list.id);
  };
  return (
    <div className="favorite-list-tools">
      <label htmlFor="favorites-page-list">{t('Favorite list')}</label>
      <FavoriteListSelect id="favorites-page-list" testId="favorites-list-select" />
      <details className="list-tools-menu" data-testid="list-tools-menu">
        <summary>{t('Tools')}</summary>
        <div className="list-tools-items">
          {canCreate && (
            <>
              <button type="button" data-testid="new-list" onClick={() => showModal('EDIT_FAVORITE_LIST', { mode: 'new' })}>
                {t('New list')}
              </button>
              <button
                type="button"
                data-testid="copy-list"
                onClick={() => showModal('EDIT_FAVORITE_LIST', { mode: 'copy', listId: snap.activeListId })}
              >
                {t('Copy list')}
              </button>
            </>
          )}
          <button
            type="button"
            disabled={!editable}
            data-testid="rename-list"
            onClick={() => showModal('EDIT_FAVORITE_LIST', { mode: 'rename', listId: snap.activeListId })}
          >
            {t('Rename list')}
          </button>
          <button type="button" disabled={!editable} data-testid="remove-list" onClick={remove}>
            {t('Remove list')}
          </button>
        </div>
      </details>
    </div>
  );
}
