import { loginLogProjector } from './warehouse/login-log.ts';
import type { Projector } from './engine/projector.ts';
import { evaluationsProjector } from './postgres/evaluations.ts';
import { favoritesProjector } from './postgres/favorites.ts';
import { lastActivityProjector } from './postgres/last-activity.ts';
import { messagesProjector } from './postgres/messages.ts';
import { usageWarehouseProjector } from './warehouse/usage-warehouse-projector.ts';
import { targetCountsProjector } from './postgres/target-counts.ts';
import { usageSessionStateProjector } from './postgres/usage-session-state.ts';

// Every projector this service runs. A new read model or warehouse table adds one line here.
export const projectors: readonly Projector[] = [
  lastActivityProjector,
  usageSessionStateProjector,
  evaluationsProjector,
  targetCountsProjector,
  favoritesProjector,
  messagesProjector,
  loginLogProjector,
  usageWarehouseProjector,
];
