import { v5 } from 'uuid';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../tools/seeded-random.ts';
import { uuidV5 } from './uuid-v5.ts';

describe('uuidV5', () => {
  const namespace = 'c2f4a3f0-6f1e-4d55-9c7b-6b1f4f0d8a11';
  const id = uuidV5(namespace);

  it('should give the ids of the uuid package for names of any length in any script', () => {
    const random = seededRandom(5);
    // ASCII, Latin-1 (two UTF-8 bytes), CJK (three) and emoji (a surrogate pair, four bytes).
    const alphabet = ['a', 'Z', '7', ':', '|', '\u001f', 'ä', 'ö', 'Å', '中', '文', '😀', '🎵'];
    for (let run = 0; run < 500; run++) {
      const length = Math.floor(random() ** 3 * 2000);
      const name = Array.from({ length }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
      expect(id(name)).toBe(v5(name, namespace));
    }
  });

  it('should give the ids of the uuid package after a long name grew its buffer', () => {
    const long = '🎵'.repeat(3000);
    expect(id(long)).toBe(v5(long, namespace));
    expect(id('play:1:x')).toBe(v5('play:1:x', namespace));
    expect(id('')).toBe(v5('', namespace));
  });

  it('should keep the namespaces apart', () => {
    expect(uuidV5('b2f6bf02-e4ca-4945-b1a3-3d653a6fd6c2')('x')).not.toBe(id('x'));
  });
});
