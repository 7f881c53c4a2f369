import { useEffect } from 'react';
import type { CurrentUser } from '../../../schemas/api/user.ts';
import { pause } from '../../lib/player/player-store.ts';
import { SessionButtons } from '../../features/usage-session/components/session-buttons.tsx';
import { setSessionAdmin, startSessionChecks } from '../../features/usage-session/stores/usage-session-store.ts';

/** Session start/stop (canStartSession) and the session check every 60 s (spec 3 sections 2, 4 and 9). */
export function SessionBar({ user }: { user: CurrentUser }) {
  useEffect(() => {
    setSessionAdmin(user.admin);
    return startSessionChecks();
  }, [user]);
  if (!user.config.canStartSession) return null;
  return (
    <div className="session-bar">
      <SessionButtons canCreateActivities={user.config.canCreateActivities} onStop={pause} />
    </div>
  );
}
