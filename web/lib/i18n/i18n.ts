import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { proxy } from 'valtio';
import type { Language } from '../../../schemas/api/user.ts';
import { buildResources } from './translations.ts';

// Spec 1 section 1: four languages, fin by default, each with its locale. i18next picks plural
// forms by the locale's CLDR rule, which for fi, en and sv is "one only when n equals 1".

export const localeOf: Record<Language, string> = { fin: 'fi', eng: 'en', swe: 'sv', swe2: 'sv_SE' };
export const defaultLanguage: Language = 'fin';

/** i18next wants BCP 47 tags (sv-SE), the spec names the locale sv_SE. */
export const i18nCode = (language: Language): string => localeOf[language].replace('_', '-');

export const languageState = proxy<{ language: Language }>({ language: defaultLanguage });

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: buildResources(i18nCode),
  lng: i18nCode(defaultLanguage),
  fallbackLng: false,
  // Keys are the English texts themselves; dots and colons in them are not separators.
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
  returnEmptyString: false,
  initAsync: false,
});

export function setLanguage(language: Language): void {
  languageState.language = language;
  void i18n.changeLanguage(i18nCode(language));
  if (typeof document !== 'undefined') document.documentElement.lang = i18nCode(language);
}
