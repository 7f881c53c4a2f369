// The shape of a translated text, shared by every translations file. English is the key itself;
// swe2 (Sweden Swedish) differs from swe only where it says so.

export interface TextEntry {
  fin: string;
  swe: string;
  swe2?: string;
}

/** A text with a count: the "one" form is used only for exactly 1 (the CLDR rule of fi, en and sv). */
export interface PluralEntry {
  eng: { one: string; other: string };
  fin: { one: string; other: string };
  swe: { one: string; other: string };
}
