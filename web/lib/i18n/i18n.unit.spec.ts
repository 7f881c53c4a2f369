import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { paths } from '../../routes/paths.ts';
import { i18n, i18nCode, setLanguage } from './i18n.ts';
import { plurals, texts } from './translations.ts';

const webDir = join(import.meta.dirname, '..', '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.includes('.spec.') ? [path] : [];
  });
}

/** Every literal key passed to t('...') in the web sources. */
function literalKeys(): string[] {
  const keys = new Set<string>();
  for (const file of sourceFiles(webDir)) {
    for (const match of readFileSync(file, 'utf8').matchAll(/[^\w.]t\('([^']+)'/g)) keys.add(match[1]!);
  }
  return [...keys];
}

describe('translations', () => {
  it('should have every shown text in every language', () => {
    const known = new Set([...Object.keys(texts), ...Object.keys(plurals)]);
    // Keys built outside t('...') calls are checked beside their feature (contract-alert.unit.spec.ts).
    const shown = [...literalKeys(), ...Object.values(paths).map((route) => route.name)];
    expect(shown.length).toBeGreaterThan(30);
    expect(shown.filter((key) => !known.has(key))).toEqual([]);
  });

  it.each([
    ['fin', 'Kirjautuminen epäonnistui'],
    ['eng', 'Login failed'],
    ['swe', 'Inloggningen misslyckades'],
    ['swe2', 'Inloggningen misslyckades'],
  ] as const)('should translate into %s', async (language, expected) => {
    await setLanguage(language);
    expect(i18n.language).toBe(i18nCode(language));
    expect(i18n.t('Login failed')).toBe(expected);
  });

  it('should let swe2 differ from swe where it says so', async () => {
    await setLanguage('swe');
    expect(i18n.t('Residents')).toBe('Invånare');
    await setLanguage('swe2');
    expect(i18n.t('Residents')).toBe('Boende');
  });

  it('should map the languages to the spec locales', () => {
    expect(['fin', 'eng', 'swe', 'swe2'].map((l) => i18nCode(l as 'fin'))).toEqual(['fi', 'en', 'sv', 'sv-SE']);
  });

  it.each(['fin', 'eng', 'swe', 'swe2'] as const)('should use the singular only when n equals 1 in %s', async (language) => {
    await setLanguage(language);
    const key = '{{count}} unread messages';
    const forms = plurals[key]![language === 'swe2' ? 'swe' : language];
    for (const n of [0, 2, 5, 11, 21, 101]) expect(i18n.t(key, { count: n })).toBe(forms.other.replace('{{count}}', String(n)));
    expect(i18n.t(key, { count: 1 })).toBe(forms.one.replace('{{count}}', '1'));
  });
});
