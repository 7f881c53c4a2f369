// The values of the usage reports (schemas/api/usage-report.ts) the browser uses at runtime.
// No zod here: the browser imports this at runtime (ARCHITECTURE.md: the browser shares the
// schemas' types, not their code).

/** The longest period a report covers; a year, leap or not. */
export const maxReportDays = 366;

export const usageTypes = ['GuidedUsage', 'ContinuousMusic', 'ContinuousPrograms', 'OtherUsage'] as const;
