import { z } from 'zod';
import { SafeText } from '../common/safe.ts';

// POST /api/admin/warehouse-sql: read-only SQL on the usage warehouse for analysts (issue 3, deliverable 5).

export const WarehouseSqlRequest = z.strictObject({ sql: SafeText.min(1).max(20_000) });
export type WarehouseSqlRequest = z.infer<typeof WarehouseSqlRequest>;

export const WarehouseSqlResult = z.object({
  /** Column names of the first row, in order (empty when no row came back). */
  columns: z.array(z.string()),
  rows: z.array(z.record(z.string(), z.unknown())),
  rowCount: z.number().int().nonnegative(),
  /** More rows than the limit matched; `rows` holds the first `maxRows`. */
  truncated: z.boolean(),
  maxRows: z.number().int().positive(),
  elapsedMs: z.number().nonnegative(),
});
export type WarehouseSqlResult = z.infer<typeof WarehouseSqlResult>;
