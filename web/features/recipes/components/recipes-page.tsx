import { useEffect, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import type { Recipe } from '../../../../schemas/api/recipes.ts';
import type { CurrentUser } from '../../../../schemas/api/user.ts';
import { Pager } from '../../../components/data-table/pager.tsx';
import { listPageSize } from '../../../lib/list-page-size.ts';
import { onNavReselect } from '../../../lib/nav-reselect.ts';
import { paths } from '../../../routes/paths.ts';
import { goToRecipePage, loadRecipeList, recipeList, recipeListChanged, resetRecipeList, searchRecipes, setSearchText, setSortByInsertionTime } from '../stores/recipe-list-store.ts';
import { shortDescription } from '../tab-rules.ts';
import './recipes.css';
import { NameList } from '../../../components/widgets/name-list.tsx';

// The recipe list (spec 2 section 2): paged rows with name, description, favorite list name and
// the audio files the search found in the recipe; a search field and button, "Recipes - Sort by
// insertion time", and a link to the search page. A row opens the recipe.

export function RecipesPage({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const snap = useSnapshot(recipeList);

  useEffect(() => {
    void loadRecipeList();
  }, []);

  useEffect(
    () =>
      onNavReselect((route) => {
        if (route !== 'recipes' || !recipeListChanged()) return false;
        if (window.confirm(t('Do you want to reset the page?'))) void resetRecipeList();
        return true;
      }),
    [t],
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void searchRecipes();
  };

  return (
    <section className="recipes-page" data-testid="recipes-page" aria-busy={snap.status === 'loading'}>
      <h2>{t('Recipes')}</h2>
      <form className="recipes-search" role="search" onSubmit={submit}>
        <input
          type="search"
          name="recipe-query"
          data-testid="recipes-search-input"
          aria-label={t('Search')}
          placeholder={t('Search')}
          value={snap.text}
          onChange={(e) => setSearchText(e.target.value)}
        />
        <button type="submit" className="button-primary" data-testid="recipes-search-button">
          {t('Search')}
        </button>
      </form>
      <div className="recipes-tools">
        <label className="recipes-sort">
          <input type="checkbox" data-testid="recipes-sort" checked={snap.sortByInsertionTime} onChange={(e) => void setSortByInsertionTime(e.target.checked)} />
          {t('Recipes - Sort by insertion time')}
        </label>
        {user.config.search && (
          <Link href={paths.search.href()} data-testid="recipes-search-all">
            {t('Search from all content')}
          </Link>
        )}
      </div>
      {snap.status === 'failed' && (
        <p className="recipes-empty" role="alert">
          {t('Request failed')}{' '}
          <button type="button" onClick={() => void loadRecipeList()}>
            {t('Try again')}
          </button>
        </p>
      )}
      {snap.status === 'ready' && snap.items.length === 0 && <p className="recipes-empty">{t('No results')}</p>}
      <ol className="recipes-rows">
        {recipeList.items.map((item) => (
          <RecipeRow key={item.id} recipe={item} />
        ))}
      </ol>
      <Pager pageIndex={snap.pageIndex} pageCount={Math.ceil(snap.totalCount / listPageSize)} onPage={(page) => void goToRecipePage(page)} />
    </section>
  );
}

function RecipeRow({ recipe }: { recipe: Recipe }) {
  const { t } = useTranslation();
  const lists = recipe.favoriteLists.map((list) => list.name ?? t('My favorites'));
  return (
    <li className="recipes-row" data-testid="recipes-row" data-recipe-id={recipe.id}>
      <Link href={paths.recipe.href(recipe.id)} className="recipes-row-link">
        <span className="recipes-name">{recipe.name || t('(no name)')}</span>
        {recipe.description && <span className="recipes-meta">{shortDescription(recipe.description)}</span>}
        {lists.length > 0 && (
          <span className="recipes-meta" data-testid="recipes-favorite-lists">
            {t('Favorite list')}: {lists.join(', ')}
          </span>
        )}
        {recipe.foundInRecipe.length > 0 && (
          <span className="recipes-meta" data-testid="recipes-found-in-recipe">
            {t('Found in recipe')}: <NameList names={recipe.foundInRecipe} />
          </span>
        )}
      </Link>
    </li>
  );
}
