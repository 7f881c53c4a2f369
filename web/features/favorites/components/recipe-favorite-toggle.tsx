import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { CurrentUser } from '../../../../schemas/api/user.ts';
import { showModal } from '../../../lib/modal-stack.ts';
import { showFavoriteButton } from '../list-rules.ts';
import { activeListCanModify, ensureFavorites, favorites, setRecipeFavorite } from '../stores/favorites-store.ts';
import './favorites.css';

/**
 * Adds a recipe to the active list or takes it out; on a read-only list it offers a copy holding
 * the recipe (spec 1 sections 4 and 5). Other pages get it through the router, not by import.
 */
export function RecipeFavoriteToggle({ recipeId, user }: { recipeId: number; user: CurrentUser }) {
  const { t } = useTranslation();
  const snap = useSnapshot(favorites);
  useEffect(() => {
    void ensureFavorites(user);
  }, [user]);
  const canModify = activeListCanModify(snap);
  if (!showFavoriteButton(user.config, canModify)) return null;
  const member = snap.recipes.some((recipe) => recipe.recipeId === recipeId);
  const toggle = () => {
    if (canModify) void setRecipeFavorite(recipeId, !member);
    else showModal('EDIT_FAVORITE_LIST', { mode: 'copy', listId: snap.activeListId, cannotModifyInfo: true, addRecipeId: recipeId });
  };
  return (
    <button
      type="button"
      className={member ? 'favorite-toggle on' : 'favorite-toggle'}
      data-testid="recipe-favorite-toggle"
      aria-pressed={member}
      aria-label={member ? t('Remove from favorites') : t('Add to favorites')}
      disabled={snap.busy}
      onClick={toggle}
    >
      {member ? '★' : '☆'}
    </button>
  );
}
