// One small interface over a Postgres server (`pg`) and PGlite, so the event store, the
// projection checkpoints and the read models run unchanged on both.

export type SqlParam = string | number | boolean | null | Date | Uint8Array | readonly unknown[] | object;

export interface QueryOptions {
  /**
   * Names the statement so a Postgres server parses and plans it once per connection, not on
   * every call: for the few hot statements only, and one name is always one text. PGlite ignores it.
   */
  prepareAs?: string;
}

export interface Queryable {
  query<Row = Record<string, unknown>>(text: string, params?: readonly SqlParam[], options?: QueryOptions): Promise<Row[]>;
  /**
   * Bulk load: `COPY <target> FROM` the given rows in COPY's text format (tab-separated, escaped).
   * Optional, so other Queryables need not offer it; callers fall back to INSERT without it.
   */
  copyFrom?(target: string, text: string): Promise<void>;
}

export interface Sql extends Queryable {
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Several statements without parameters (schema set-up). */
  exec(text: string): Promise<void>;
  /**
   * Calls `onNotify` with each NOTIFY's payload on `channel` (from this process or another): wakes
   * event subscribers after an append, and carries the live channel's fan-out between instances.
   */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  readonly kind: 'postgres' | 'pglite';
  close(): Promise<void>;
}
