import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import type { CurrentUser } from '../../../schemas/api/user.ts';
import { ConnectionBar } from '../../components/connection-bar.tsx';
import { connectivity, onLiveMessage, startConnectivity } from '../../lib/connectivity/connectivity.ts';
import { UnreadPopups } from '../../features/messages/components/unread-popups.tsx';
import { countGameMessages } from '../../features/messages/stores/games-store.ts';
import { paths } from '../../routes/paths.ts';
import { AppRoutes } from '../router.tsx';
import { Footer } from './footer.tsx';
import { PlayerDock } from './player-dock.tsx';
import { publicReportOnly, shellParts } from './shell-parts.ts';
import { shell } from './shell-store.ts';
import { SessionBar } from './session-bar.tsx';
import { TopBar } from './top-bar.tsx';
import { refreshUnreadCount, startUnreadCount } from './unread-count.ts';

export function ShellLayout({ user }: { user: CurrentUser }) {
  const [, navigate] = useLocation();
  const { liveOpen, livePonged } = useSnapshot(connectivity);
  const parts = shellParts(user);
  useEffect(
    () =>
      startConnectivity({
        pingParams: () => ({ lastSessionToken: user.lastSessionToken, admin: user.admin }),
        // Spec 1 section 2: after a date change the root path is pushed.
        onDateChange: () => navigate(paths.root.path),
        onLiveMessage: (message) => {
          if (message.type === 'UnreadCountChanged') void refreshUnreadCount();
        },
      }),
    [user, navigate],
  );
  // The messages button's count, only where the button shows (config flag messages).
  const messagesButton = parts.messages;
  useEffect(() => (messagesButton ? startUnreadCount() : undefined), [messagesButton]);
  // The Games link shows only when game messages exist (spec 2 section 6): counted at start and
  // again when the live channel says the user's messages changed (a game may have arrived).
  const countsGames = !publicReportOnly(user) && user.config.games !== false && user.config.mode !== 'easy';
  useEffect(() => {
    if (!countsGames) return undefined;
    let current = true;
    const recount = () =>
      void countGameMessages().then((count) => {
        if (current) shell.gameMessageCount = count;
      });
    recount();
    const stopListening = onLiveMessage((message) => {
      if (message.type === 'UnreadCountChanged') recount();
    });
    return () => {
      current = false;
      stopListening();
    };
  }, [user, countsGames]);
  return (
    <div className="shell" data-live={livePonged ? 'answered' : liveOpen ? 'open' : 'closed'}>
      <ConnectionBar />
      <TopBar user={user} />
      {parts.sessionBar && <SessionBar user={user} />}
      <main className="page">
        <AppRoutes user={user} />
      </main>
      {!publicReportOnly(user) && <UnreadPopups user={user} />}
      <Footer user={user} />
      {parts.playerDock && <PlayerDock user={user} />}
    </div>
  );
}
