import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Alert } from '../../../components/alert.tsx';
import { hideModal } from '../../../lib/modal-stack.ts';
import { editFavoriteListPropsOf, type EditFavoriteListProps } from '../edit-favorite-list-props.ts';
import { copyName, descriptionHtml, descriptionText } from '../list-rules.ts';
import { copyList, createList, favorites, renameList } from '../stores/favorites-store.ts';
import './favorites.css';

// EDIT_FAVORITE_LIST (spec 1 sections 2 and 4): new, copy or rename. Options copy and
// cannotModifyInfo (both default false); it closes once the post has a result.

const titles = { new: 'New favorite list', copy: 'Copy favorite list', rename: 'Rename favorite list' } as const;

export function EditFavoriteListModal({ props }: { props: Record<string, unknown> }) {
  const parsed = editFavoriteListPropsOf(props);
  return parsed ? <EditFavoriteListForm {...parsed} /> : null;
}

function EditFavoriteListForm({ mode, listId, cannotModifyInfo, addAudioFileId, addRecipeId }: EditFavoriteListProps) {
  const { t } = useTranslation();
  const { lists, busy, error } = useSnapshot(favorites);
  const source = lists.find((list) => list.id === listId);
  const sourceName = source?.name ?? t('My favorites');
  const [name, setName] = useState(() => (mode === 'copy' ? copyName(t('%s (copy)'), sourceName) : mode === 'rename' ? sourceName : ''));
  const originalDescription = mode === 'new' ? '' : (source?.description ?? '');
  const [description, setDescription] = useState(() => descriptionText(originalDescription));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (trimmed === '') return;
    const html = descriptionHtml(description, originalDescription);
    const done =
      mode === 'new'
        ? await createList(trimmed, html)
        : mode === 'copy'
          ? await copyList(listId ?? 0, trimmed, html, { audioFileId: addAudioFileId, recipeId: addRecipeId })
          : await renameList(listId ?? 0, trimmed, html);
    if (done) hideModal();
  };
  return (
    <form className="edit-favorite-list" onSubmit={(e) => void submit(e)} data-testid="edit-favorite-list">
      <h2>{t(titles[mode])}</h2>
      {cannotModifyInfo && (
        <Alert kind="info">
          {t('This favorite list cannot be modified, but you can make a copy and then modify it. Please give a name for the copy.')}
        </Alert>
      )}
      {error && <Alert kind="error">{t(error)}</Alert>}
      <label>
        {t('Name')}
        <input name="name" value={name} maxLength={200} autoFocus onChange={(e) => setName(e.target.value)} />
      </label>
      <label>
        {t('Description')}
        <textarea name="description" value={description} rows={3} onChange={(e) => setDescription(e.target.value)} />
      </label>
      <div className="modal-actions">
        <button type="button" onClick={hideModal}>
          {t('Cancel')}
        </button>
        <button type="submit" className="button-primary" disabled={busy || name.trim() === ''}>
          {t('Save')}
        </button>
      </div>
    </form>
  );
}
