// The languages of the app (schemas/api/user.ts).
// No zod here: the browser imports this at runtime (ARCHITECTURE.md: the browser shares the
// schemas' types, not their code).

export const languages = ['fin', 'eng', 'swe', 'swe2'] as const;
