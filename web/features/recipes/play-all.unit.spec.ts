import { describe, expect, it } from 'vitest';
import { playAllOrder, seededRandom, shuffled } from './play-all.ts';

const item = (type: string, id: number) => ({ type, id });
const items = [
  item('Spiritual', 1),
  item('Music', 2),
  item('News', 3),
  item('Music', 4),
  item('Story', 5),
  item('Music', 6),
  item('Spiritual', 7),
  item('Exercise', 8),
  item('Music', 9),
  item('Game', 10),
  item('Radio', 11),
];

describe('playAllOrder', () => {
  it('should alternate music and non-music, with every spiritual item last', () => {
    for (let seed = 1; seed <= 50; seed++) {
      const order = playAllOrder(items, seededRandom(seed));
      expect(order).toHaveLength(items.length);
      expect(new Set(order.map((i) => i.id))).toEqual(new Set(items.map((i) => i.id)));
      // Four music and five other items: M O M O M O M O O, then the two spiritual ones.
      expect(order.map((i) => (i.type === 'Music' ? 'M' : i.type === 'Spiritual' ? 'S' : 'O')).join('')).toBe('MOMOMOMOOSS');
    }
  });

  it('should put the longer kind\'s rest after the alternation', () => {
    const manyMusic = [item('Music', 1), item('Music', 2), item('Music', 3), item('News', 4), item('Spiritual', 5)];
    expect(playAllOrder(manyMusic, seededRandom(3)).map((i) => i.type)).toEqual(['Music', 'News', 'Music', 'Music', 'Spiritual']);
    expect(playAllOrder([item('Story', 1), item('Game', 2)], seededRandom(3)).map((i) => i.type).sort()).toEqual(['Game', 'Story']);
  });

  it('should be random, and the same for the same seed', () => {
    const orders = new Set(Array.from({ length: 30 }, (_, seed) => playAllOrder(items, seededRandom(seed)).map((i) => i.id).join(',')));
    expect(orders.size).toBeGreaterThan(10);
    expect(playAllOrder(items, seededRandom(7))).toEqual(playAllOrder(items, seededRandom(7)));
  });

  it('should answer an empty list for no items, and keep spiritual-only lists', () => {
    expect(playAllOrder([])).toEqual([]);
    expect(playAllOrder([item('Spiritual', 1), item('Spiritual', 2)], seededRandom(1)).map((i) => i.type)).toEqual(['Spiritual', 'Spiritual']);
  });

  it('should not change its input', () => {
    const copy = items.map((i) => ({ ...i }));
    playAllOrder(items, seededRandom(2));
    shuffled(items, seededRandom(2));
    expect(items).toEqual(copy);
  });
});
