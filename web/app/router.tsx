import type { ReactNode } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import type { CurrentUser } from '../../schemas/api/user.ts';
import { NotBuiltPanel } from '../components/not-built-panel.tsx';
import { SettingsPage } from '../features/settings/components/settings-page.tsx';
import { isRouteAllowed, paths, rootRedirect, type RouteName } from '../routes/paths.ts';
import { NoPagePanel } from './shell/no-page-panel.tsx';

/** Renders the page if the user's flag allows the route; otherwise back to the root (spec 1 section 2). */
function Guarded({ name, user, children }: { name: RouteName; user: CurrentUser; children: ReactNode }) {
  return isRouteAllowed(name, user.config) ? <>{children}</> : <Redirect to={paths.root.path} replace />;
}

const notBuilt: RouteName[] = [
  'easy',
  'todaysMessages',
  'recipe',
  'recipes',
  'todaysRecipe',
  'musicChannels',
  'favorites',
  'search',
  'reports',
  'users',
  'message',
  'messages',
  'sentMessages',
  'drafts',
  'games',
  'msgs',
  'publicReport',
];

export function AppRoutes({ user }: { user: CurrentUser }) {
  const root = rootRedirect(user.config);
  return (
    <Switch>
      <Route path={paths.root.path}>{root ? <Redirect to={root} replace /> : <NoPagePanel />}</Route>
      {(['settings', 'residents', 'activities'] as const).map((name) => (
        <Route key={name} path={paths[name].path}>
          <Guarded name={name} user={user}>
            <SettingsPage config={user.config} tab={name} />
          </Guarded>
        </Route>
      ))}
      {notBuilt.map((name) => (
        <Route key={name} path={paths[name].path}>
          <Guarded name={name} user={user}>
            <NotBuiltPanel name={paths[name].name} />
          </Guarded>
        </Route>
      ))}
      <Route>
        <Redirect to={paths.root.path} replace />
      </Route>
    </Switch>
  );
}
