import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { proxy } from 'valtio';
import type { Language } from '../../../schemas/api/user.ts';

// Spec 1 section 1: four languages, fin by default, each with its locale. i18next picks plural
// forms by the locale's CLDR rule, which for fi, en and sv is "one only when n equals 1".

export const localeOf: Record<Language, string> = { fin: 'fi', eng: 'en', swe: 'sv', swe2: 'sv_SE' };
export const defaultLanguage: Language = 'fin';

/** i18next wants BCP 47 tags (sv-SE), the spec names the locale sv_SE. */
export const i18nCode = (language: Language): string => localeOf[language].replace('_', '-');

export const languageState = proxy<{ language: Language }>({ language: defaultLanguage });

export const i18n = i18next.createInstance();

// No texts at start: each language's come as a chunk of their own when first used (setLanguage),
// so the first script carries none and a session loads only its own language.
void i18n.use(initReactI18next).init({
  resources: {},
  lng: i18nCode(defaultLanguage),
  fallbackLng: false,
  // Keys are the English texts themselves; dots and colons in them are not separators.
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
  returnEmptyString: false,
  initAsync: false,
});

const textsOf: Record<Language, () => Promise<{ default: Record<string, string> }>> = {
  fin: () => import('./texts/fin.ts'),
  eng: () => import('./texts/eng.ts'),
  swe: () => import('./texts/swe.ts'),
  swe2: () => import('./texts/swe2.ts'),
};

const loading = new Map<Language, Promise<void>>();

function loadTexts(language: Language): Promise<void> {
  let loaded = loading.get(language);
  if (!loaded) {
    loaded = textsOf[language]().then((module) => {
      i18n.addResourceBundle(i18nCode(language), 'translation', module.default);
    });
    // A failed load (the network) is tried again the next time the language is asked for.
    loaded.catch(() => loading.delete(language));
    loading.set(language, loaded);
  }
  return loaded;
}

let latest: Language | null = null;

/**
 * Switches to `language` once its texts are loaded, so no screen shows in a language half there.
 * When switched again meanwhile, the last language asked for wins.
 */
export async function setLanguage(language: Language): Promise<void> {
  latest = language;
  await loadTexts(language);
  if (latest !== language) return;
  languageState.language = language;
  await i18n.changeLanguage(i18nCode(language));
  if (typeof document !== 'undefined') document.documentElement.lang = i18nCode(language);
}
