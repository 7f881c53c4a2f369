import { describe, expect, it } from 'vitest';
import { channelDurations, nextStep, piecesPerCategory, type Candidate, type Played } from '../../web/features/music-channels/channel-rules.ts';
import { seededRandom } from '../seeded-random.ts';
import { demoAudioFiles, demoCategories } from './demo-library.ts';

// Issue 16 deliverable 8: the demo's music categories carry a music channel for two hours. The
// channel's rules run here over the demo library with its real lengths, the server's similarity
// pick imitated (up to 5 random pieces of each checked category).

const musicCategories = demoCategories.filter((c) => c.type === 'Music').map((c) => c.name);
const piecesOf = (category: string) => demoAudioFiles.filter((f) => f.type === 'MusicPiece' && f.categories.some((c) => c.name === category));

function similarityPick(categories: readonly string[], random: () => number): Array<Candidate<{ id: number; length: number }>> {
  const seen = new Set<string>();
  return categories.flatMap((category, categoryId) =>
    piecesOf(category)
      .map((file) => ({ file, key: random() }))
      .sort((a, b) => a.key - b.key)
      .slice(0, piecesPerCategory)
      .filter(({ file }) => !seen.has(file.slug) && seen.add(file.slug))
      .map(({ file }) => ({ categoryId, piece: { id: demoAudioFiles.indexOf(file), length: file.length } })),
  );
}

/** Plays a channel of `seconds` over `categories` to its end; the pieces played, in order. */
function runChannel(categories: readonly string[], seconds: number, seed: number): Played[] {
  const random = seededRandom(seed);
  const categoryIds = categories.map((_, i) => i);
  const history: Played[] = [];
  let candidates: Array<Candidate<{ id: number; length: number }>> | null = null;
  let fresh = false;
  let elapsed = 0;
  for (;;) {
    const step = nextStep({ categoryIds, candidates, fresh, history, remainingSeconds: seconds - elapsed });
    if (step.kind === 'stop') {
      expect(step.reason).toBe('timeUp');
      return history;
    }
    if (step.kind === 'fetch') {
      candidates = similarityPick(categories, random);
      fresh = true;
      continue;
    }
    history.push({ id: step.piece.id, categoryId: step.categoryId });
    fresh = false;
    elapsed += step.piece.length;
  }
}

describe('the demo music channel categories', () => {
  it('should give every music category a full similarity pick of pieces', () => {
    expect(musicCategories).toContain('Afternoon dance');
    for (const category of musicCategories) expect(piecesOf(category).length, category).toBeGreaterThanOrEqual(piecesPerCategory);
  });

  it('should play two hours from each category and from all together, never the same piece twice in a row', () => {
    const longest = Math.max(...channelDurations);
    for (const [i, categories] of [...musicCategories.map((c) => [c]), musicCategories].entries()) {
      const played = runChannel(categories, longest, i + 1);
      played.forEach((piece, at) => expect(piece.id, `${categories.join()} at ${at}`).not.toBe(played[at - 1]?.id));
      expect(new Set(played.map((p) => p.id)).size, categories.join()).toBeGreaterThanOrEqual(Math.min(piecesPerCategory, ...categories.map((c) => piecesOf(c).length)));
    }
    // All categories together: more than twenty different pieces before one comes back.
    const all = runChannel(musicCategories, longest, 99);
    const firstRepeat = all.findIndex((p, at) => all.slice(0, at).some((q) => q.id === p.id));
    expect(firstRepeat).toBeGreaterThan(20);
  });
});
