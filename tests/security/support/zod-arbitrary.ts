import fc from 'fast-check';
import type { z } from 'zod';

// fast-check arbitraries from the zod schemas of the event catalogue: only the shapes those use
// (objects, strings with formats and lengths, numbers with bounds, enums, literals, arrays,
// records, unions, nullable, optional, unknown JSON). Each leaf is filtered by its own schema, so
// every value is one the current schemas accept; strings lean on text that broke stores before:
// quotes, backslashes, tabs, newlines, SQL and COPY syntax, emoji, combining marks, RTL text.

const awkward = [
  '', ' ', "'", '"', '\\', '\\\\', '\t', '\n', '\r\n', '\\N', '\\.', "'; DROP TABLE events; --", '" OR 1=1 --', '%s $1 ?',
  '😀', '👩‍👩‍👧‍👦', 'e\u0301', 'ä ö å Ä Ö Å', 'مرحبا', '\u2028\u2029', '\u00a0', '\ufeff', '\ufffd', '{"a":[1,2]}', '[]', 'null',
  '\\u0000', '\\ud800', 'x'.repeat(300), '<script>alert(1)</script>', '\u001f\u0007', '𝄞',
];
const text = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...awkward) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.array(fc.constantFrom(...awkward), { maxLength: 4 }).map((parts) => parts.join('')) },
);

const lo = Date.UTC(2000, 0, 1);
const hi = Date.UTC(2099, 11, 30);
const instant = fc.oneof(
  fc.integer({ min: lo, max: hi }).map((ms) => new Date(ms).toISOString()),
  // An offset other than Z, as browsers in other zones may send.
  fc.tuple(fc.integer({ min: lo + 86_400_000, max: hi }), fc.integer({ min: -48, max: 56 })).map(([ms, quarters]) => {
    const shifted = new Date(ms + quarters * 15 * 60_000).toISOString().slice(0, 19);
    const sign = quarters < 0 ? '-' : '+';
    const minutes = Math.abs(quarters) * 15;
    return `${shifted}${sign}${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  }),
);

interface Check {
  check?: string;
  format?: string;
  value?: number;
  inclusive?: boolean;
  minimum?: number;
  maximum?: number;
}
type Def = { type: string; format?: string; checks?: { _zod: { def: Check } }[]; [key: string]: unknown };
const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;
const checksOf = (def: Def) => (def.checks ?? []).map((c) => c._zod.def);

function numberArbitrary(def: Def): fc.Arbitrary<number> {
  let min = -1e9;
  let max = 1e9;
  let int = false;
  let step = 0;
  for (const c of checksOf(def)) {
    if (c.check === 'number_format' && (c.format === 'safeint' || c.format === 'int32')) int = true;
    if (c.check === 'greater_than') min = c.value!;
    if (c.check === 'less_than') max = c.value!;
    if (c.check === 'multiple_of') step = c.value!;
  }
  if (step) return fc.integer({ min: Math.ceil(min / step), max: Math.floor(max / step) }).map((k) => k * step);
  if (int) {
    // Small values meet each other (the same user, list, file); large ones test the columns' range.
    const small = fc.integer({ min: Math.max(min, 0), max: Math.min(max, Math.max(min, 0) + 5) });
    return fc.oneof({ weight: 4, arbitrary: small }, { weight: 1, arbitrary: fc.integer({ min: Math.max(min, -(2 ** 31)), max: Math.min(max, Number.MAX_SAFE_INTEGER) }) });
  }
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

export function arbitraryOf(schema: z.ZodType): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const valid = (arb: fc.Arbitrary<unknown>) => arb.filter((v) => schema.safeParse(v).success);
  switch (def.type) {
    case 'object': {
      const shape = def.shape as Record<string, z.ZodType>;
      return fc.record(Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, arbitraryOf(v)])));
    }
    case 'string':
      if (def.format === 'datetime') return valid(instant);
      if (def.format === 'date') return valid(instant.map((s) => new Date(Date.parse(s)).toISOString().slice(0, 10)));
      if (def.format === 'uuid') return fc.uuid();
      return valid(text);
    case 'number':
      return valid(numberArbitrary(def));
    case 'boolean':
      return fc.boolean();
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, unknown>));
    case 'nullable':
      return fc.option(arbitraryOf(def.innerType as z.ZodType), { nil: null });
    case 'optional':
      return fc.option(arbitraryOf(def.innerType as z.ZodType), { nil: undefined });
    case 'default':
      return arbitraryOf(def.innerType as z.ZodType);
    case 'array': {
      const lengths = checksOf(def);
      const minLength = lengths.find((c) => c.check === 'min_length')?.minimum ?? 0;
      const maxLength = Math.min(lengths.find((c) => c.check === 'max_length')?.maximum ?? 5, 5);
      return fc.array(arbitraryOf(def.element as z.ZodType), { minLength, maxLength });
    }
    case 'record':
      return fc.dictionary(arbitraryOf(def.keyType as z.ZodType) as fc.Arbitrary<string>, arbitraryOf(def.valueType as z.ZodType), { maxKeys: 4 });
    case 'union':
      return fc.oneof(...(def.options as z.ZodType[]).map(arbitraryOf));
    case 'unknown':
      return valid(fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.parse(JSON.stringify(v)) as unknown));
    default:
      throw new Error(`no arbitrary for zod type ${def.type}`);
  }
}
