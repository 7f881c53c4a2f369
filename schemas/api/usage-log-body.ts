import type { UsageLogDataInput, UsageLogRequest } from './usage-log.ts';

// How the browser encodes a usage-log page (schemas/api/usage-log.ts). No zod here: the browser
// imports this at runtime (ARCHITECTURE.md: the browser shares the schemas' types, not their code).

export const usageLogBody = (data: UsageLogDataInput): UsageLogRequest => ({ data: JSON.stringify(data) });
