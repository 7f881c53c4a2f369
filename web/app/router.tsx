import { Suspense, type ReactNode } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import type { CurrentUser } from '../../schemas/api/user.ts';
import { FavoriteToggle } from '../features/favorites/components/favorite-toggle.tsx';
import { RecipeFavoriteToggle } from '../features/favorites/components/recipe-favorite-toggle.tsx';
import { isRouteAllowed, paths, rootRedirect, type RouteName } from '../routes/paths.ts';
import { NoPagePanel } from './shell/no-page-panel.tsx';
import { publicReportOnly } from './shell/shell-parts.ts';
import { PageLoading } from '../components/page-loading.tsx';
import { lazyNamed } from '../lib/lazy-named.ts';
import { preloadCharts } from '../components/charts/lazy-charts.tsx';

// Each page is its own script, fetched when its route first renders (issue 21 item 3): the first
// screen of a tablet does not wait for the reports' charts or the operators' screens.
const ActivitiesTab = lazyNamed(() => import('../features/activities/components/activities-tab.tsx'), 'ActivitiesTab');
const EasyPage = lazyNamed(() => import('../features/easy/components/easy-page.tsx'), 'EasyPage');
const MessagePage = lazyNamed(() => import('../features/message/components/message-page.tsx'), 'MessagePage');
const FavoritesPage = lazyNamed(() => import('../features/favorites/components/favorites-page.tsx'), 'FavoritesPage');
const GamesPage = lazyNamed(() => import('../features/messages/components/games-page.tsx'), 'GamesPage');
const MessagesPage = lazyNamed(() => import('../features/messages/components/messages-page.tsx'), 'MessagesPage');
const SearchPage = lazyNamed(() => import('../features/search/components/search-page.tsx'), 'SearchPage');
// The report pages' charts chunk is asked for beside the page's own, not once the page runs: on a
// slow line that wait was a round trip and the chunk's download in a row (bench:tablet).
const PublicReportPage = lazyNamed(() => {
  void preloadCharts();
  return import('../features/public-report/components/public-report-page.tsx');
}, 'PublicReportPage');
const RecipePage = lazyNamed(() => import('../features/recipes/components/recipe-page.tsx'), 'RecipePage');
const RecipesPage = lazyNamed(() => import('../features/recipes/components/recipes-page.tsx'), 'RecipesPage');
const TodaysRecipePage = lazyNamed(() => import('../features/recipes/components/todays-recipe-page.tsx'), 'TodaysRecipePage');
const ReportsPage = lazyNamed(() => {
  void preloadCharts();
  return import('../features/reports/components/reports-page.tsx');
}, 'ReportsPage');
const RebuildPage = lazyNamed(() => import('../features/rebuild/components/rebuild-page.tsx'), 'RebuildPage');
const AdminConsolePage = lazyNamed(() => import('../features/admin-console/components/admin-console-page.tsx'), 'AdminConsolePage');
const LibraryAdminPage = lazyNamed(() => import('../features/library-admin/components/library-admin-page.tsx'), 'LibraryAdminPage');
const ResidentsTab = lazyNamed(() => import('../features/residents/components/residents-tab.tsx'), 'ResidentsTab');
const TodaysMessagesPage = lazyNamed(() => import('../features/todays-messages/components/todays-messages-page.tsx'), 'TodaysMessagesPage');
const MsgsPage = lazyNamed(() => import('../features/msgs/components/msgs-page.tsx'), 'MsgsPage');
const MusicChannelsPage = lazyNamed(() => import('../features/music-channels/components/music-channels-page.tsx'), 'MusicChannelsPage');
const SettingsPage = lazyNamed(() => import('../features/settings/components/settings-page.tsx'), 'SettingsPage');
const UsersPage = lazyNamed(() => import('../features/users/components/users-page.tsx'), 'UsersPage');

/** Renders the page if the user's flag allows the route; otherwise back to the root (spec 1 section 2). */
function Guarded({ name, user, children }: { name: RouteName; user: CurrentUser; children: ReactNode }) {
  return isRouteAllowed(name, user.config) ? <>{children}</> : <Redirect to={paths.root.path} replace />;
}

export function AppRoutes({ user }: { user: CurrentUser }) {
  return (
    <Suspense fallback={<PageLoading />}>
      <PageRoutes user={user} />
    </Suspense>
  );
}

function PageRoutes({ user }: { user: CurrentUser }) {
  // A public-report token session may read nothing but the public report (spec 3 section 6).
  if (user.publicReport) return <PublicReportPage user={user} />;
  // Nor may a showOnlyPublicReport login, whose other calls the server refuses: every address leads
  // to its report (spec 1 section 2 puts it first in the root redirect).
  if (publicReportOnly(user)) {
    return (
      <Switch>
        <Route path={paths.publicReport.path}>
          <PublicReportPage user={user} />
        </Route>
        <Route>
          <Redirect to={paths.publicReport.path} replace />
        </Route>
      </Switch>
    );
  }
  // An operator with no unit page of their own lands on the operators' screen.
  const root = rootRedirect(user.config) ?? (user.operator ? paths.rebuild.path : null);
  return (
    <Switch>
      <Route path={paths.reports.path}>
        <Guarded name="reports" user={user}>
          <ReportsPage user={user} />
        </Guarded>
      </Route>
      <Route path={paths.rebuild.path}>
        {user.operator ? <RebuildPage /> : <Redirect to={paths.root.path} replace />}
      </Route>
      <Route path={paths.libraryAdmin.path}>
        {user.operator ? <LibraryAdminPage /> : <Redirect to={paths.root.path} replace />}
      </Route>
      <Route path={paths.adminConsole.path}>
        {(params: { entity?: string }) =>
          user.operator ? (
            <AdminConsolePage entity={params.entity} />
          ) : (
            <Redirect to={paths.root.path} replace />
          )
        }
      </Route>
      <Route path={paths.publicReport.path}>
        <Guarded name="publicReport" user={user}>
          <PublicReportPage user={user} />
        </Guarded>
      </Route>
      <Route path={paths.root.path}>{root ? <Redirect to={root} replace /> : <NoPagePanel />}</Route>
      {(['settings', 'residents', 'activities'] as const).map((name) => (
        <Route key={name} path={paths[name].path}>
          <Guarded name={name} user={user}>
            <SettingsPage config={user.config} userId={user.id} tab={name} administeredUnits={user.adminOfUsers}>
              {name === 'residents' ? <ResidentsTab config={user.config} /> : name === 'activities' ? <ActivitiesTab config={user.config} /> : null}
            </SettingsPage>
          </Guarded>
        </Route>
      ))}
      <Route path={paths.users.path}>
        <Guarded name="users" user={user}>
          <SettingsPage config={user.config} userId={user.id} tab="users">
            <UsersPage user={user} />
          </SettingsPage>
        </Guarded>
      </Route>
      <Route path={paths.recipes.path}>
        <Guarded name="recipes" user={user}>
          <RecipesPage user={user} />
        </Guarded>
      </Route>
      <Route path={paths.recipe.path}>
        {(params: { recipeId?: string; button?: string }) => (
          <Guarded name="recipe" user={user}>
            <RecipePage user={user} recipeIdSegment={params.recipeId} buttonSegment={params.button} />
          </Guarded>
        )}
      </Route>
      <Route path={paths.todaysRecipe.path}>
        {(params: { button?: string }) => (
          <Guarded name="todaysRecipe" user={user}>
            <TodaysRecipePage user={user} buttonSegment={params.button} />
          </Guarded>
        )}
      </Route>
      <Route path={paths.favorites.path}>
        <Guarded name="favorites" user={user}>
          <FavoritesPage user={user} />
        </Guarded>
      </Route>
      {/* The messages screens. */}
      {(
        [
          ['messages', 'received'],
          ['sentMessages', 'sent'],
          ['drafts', 'drafts'],
        ] as const
      ).map(([name, tab]) => (
        <Route key={name} path={paths[name].path}>
          <Guarded name={name} user={user}>
            <MessagesPage user={user} tab={tab} />
          </Guarded>
        </Route>
      ))}
      <Route path={paths.easy.path}>
        <EasyPage user={user} />
      </Route>
      <Route path={paths.games.path}>
        <GamesPage />
      </Route>
      <Route path={paths.todaysMessages.path}>
        <Guarded name="todaysMessages" user={user}>
          <TodaysMessagesPage user={user} />
        </Guarded>
      </Route>
      <Route path={paths.msgs.path}>
        <Guarded name="msgs" user={user}>
          <MsgsPage user={user} />
        </Guarded>
      </Route>
      <Route path={paths.musicChannels.path}>
        <Guarded name="musicChannels" user={user}>
          <MusicChannelsPage user={user} favoriteButton={(audioFileId) => <FavoriteToggle audioFileId={audioFileId} user={user} />} />
        </Guarded>
      </Route>
      <Route path={paths.search.path}>
        <Guarded name="search" user={user}>
          <SearchPage
            user={user}
            favoriteButton={(file) => <FavoriteToggle audioFileId={file.id} user={user} />}
            recipeFavoriteButton={(recipe) => <RecipeFavoriteToggle recipeId={recipe.id} user={user} />}
          />
        </Guarded>
      </Route>
      <Route path={paths.message.path}>
        {(params: { messageId?: string }) => (
          <Guarded name="message" user={user}>
            {/^\d{1,9}$/.test(params.messageId ?? '') ? <MessagePage user={user} messageId={Number(params.messageId)} /> : <Redirect to={paths.root.path} replace />}
          </Guarded>
        )}
      </Route>
      <Route>
        <Redirect to={paths.root.path} replace />
      </Route>
    </Switch>
  );
}
