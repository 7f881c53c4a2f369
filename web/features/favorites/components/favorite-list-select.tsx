import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { defaultListId, ownerLabel } from '../list-rules.ts';
import { favorites, selectList } from '../stores/favorites-store.ts';

/** The list picker, used on the favorites page and in the footer (spec 1 section 2). */
export function FavoriteListSelect({ id, testId }: { id: string; testId: string }) {
  const { t } = useTranslation();
  const { lists, activeListId, busy } = useSnapshot(favorites);
  return (
    <select id={id} data-testid={testId} value={activeListId} disabled={busy} onChange={(e) => void selectList(Number(e.target.value))}>
      <option value={defaultListId}>{t('My favorites')}</option>
      {lists.map((list) => {
        const owner = ownerLabel(list, t('Sointu'));
        return (
          <option key={list.id} value={list.id}>
            {owner ? `${list.name} (${owner})` : list.name}
          </option>
        );
      })}
    </select>
  );
}
