import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import type { CurrentUser } from '../../../schemas/api/user.ts';
import { EvaluationButtons } from '../../features/evaluations/components/evaluation-buttons.tsx';
import { logout } from '../../features/auth/stores/session-store.ts';
import { PlayerBar } from '../../features/player/components/player-bar.tsx';
import { PlaybackLoginGuard } from '../../features/player/components/playback-login-guard.tsx';
import { startPlayLog } from '../../features/player/play-log/start-play-log.ts';
import { onPlayerEvent, playerState, setInstructorMode, setPlayerUser } from '../../lib/player/player-store.ts';
import { checkUsageSession } from '../../features/usage-session/stores/usage-session-store.ts';
import { shell } from './shell-store.ts';

// The shell joins the features the player touches (they do not import each other): the play
// log runs for the logged-in user, a started file checks the usage session (spec 1 section 4),
// the evaluation buttons sit in the bar while a file with a duration plays, and a newer login
// of the account ends playback here.
export function PlayerDock({ user }: { user: CurrentUser }) {
  const { instructorMode } = useSnapshot(shell);
  const { current, duration, startedAt } = useSnapshot(playerState);

  useEffect(() => {
    setPlayerUser(user);
    const stopPlayLog = startPlayLog();
    const stopListening = onPlayerEvent((event) => {
      if (event.type === 'started') void checkUsageSession();
    });
    return () => {
      stopListening();
      stopPlayLog();
      setPlayerUser(null);
    };
  }, [user]);

  useEffect(() => setInstructorMode(instructorMode), [instructorMode]);

  const rating = user.config.evaluateAudioFiles && current && duration > 0 && startedAt ? <EvaluationButtons audioFileId={current.audioFileId} playStartedAt={startedAt} /> : null;
  return (
    <>
      <PlayerBar extra={rating} />
      <PlaybackLoginGuard user={user} onLogout={() => void logout()} />
    </>
  );
}
