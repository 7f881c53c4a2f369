import { useSnapshot } from 'valtio';
import { session } from '../features/auth/stores/session-store.ts';
import { FavoriteToggle } from '../features/favorites/components/favorite-toggle.tsx';
import { RecipeFavoriteToggle } from '../features/favorites/components/recipe-favorite-toggle.tsx';
import { SearchPage } from '../features/search/components/search-page.tsx';

/** SEARCH (spec 1 section 2): 'Search and Add Content to Favorites', the search page in a modal. */
export function SearchAndAddModal() {
  const { user: signedIn } = useSnapshot(session);
  // The user is a valtio ref: the store's own object keeps its mutable type.
  const user = signedIn ? session.user : null;
  if (!user) return null;
  return (
    <SearchPage
      user={user}
      inModal
      favoriteButton={(file) => <FavoriteToggle audioFileId={file.id} user={user} />}
      recipeFavoriteButton={(recipe) => <RecipeFavoriteToggle recipeId={recipe.id} user={user} />}
    />
  );
}
