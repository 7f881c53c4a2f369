import { useCallback } from 'react';
import { Redirect } from 'wouter';
import type { CurrentUser } from '../../../../schemas/api/user.ts';
import { paths } from '../../../routes/paths.ts';
import type { RecipeButton } from '../tab-rules.ts';
import { RecipeScreen } from './recipe-screen.tsx';

// /recipes/{recipeId}/{button?} (spec 2 section 2): the recipe id is digits; anything else goes
// back to the list.

export function RecipePage({ user, recipeIdSegment, buttonSegment }: { user: CurrentUser; recipeIdSegment: string | undefined; buttonSegment: string | undefined }) {
  const recipeId = /^\d{1,9}$/.test(recipeIdSegment ?? '') ? Number(recipeIdSegment) : 0;
  const hrefOf = useCallback((button: RecipeButton | null) => paths.recipe.href(recipeId, button ?? undefined), [recipeId]);
  if (recipeId <= 0) return <Redirect to={paths.recipes.href()} replace />;
  return <RecipeScreen user={user} recipeId={recipeId} buttonSegment={buttonSegment} hrefOf={hrefOf} navRoute="recipes" />;
}
