import type { WarehouseParams } from './clickhouse.ts';

// Analysts' SQL runs in a lane of its own (its own chDB sessions, or its own ClickHouse user on a
// server), one query at a time: three slow analyst queries wait for each other instead of
// taking the cores the projector and the caregivers' reports run on.

export interface AnalystLimits {
  /** Rows an answer may hold; ClickHouse stops at one more, so `truncated` is known exactly. */
  maxRows: number;
  maxExecutionSeconds: number;
  /** Bytes of the result block (ClickHouse's max_result_bytes); over it the query fails, never truncates silently. */
  maxResultBytes: number;
  maxMemoryBytes: number;
}

export const defaultAnalystLimits: AnalystLimits = {
  maxRows: 10_000,
  maxExecutionSeconds: 30,
  maxResultBytes: 4_000_000,
  maxMemoryBytes: 1_000_000_000,
};

export interface AnalystLane {
  readonly limits: AnalystLimits;
  /**
   * Parses without running (formatQuery, EXPLAIN AST, EXPLAIN QUERY TREE run_passes=0) and answers
   * ClickHouse's text; on a connection that cannot write. `params` bind the analyst's text, which
   * never enters the SQL of the call itself.
   */
  parse(sql: string, params?: WarehouseParams): Promise<string>;
  /** Runs an already checked statement under readonly and the limits above; rows as JSONEachRow. */
  query(sql: string): Promise<Record<string, unknown>[]>;
}

/**
 * The ClickHouse settings that carry the limits. `limit` caps the outermost result at maxRows + 1
 * (one more tells that rows were cut); `result_overflow_mode = 'throw'` makes max_result_bytes a
 * refusal instead of a silently shortened answer, and max_result_rows is only a backstop to `limit`.
 */
export function analystSettings(limits: AnalystLimits): Record<string, number | string> {
  return {
    limit: limits.maxRows + 1,
    max_result_rows: limits.maxRows + 1,
    max_result_bytes: limits.maxResultBytes,
    result_overflow_mode: 'throw',
    max_execution_time: limits.maxExecutionSeconds,
    max_memory_usage: limits.maxMemoryBytes,
  };
}

/** Runs the given tasks one after another, in the order they were handed in. */
export function oneAtATime(): <T>(task: () => Promise<T>) => Promise<T> {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(task: () => Promise<T>) => {
    const result = tail.then(task, task);
    tail = result.catch(() => undefined);
    return result;
  };
}
