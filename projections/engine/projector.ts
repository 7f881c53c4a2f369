import type { EventOf, EventType } from '../../schemas/events/index.ts';
import type { RecordedEvent } from '../../infra/event-store/event-store.ts';
import type { Queryable, Sql } from '../../infra/sql/sql.ts';
import type { Warehouse } from '../../infra/clickhouse/clickhouse.ts';
import type { ReadModelView } from './read-model.ts';

// A projector is named and versioned: its checkpoint and its tables belong to (name, version), so
// a new version can build from position 0 beside the current one and take over in one switch
// (DOMAIN.md section 5). It declares the event types it handles; the runner still moves its
// checkpoint past every other event. It also names the events of the streams it follows that it
// leaves alone (`ignores`), so a new event type is a decision, not a silent skip
// (projections/projectors.unit.spec.ts).

export type ProjectedEvent<T extends EventType> = RecordedEvent<EventOf<T>>;

interface ProjectorIdentity<T extends EventType> {
  readonly name: string;
  readonly version: number;
  readonly handles: readonly T[];
  /** Events of the stream families it handles that it deliberately leaves alone. */
  readonly ignores?: readonly EventType[];
}

/**
 * A Postgres read model. `apply` runs inside the transaction that also moves the checkpoint, so
 * each batch takes effect exactly once: either both commit or neither does.
 */
export interface PostgresProjector<T extends EventType = EventType> extends ProjectorIdentity<T> {
  readonly kind: 'postgres';
  /**
   * Its tables, `rm_<name>_v<version>_<table>` (projections/engine/read-model.ts), each behind the
   * stable view queries read. `setup` creates exactly these (idempotently) and `apply` writes
   * nothing else.
   */
  readonly views: readonly ReadModelView[];
  setup(sql: Sql): Promise<void>;
  apply(tx: Queryable, events: ProjectedEvent<T>[]): Promise<void>;
}

/**
 * A warehouse (ClickHouse) table. ClickHouse has no transaction shared with the checkpoint, so a
 * batch may be applied again after a crash between `apply` and the checkpoint write: `apply`
 * must be idempotent under replay (rows keyed by event id in a ReplacingMergeTree, or rows
 * derived deterministically from the events).
 *
 * While catching up, `apply` may answer 'deferred': it wrote what it could but left work that
 * costs less done once for many batches (the usage warehouse derives plays and sessions once per
 * user instead of once per batch). The runner then keeps the checkpoint where the deferred run
 * began, reads on, and passes `catchingUp: false` (possibly with no events) once the end of the
 * log is reached, when `apply` must finish everything. A crash in between replays the whole run
 * from the checkpoint; `setup`, which the runner calls before it reads from the checkpoint again,
 * must forget anything deferred.
 */
export interface WarehouseProjector<T extends EventType = EventType> extends ProjectorIdentity<T> {
  readonly kind: 'warehouse';
  setup(warehouse: Warehouse, context?: WarehouseContext): Promise<void>;
  apply(warehouse: Warehouse, events: ProjectedEvent<T>[], context?: WarehouseContext): Promise<void | 'deferred'>;
}

/**
 * What else a warehouse projector may use: Postgres, for reference tables (the content library,
 * users' time zones) that derived rows depend on. `apply` only reads it: the runner moves the
 * checkpoint. `catchingUp`: more of the log follows at once (the batch was a full page), so work
 * may be deferred.
 */
export interface WarehouseContext {
  readonly sql: Sql;
  readonly catchingUp?: boolean;
  /**
   * `setup` called while the runner starts (before the server listens): make what queries need
   * (tables), and leave long work to the `setup` the projector's own loop calls next.
   */
  readonly starting?: boolean;
}

// `apply` is declared as a method, so a projector of a few types still fits the general type.
export type Projector = PostgresProjector | WarehouseProjector;

/** Identity helpers: they only infer `T` from `handles`, so `apply` sees the narrowed events. */
export const postgresProjector = <T extends EventType>(p: Omit<PostgresProjector<T>, 'kind'>): PostgresProjector<T> => ({ kind: 'postgres', ...p });
export const warehouseProjector = <T extends EventType>(p: Omit<WarehouseProjector<T>, 'kind'>): WarehouseProjector<T> => ({ kind: 'warehouse', ...p });

export const projectionKey = (p: { name: string; version: number }): string => `${p.name}@v${p.version}`;
