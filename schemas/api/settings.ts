import { z } from 'zod';
import { SafeText } from '../common/safe.ts';
import { Language } from './user.ts';
import { resultsCountOptions, settingDefaults } from './setting-defaults.ts';

export { resultsCountOptions, settingDefaults };

/**
 * The settings a user keeps (spec 1 section 3, spec 3 sections 2 and 3): nothing else is stored, so
 * the settings table cannot become free storage, and every value is bounded. Targets follow spec 3
 * section 5 (0 to 100); oneClickAutoPlay is a switch; language one of the four.
 */
const settingValues = {
  resultsCount: z.enum(resultsCountOptions, { error: `resultsCount must be one of ${resultsCountOptions.join(', ')}` }),
  sessionTargetCount: z.string().regex(/^(100|[1-9]?[0-9])$/, 'sessionTargetCount must be a whole number from 0 to 100'),
  oneClickAutoPlay: z.enum(['true', 'false'], { error: 'oneClickAutoPlay must be true or false' }),
  /** The language picked in the footer (spec 1 section 1); GET /api/ answers it as uiParams.language. */
  language: Language,
} as const;
export const settingKeys = Object.keys(settingValues) as (keyof typeof settingValues)[];

export const SettingKey = z.enum(settingKeys as [keyof typeof settingValues, ...(keyof typeof settingValues)[]], {
  error: `key must be one of ${settingKeys.join(', ')}`,
});
export const Settings = z.record(z.string(), z.string());
export type Settings = z.infer<typeof Settings>;

export const PutSettingRequest = z.strictObject({ key: SettingKey, value: SafeText.max(100) }).superRefine((s, ctx) => {
  const parsed = settingValues[s.key].safeParse(s.value);
  if (!parsed.success) ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? 'Invalid value', path: ['value'] });
});
export type PutSettingRequest = z.infer<typeof PutSettingRequest>;
