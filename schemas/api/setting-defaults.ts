// What the settings page offers and the defaults of settings (schemas/api/settings.ts).
// No zod here: the browser imports this at runtime (ARCHITECTURE.md: the browser shares the
// schemas' types, not their code).

export const resultsCountOptions = ['5', '10', '20', '50', '100'] as const;

export const settingDefaults: Record<string, string> = { resultsCount: '20' };
