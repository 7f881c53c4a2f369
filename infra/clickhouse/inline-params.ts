import type { WarehouseParams } from './clickhouse.ts';

// chdb runs every statement that binds parameters on one chain for the whole process
// (chdb-warehouse.ts): a report's five or six queries, and every other reader's, wait for each
// other, some 150 ms for a report on a busy server. A statement whose parameters are all numbers,
// dates, times or lists of numbers can instead carry them as typed constants and run side by side.
// Only values of those exact shapes are written into the SQL, each as `CAST(literal AS Type)`, the
// typed constant binding makes of it; text is never written in (it stays bound, never quoted by
// hand), so nothing a user typed can reach the statement's text. A `{name:Type}` placeholder is
// taken wherever it stands: the statements are our own and hold none inside a string literal.

const placeholder = /\{(\w+):([^{}]+)\}/g;
const date = /^\d{4}-\d{2}-\d{2}$/;
const time = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,9})?$/;
const integerType = /^(U?)Int(8|16|32|64)$/;
const integerArrayType = /^Array\((U?Int(?:8|16|32|64))\)$/;
const timeTypes = /^DateTime64\(\d, 'UTC'\)$/;

/**
 * Whether `value` is an integer that `type` holds: a cast would wrap one out of range (-1 as UInt64
 * is 18446744073709551615) where binding refuses it.
 */
function fits(type: string, value: unknown): value is number | bigint {
  const [, unsigned, bits] = integerType.exec(type) ?? [];
  if (!bits || !((typeof value === 'number' && Number.isSafeInteger(value)) || typeof value === 'bigint')) return false;
  const n = BigInt(value);
  const [min, max] = unsigned ? [0n, (1n << BigInt(bits)) - 1n] : [-(1n << BigInt(Number(bits) - 1)), (1n << BigInt(Number(bits) - 1)) - 1n];
  return n >= min && n <= max;
}

/** The literal of `value` as a `type` constant, or null when it is not one of the shapes above. */
function literal(type: string, value: unknown): string | null {
  if (integerType.test(type)) return fits(type, value) ? String(value) : null;
  const element = integerArrayType.exec(type)?.[1];
  if (element) return Array.isArray(value) && value.every((item) => fits(element, item)) ? `[${value.map(String).join(',')}]` : null;
  if (type === 'Date') return typeof value === 'string' && date.test(value) ? `'${value}'` : null;
  if (timeTypes.test(type)) return typeof value === 'string' && time.test(value) ? `'${value}'` : null;
  return null;
}

/** `sql` with its parameters as typed constants, or null when one of them must stay bound. */
export function inlineParams(sql: string, params: WarehouseParams): string | null {
  let bound = false;
  const inlined = sql.replace(placeholder, (whole, name: string, type: string) => {
    const value = Object.hasOwn(params, name) ? literal(type.trim(), params[name]) : null;
    if (value === null) {
      bound = true;
      return whole;
    }
    return `CAST(${value} AS ${type.trim()})`;
  });
  return bound ? null : inlined;
}
