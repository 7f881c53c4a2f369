import type { UserConfig } from '../../../schemas/api/user.ts';
import { isRouteAllowed, paths, type RouteName } from '../../routes/paths.ts';

export interface NavLink {
  route: RouteName;
  label: string;
  href: string;
}

const order: RouteName[] = ['todaysMessages', 'recipes', 'favorites', 'musicChannels', 'games', 'search', 'msgs'];

/** Spec 1 section 2: each link by its flag; Games only when not off, game messages exist and not easy mode. */
export function navLinks(config: UserConfig, gameMessageCount: number): NavLink[] {
  return order
    .filter((route) =>
      route === 'games'
        ? config.games !== false && gameMessageCount > 0 && config.mode !== 'easy'
        : isRouteAllowed(route, config),
    )
    .map((route) => ({ route, label: paths[route].name, href: paths[route].path }));
}
