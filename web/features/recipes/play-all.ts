// The PlayAll pseudo-button's list (spec 2 section 4): a random order that alternates music and
// non-music items, the non-spiritual ones, and appends the spiritual items last, so a session
// ends calmly. The random source is handed in: a test seeds it, the screen passes Math.random.

export interface PlayAllCandidate {
  type: string;
}

/** Fisher-Yates over a copy; `random` returns [0, 1) like Math.random. */
export function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.min(i, Math.floor(random() * (i + 1)));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/**
 * Music, then a non-music item, then music again, as long as both last; the longer kind's rest
 * follows; then every spiritual item. Each group is shuffled on its own.
 */
export function playAllOrder<T extends PlayAllCandidate>(items: readonly T[], random: () => number = Math.random): T[] {
  const music = shuffled(items.filter((i) => i.type === 'Music'), random);
  const other = shuffled(items.filter((i) => i.type !== 'Music' && i.type !== 'Spiritual'), random);
  const spiritual = shuffled(items.filter((i) => i.type === 'Spiritual'), random);
  const alternating: T[] = [];
  for (let i = 0; i < Math.max(music.length, other.length); i++) {
    if (i < music.length) alternating.push(music[i]!);
    if (i < other.length) alternating.push(other[i]!);
  }
  return [...alternating, ...spiritual];
}

/** A small seeded generator (mulberry32) for repeatable orders in tests. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
