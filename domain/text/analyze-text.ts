// analyze-text (spec 3 section 7 names it and nothing more): what the back office wants to know of
// a text before it goes into a message, a program description or a recipe read aloud to residents.
// Its length in words and sentences, how hard it is to read (LIX, the readability index used for
// Finnish and Swedish alike: words per sentence plus the share of long words) and how long it takes
// to read aloud at a calm pace. Pure: the same text always gives the same answer.

export interface TextAnalysis {
  characters: number;
  words: number;
  sentences: number;
  paragraphs: number;
  /** Words of more than six letters (LIX's long words). */
  longWords: number;
  /** LIX = words / sentences + 100 * longWords / words, one decimal; 0 for a text without words. */
  lix: number;
  /** Reading aloud at `readAloudWordsPerMinute`, whole seconds rounded up. */
  readingSeconds: number;
}

/**
 * Reading aloud to older listeners goes slower than conversation (about 150 words a minute); 120
 * leaves the pauses a caregiver makes between sentences.
 */
export const readAloudWordsPerMinute = 120;

// A word is a run of letters or digits, joined by an apostrophe or hyphen inside it (rock'n'roll,
// Yö-Uni); so "3." or "--" are no words, and a Finnish compound with a hyphen is one.
const WORD = /[\p{L}\p{N}]+(?:['’\-‐][\p{L}\p{N}]+)*/gu;
// A sentence ends at . ! ? or … (any run of them) followed by a space or the end of the text.
const SENTENCE_END = /[.!?…]+(?=\s|$)/gu;
const LETTER = /\p{L}/gu;
const HAS_WORD = /[\p{L}\p{N}]/u;

export function analyzeText(text: string): TextAnalysis {
  const words = text.match(WORD) ?? [];
  const characters = [...text].length;
  if (words.length === 0) return { characters, words: 0, sentences: 0, paragraphs: 0, longWords: 0, lix: 0, readingSeconds: 0 };
  // Text after the last full stop (a heading, a sentence without one) is a sentence too.
  const ends = [...text.matchAll(SENTENCE_END)];
  const lastEnd = ends.at(-1);
  const trailing = lastEnd === undefined || HAS_WORD.test(text.slice(lastEnd.index + lastEnd[0].length));
  const sentences = ends.length + (trailing ? 1 : 0);
  const paragraphs = text.split(/\n\s*\n/u).filter((part) => HAS_WORD.test(part)).length;
  const longWords = words.filter((word) => (word.match(LETTER)?.length ?? 0) > 6).length;
  const lix = Math.round((words.length / sentences + (100 * longWords) / words.length) * 10) / 10;
  return { characters, words: words.length, sentences, paragraphs, longWords, lix, readingSeconds: Math.ceil((words.length * 60) / readAloudWordsPerMinute) };
}
