import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { TodaysRecipe } from '../../../../schemas/api/recipes.ts';
import type { CurrentUser } from '../../../../schemas/api/user.ts';
import { paths } from '../../../routes/paths.ts';
import { getTodaysRecipe } from '../api/get-todays-recipe.ts';
import type { RecipeButton } from '../tab-rules.ts';
import { RecipeScreen } from './recipe-screen.tsx';
import './recipes.css';

// /todays-recipe/{button?} (spec 2 section 2): the recipe screen for the recipe of the user's day.
// With none timed for today (or none to be had), a friendly note leads to the recipe list.

export function TodaysRecipePage({ user, buttonSegment }: { user: CurrentUser; buttonSegment: string | undefined }) {
  const { t } = useTranslation();
  const [today, setToday] = useState<TodaysRecipe | null | 'failed'>(null);
  const hrefOf = useCallback((button: RecipeButton | null) => paths.todaysRecipe.href(button ?? undefined), []);

  useEffect(() => {
    let live = true;
    getTodaysRecipe().then(
      (answer) => live && setToday(answer),
      (error: unknown) => {
        console.warn("Today's recipe could not be loaded", error);
        if (live) setToday('failed');
      },
    );
    return () => {
      live = false;
    };
  }, []);

  if (today === null) return <section className="recipe-screen" aria-busy="true" />;
  if (today !== 'failed' && today.recipeId !== null) {
    return <RecipeScreen user={user} recipeId={today.recipeId} buttonSegment={buttonSegment} hrefOf={hrefOf} navRoute="todaysRecipe" />;
  }
  return (
    <section className="recipe-screen" data-testid="todays-recipe-empty">
      <h2>{t('Todays recipe')}</h2>
      <div className="recipes-empty-state">
        <p className="recipes-empty-title">{t('No recipe for today')}</p>
        <p>{t('When a recipe is planned for today, it appears here. Meanwhile you can choose any recipe from the list.')}</p>
        <Link href={paths.recipes.href()} className="button-primary">
          {t('Recipes')}
        </Link>
      </div>
    </section>
  );
}
