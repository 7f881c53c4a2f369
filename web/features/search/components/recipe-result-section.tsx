import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import type { Recipe } from '../../../../schemas/api/recipes.ts';
import { Pager } from '../../../components/data-table/pager.tsx';
import { paths } from '../../../routes/paths.ts';
import { descriptionLine } from '../recipe-text.ts';
import { goToPage, search, searchPageSize } from '../stores/search-store.ts';
import { NameList } from '../../../components/widgets/name-list.tsx';
import { showModal } from '../../../lib/modal-stack.ts';

interface Props {
  title: string;
  /** The favorites feature's recipe toggle, handed in by the router so the features stay apart. */
  favoriteButton?: (recipe: Recipe) => ReactNode;
}

/** Recipes matching the search text (spec 1 section 2), each with its favorite toggle. */
export function RecipeResultSection({ title, favoriteButton }: Props) {
  const { t } = useTranslation();
  const result = useSnapshot(search).recipes;
  const items = search.recipes.items;
  return (
    <section className="search-section" data-testid="search-section-recipes" aria-busy={result.busy}>
      <h2>
        {title} <span className="search-count">({result.totalCount})</span>
      </h2>
      {result.failed && <p className="search-empty">{t('Request failed')}</p>}
      {!result.busy && !result.failed && result.items.length === 0 && <p className="search-empty">{t('No results')}</p>}
      <ol className="search-rows">
        {items.map((recipe) => (
          <li key={recipe.id} className="search-row recipe-row" data-testid="recipe-row" data-recipe-id={recipe.id}>
            <div className="search-title">
              <Link href={paths.recipe.href(recipe.id)} className="search-name">
                {recipe.name || t('(no name)')}
              </Link>
              {recipe.description &&
                (descriptionLine(recipe.description) !== descriptionLine(recipe.description, Infinity) ? (
                  // Cut at 100 characters: the whole description opens in a window.
                  <button
                    type="button"
                    className="link-button search-meta"
                    data-testid="recipe-description-more"
                    onClick={() => showModal('SHOW_HTML_CONTENT', { title: recipe.name, html: recipe.description })}
                  >
                    {descriptionLine(recipe.description)}
                  </button>
                ) : (
                  <span className="search-meta">{descriptionLine(recipe.description)}</span>
                ))}
              {recipe.foundInRecipe.length > 0 && (
                <span className="search-meta" data-testid="found-in-recipe">
                  {t('Found in recipe')}: <NameList names={recipe.foundInRecipe} />
                </span>
              )}
            </div>
            {favoriteButton?.(recipe)}
          </li>
        ))}
      </ol>
      <Pager pageIndex={result.pageIndex} pageCount={Math.ceil(result.totalCount / searchPageSize)} onPage={(page) => goToPage('recipes', page)} />
    </section>
  );
}
