import { describe, expect, it } from 'vitest';
import { analyzeText, readAloudWordsPerMinute } from './analyze-text.ts';

describe('analyzeText', () => {
  it('counts words, sentences and long words and computes LIX', () => {
    // 8 words, 2 sentences; long words (more than six letters): Tervetuloa, musiikkituokioon, laulamme, yhdessä.
    const result = analyzeText('Tervetuloa musiikkituokioon! Tänään laulamme yhdessä kolme vanhaa laulua.');
    expect(result).toMatchObject({ words: 8, sentences: 2, paragraphs: 1, longWords: 4 });
    expect(result.lix).toBe(54.0);
  });

  it('gives nothing but the characters for a text without words', () => {
    expect(analyzeText('')).toEqual({ characters: 0, words: 0, sentences: 0, paragraphs: 0, longWords: 0, lix: 0, readingSeconds: 0 });
    expect(analyzeText(' -- ... ?! ')).toMatchObject({ characters: 11, words: 0, sentences: 0, lix: 0 });
  });

  it('counts text after the last full stop, or without any, as a sentence', () => {
    expect(analyzeText('Aamun laulut').sentences).toBe(1);
    expect(analyzeText('Ensin kahvi. Sitten laulu').sentences).toBe(2);
    expect(analyzeText('Ensin kahvi. Sitten laulu.  ').sentences).toBe(2);
    // Runs of marks end one sentence; a dot inside a word (1.5, www.yle.fi) ends none.
    expect(analyzeText('Mitä?! Niin... Hinta 1.5 euroa, katso www.yle.fi tänään').sentences).toBe(3);
  });

  it('keeps hyphenated and apostrophised words whole and counts letters, not digits, towards long words', () => {
    const result = analyzeText("Rock'n'roll ja Yö-uni sekä 12345678");
    expect(result.words).toBe(5);
    // rock'n'roll has 9 letters; Yö-uni has 5; 12345678 has no letters.
    expect(result.longWords).toBe(1);
  });

  it('counts paragraphs by blank lines and characters by code points', () => {
    const result = analyzeText('Ensimmäinen kappale.\n\nToinen kappale.\n   \nKolmas 🎵');
    expect(result.paragraphs).toBe(3);
    expect(analyzeText('🎵 soi').characters).toBe(5);
  });

  it('reads aloud at a calm pace, rounding up to whole seconds', () => {
    expect(analyzeText('yksi').readingSeconds).toBe(1);
    const twoMinutes = Array.from({ length: readAloudWordsPerMinute * 2 }, () => 'sana').join(' ');
    expect(analyzeText(twoMinutes).readingSeconds).toBe(120);
    expect(analyzeText(`${twoMinutes} lisää`).readingSeconds).toBe(121);
  });
});
