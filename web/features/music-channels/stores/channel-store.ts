import type { AudioFile } from '../../../../schemas/api/library.ts';
import { onPlayerEvent, playAudioFile, playerState, stopPlayback, type PlayerEvent } from '../../../lib/player/player-store.ts';
import { postChannelPieces } from '../api/post-channel-pieces.ts';
import { ChannelRunner, type ChannelDeps } from '../channel-runner.ts';
import { playSilence } from '../../../lib/silent-audio.ts';

// The page's music channel: one runner for the app, playing through the shared player with
// playSource MusicChannel, so its plays land in the play log and the usage reports. It keeps
// going when the user moves to another page, and stops when another player starts.
//
// The clock is injectable (setChannelClock); the browser test fakes the page's clock instead.

export interface PlayerChannel {
  channel: ChannelRunner<AudioFile>;
  /** What the player does, seen by the channel: its piece ended, or something else took over. */
  observePlayer: (event: PlayerEvent) => void;
}

/** A channel on the shared player; the clock, the similarity query and the silence are handed in. */
export function createPlayerChannel(deps: Pick<ChannelDeps<AudioFile>, 'now' | 'fetchPieces' | 'silence'>): PlayerChannel {
  const isChannelItem = (item: { source: string; audioFileId: number } | null): boolean =>
    item !== null && item.source === 'MusicChannel' && item.audioFileId === channel.state.current?.id;

  const channel: ChannelRunner<AudioFile> = new ChannelRunner<AudioFile>({
    ...deps,
    play: (piece, categoryId, manualStart) => {
      playAudioFile({
        audioFileId: piece.id,
        name: piece.name,
        artist: piece.artist,
        length: piece.length,
        streamUrl: piece.streamUrl ?? '',
        type: piece.type,
        categoryId,
        source: 'MusicChannel',
        manualStart,
      });
      // The player refused it ('This user ID cannot play music.', shown in the player bar).
      if (playerState.current?.audioFileId !== piece.id) channel.stop({ stopPlayer: false });
    },
    stopPlayer: () => {
      if (isChannelItem(playerState.current)) stopPlayback();
    },
  });

  const observePlayer = (event: PlayerEvent): void => {
    if (!channel.running) return;
    const ours = isChannelItem(event.item);
    switch (event.type) {
      case 'ended':
        if (ours) void channel.pieceEnded();
        return;
      case 'started':
        // Another file started (the user played something else): the channel gives way.
        if (!ours) channel.stop({ stopPlayer: false });
        return;
      case 'stopped':
        // The channel's piece was stopped (logout, another page's reset).
        if (ours) channel.stop({ stopPlayer: false });
        return;
      case 'time':
      case 'paused':
        return;
      default: {
        const unknown: never = event;
        throw new Error(`Unknown player event ${JSON.stringify(unknown)}`);
      }
    }
  };
  return { channel, observePlayer };
}

let clock: () => number = () => Date.now();

/** Replaces the channel's clock (tests); null restores Date.now. */
export function setChannelClock(now: (() => number) | null): void {
  clock = now ?? (() => Date.now());
}

const app = createPlayerChannel({
  now: () => clock(),
  // Pieces without a stored file cannot play.
  fetchPieces: async (categoryIds) => (await postChannelPieces(categoryIds)).filter((file) => file.streamUrl !== null),
  silence: playSilence,
});

export const channel = app.channel;

let listening = false;

/** Starts following the player, once for the app's life (the page calls it when first shown). */
export function listenToPlayer(): void {
  if (listening) return;
  listening = true;
  onPlayerEvent(app.observePlayer);
}
