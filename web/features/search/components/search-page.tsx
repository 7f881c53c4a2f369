import { useEffect, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { AudioFile } from '../../../../schemas/api/library.ts';
import type { Recipe } from '../../../../schemas/api/recipes.ts';
import type { CurrentUser } from '../../../../schemas/api/user.ts';
import { onNavReselect } from '../../../lib/nav-reselect.ts';
import { activeSections, musicAllowed, offeredFilters, searchTouched } from '../search-filters.ts';
import {
  clearSelection,
  loadCategories,
  resetSearch,
  search,
  setFilter,
  setQuery,
  setSearchContext,
  setSelectedCategories,
  submitSearch,
} from '../stores/search-store.ts';
import { RecipeResultSection } from './recipe-result-section.tsx';
import { SearchResultSection } from './search-result-section.tsx';
import './search.css';
import { ClearableInput } from '../../../components/widgets/clearable-input.tsx';

interface Props {
  user: CurrentUser;
  /** The favorites feature's toggle, handed in by the router so the features stay apart. */
  favoriteButton?: (file: AudioFile) => ReactNode;
  /** The same for a recipe. */
  recipeFavoriteButton?: (recipe: Recipe) => ReactNode;
  /** Shown in the SEARCH modal of the favorites page. */
  inModal?: boolean;
}

export function SearchPage({ user, favoriteButton, recipeFavoriteButton, inModal = false }: Props) {
  const { t } = useTranslation();
  const snap = useSnapshot(search);
  const config = user.config;
  const offered = offeredFilters(config);
  const sections = activeSections(snap.filters, config);

  useEffect(() => {
    setSearchContext({ config, admin: user.admin });
  }, [config, user.admin]);
  useEffect(() => {
    void loadCategories();
  }, []);
  // The Search link clicked on this page: asks, then forgets the text, categories and filters.
  // Not in the SEARCH modal, which is not the page the link shows.
  useEffect(() => {
    if (inModal) return undefined;
    return onNavReselect((route) => {
      if (route !== 'search' || !searchTouched(search)) return false;
      if (window.confirm(t('Do you want to reset the page?'))) resetSearch();
      return true;
    });
  }, [inModal, t]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    submitSearch();
  };
  const showMusicCategories = musicAllowed(config) && config.musicChannels;
  const groups = [
    { type: 'Program', label: t('Programs'), shown: true },
    { type: 'Music', label: t('Music'), shown: showMusicCategories },
  ] as const;

  return (
    <section className={inModal ? 'search-page in-modal' : 'search-page'} data-testid="search-page">
      <form className="search-form" role="search" onSubmit={submit}>
        <ClearableInput
          type="text"
          enterKeyHint="search"
          name="search-query"
          className="search-query"
          data-testid="search-input"
          aria-label={t('Search')}
          placeholder={t('Search')}
          value={snap.query}
          autoFocus
          onChange={setQuery}
        />
        <button type="submit" className="button-primary">
          {t('Search')}
        </button>
      </form>
      <fieldset className="search-filters">
        <legend className="visually-hidden">{t('Filters')}</legend>
        <FilterBox label={t('Programs')} checked={snap.filters.audioPrograms} onChange={(on) => setFilter('audioPrograms', on)} name="audioPrograms" />
        {offered.recipes && <FilterBox label={t('Recipes')} checked={snap.filters.recipes} onChange={(on) => setFilter('recipes', on)} name="recipes" />}
        {offered.musicPieces && <FilterBox label={t('Music')} checked={snap.filters.musicPieces} onChange={(on) => setFilter('musicPieces', on)} name="musicPieces" />}
      </fieldset>
      {config.showSearchCategories && (
        <div className="search-categories">
          <label htmlFor="search-categories">{t('Categories')}</label>
          <select
            id="search-categories"
            data-testid="category-select"
            multiple
            size={10}
            value={snap.selectedCategoryIds.map(String)}
            onChange={(e) => setSelectedCategories([...e.target.selectedOptions].map((option) => Number(option.value)))}
          >
            {groups
              .filter((group) => group.shown)
              .map((group) => (
                <optgroup key={group.type} label={group.label}>
                  {snap.categories
                    .filter((category) => category.type === group.type)
                    .map((category) => (
                      <option key={category.id} value={category.id}>
                        {category.name || t('(no name)')}
                      </option>
                    ))}
                </optgroup>
              ))}
          </select>
          <button type="button" data-testid="clear-selection" disabled={snap.selectedCategoryIds.length === 0} onClick={clearSelection}>
            {t('Clear Selection')}
          </button>
        </div>
      )}
      {snap.shownFor && (
        <div className="search-results">
          {sections.audioPrograms && <SearchResultSection section="programs" title={t('Programs')} favoriteButton={favoriteButton} />}
          {sections.recipes && <RecipeResultSection title={t('Recipes')} favoriteButton={recipeFavoriteButton} />}
          {sections.musicPieces && <SearchResultSection section="music" title={t('Music')} favoriteButton={favoriteButton} />}
        </div>
      )}
    </section>
  );
}

function FilterBox({ label, name, checked, onChange }: { label: string; name: string; checked: boolean; onChange: (on: boolean) => void }) {
  return (
    <label className="search-filter">
      <input type="checkbox" name={name} data-testid={`filter-${name}`} checked={checked} onChange={(e) => onChange(e.target.checked)} />
      {label}
    </label>
  );
}
