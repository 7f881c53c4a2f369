import { describe, expect, it } from 'vitest';
import { nextIndex, previousAction, shuffledOrder } from './queue-rules.ts';

describe('previousAction', () => {
  it('restarts after more than 3 s of play, or on the first item', () => {
    expect(previousAction(2, 3.5)).toBe('restart');
    expect(previousAction(2, 3)).toBe('previous');
    expect(previousAction(0, 1)).toBe('restart');
  });
});

describe('nextIndex', () => {
  it('stops at the end without continuous play', () => {
    expect(nextIndex({ index: 0, length: 3, continuous: false, shuffleOrder: null })).toBeNull();
  });
  it('continues to the next result while more exist', () => {
    expect(nextIndex({ index: 1, length: 3, continuous: true, shuffleOrder: null })).toBe(2);
    expect(nextIndex({ index: 2, length: 3, continuous: true, shuffleOrder: null })).toBeNull();
  });
  it('follows the shuffle order', () => {
    expect(nextIndex({ index: 2, length: 3, continuous: true, shuffleOrder: [2, 0, 1] })).toBe(0);
    expect(nextIndex({ index: 1, length: 3, continuous: true, shuffleOrder: [2, 0, 1] })).toBeNull();
  });
});

describe('shuffledOrder', () => {
  it('is a permutation of every position with the started one first', () => {
    for (let run = 0; run < 20; run += 1) {
      const order = shuffledOrder(10, 4);
      expect(order[0]).toBe(4);
      expect([...order].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    }
  });
  it('shuffles (a fixed random source gives a fixed, non-identity order)', () => {
    const order = shuffledOrder(5, undefined, () => 0);
    expect(order).toEqual([1, 2, 3, 4, 0]);
  });
});
