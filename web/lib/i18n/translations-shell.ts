import type { TextEntry } from './entry.ts';

// Texts of the shell's footer counts (web/app/shell/footer-counts.tsx). English is the key itself;
// swe2 differs from swe only where given.

export const shellTexts: Record<string, TextEntry> = {
  'Sessions this month': { fin: 'Tuokioita tässä kuussa', swe: 'Sessioner denna månad' },
  'Days with usage this month': { fin: 'Käyttöpäiviä tässä kuussa', swe: 'Dagar med användning denna månad' },
  '{{sessions}} of target {{target}}': { fin: '{{sessions}} / tavoite {{target}}', swe: '{{sessions}} av målet {{target}}' },
};
