import { loginLogProjector } from './clickhouse/login-log.ts';
import type { Projector } from './engine/projector.ts';
import { lastActivityProjector } from './postgres/last-activity.ts';

// Every projector this service runs. A new read model or warehouse table adds one line here.
export const projectors: readonly Projector[] = [lastActivityProjector, loginLogProjector];
