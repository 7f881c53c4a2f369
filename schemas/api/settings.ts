import { z } from 'zod';
import { SafeText } from '../common/safe.ts';

export const resultsCountOptions = ['5', '10', '20', '50', '100'] as const;
export const settingDefaults: Record<string, string> = { resultsCount: '20' };

export const SettingKey = z.string().min(1).max(100).regex(/^[A-Za-z][A-Za-z0-9_]*$/);
export const Settings = z.record(z.string(), z.string());
export type Settings = z.infer<typeof Settings>;

export const PutSettingRequest = z
  .strictObject({ key: SettingKey, value: SafeText.max(10_000) })
  .refine((s) => s.key !== 'resultsCount' || (resultsCountOptions as readonly string[]).includes(s.value), {
    message: `resultsCount must be one of ${resultsCountOptions.join(', ')}`,
    path: ['value'],
  });
export type PutSettingRequest = z.infer<typeof PutSettingRequest>;
