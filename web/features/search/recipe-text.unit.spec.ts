import { describe, expect, it } from 'vitest';
import { descriptionLine } from './recipe-text.ts';

describe('descriptionLine', () => {
  it('should show the HTML description as one line of text', () => {
    expect(descriptionLine('<p>News, a stretch &amp; a tune.</p>\n<p>Then a prayer.</p>')).toBe('News, a stretch & a tune. Then a prayer.');
    expect(descriptionLine(null)).toBe('');
  });

  it("should cut a text over 100 characters at 100 with '...'", () => {
    const long = 'a'.repeat(99) + ' bcd';
    expect(descriptionLine(long)).toBe(`${'a'.repeat(99)}...`);
    expect(descriptionLine('x'.repeat(100))).toBe('x'.repeat(100));
  });
});
