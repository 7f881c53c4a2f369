import type { Plugin } from 'vite';
import type { Language } from '../../schemas/api/user.ts';
import { languageTable } from '../../web/lib/i18n/translations.ts';

// Every text of web/lib/i18n/ holds all four languages side by side, so a chunk importing them
// carries all four. In the build, each web/lib/i18n/texts/<language>.ts becomes that language's
// table alone, as data (issue 21 item 3: only the user's language on first load). Outside the
// build (unit tests, the dev server) those files compute the same table from the sources.

const textsFile = /\/web\/lib\/i18n\/texts\/(fin|eng|swe|swe2)\.ts$/;

export function languageTexts(): Plugin {
  return {
    name: 'sointu-language-texts',
    apply: 'build',
    load(id) {
      const language = textsFile.exec(id)?.[1] as Language | undefined;
      return language ? `export default ${JSON.stringify(languageTable(language))};` : null;
    },
  };
}
