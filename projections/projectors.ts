import { loginLogProjector } from './warehouse/login-log.ts';
import type { PostgresProjector, Projector } from './engine/projector.ts';
import type { EventType } from '../schemas/events/index.ts';
import { createEvaluationsProjector, evaluationsProjector } from './postgres/evaluations.ts';
import { createFavoritesProjector, favoritesProjector } from './postgres/favorites.ts';
import { createLastActivityProjector, lastActivityProjector } from './postgres/last-activity.ts';
import { createMessagesProjector, messagesProjector } from './postgres/messages.ts';
import { usageWarehouseProjector } from './warehouse/usage-warehouse-projector.ts';
import { createTargetCountsProjector, targetCountsProjector } from './postgres/target-counts.ts';
import { createUsageSessionStateProjector, usageSessionStateProjector } from './postgres/usage-session-state.ts';
import type { ReadModelFactory } from './postgres/rebuild.ts';

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

/**
 * The Postgres read models by name, each a factory of any version of it: a rebuild builds version
 * N+1 of the same code beside the serving one (projections/postgres/rebuild.ts). A new read model
 * adds one line here too.
 */
/** A factory of one read model as a factory of any: a version is only ever run, never called with other events. */
const anyVersion = <T extends EventType>(make: (version: number) => PostgresProjector<T>): ReadModelFactory => (version) => make(version) as unknown as PostgresProjector;

export const readModels: Readonly<Record<string, ReadModelFactory>> = {
  [lastActivityProjector.name]: anyVersion(createLastActivityProjector),
  [usageSessionStateProjector.name]: anyVersion(createUsageSessionStateProjector),
  [evaluationsProjector.name]: anyVersion(createEvaluationsProjector),
  [targetCountsProjector.name]: anyVersion(createTargetCountsProjector),
  [favoritesProjector.name]: anyVersion(createFavoritesProjector),
  [messagesProjector.name]: anyVersion(createMessagesProjector),
};
