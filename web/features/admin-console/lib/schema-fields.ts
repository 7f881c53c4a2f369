import type { z } from 'zod';

// The console draws every input from the entity's zod schema (issue 18 item 6: generated, not
// written per entity): a field's kind, its choices and whether it may be empty come from the
// schema the server validates with, so a new field or a new enum value shows up by itself.

export type FieldKind = 'text' | 'number' | 'boolean' | 'enum' | 'date' | 'datetime' | 'numberList' | 'enumList' | 'textList' | 'json';

export interface FieldSpec {
  key: string;
  kind: FieldKind;
  /** The choices of an enum or of an enum list. */
  options: string[];
  /** Null is a value of its own (cleared), not "leave unchanged". */
  nullable: boolean;
  /** Required in the object: neither optional nor defaulted. */
  required: boolean;
}

interface Def {
  type: string;
  innerType?: z.ZodType;
  out?: z.ZodType;
  element?: z.ZodType;
  entries?: Record<string, string>;
  format?: string;
}

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Peels optional, nullable, default and pipe wrappers off a schema, noting what they said. */
function unwrap(schema: z.ZodType): { base: z.ZodType; nullable: boolean; optional: boolean } {
  let base = schema;
  let nullable = false;
  let optional = false;
  for (;;) {
    const def = defOf(base);
    if (def.type === 'nullable') nullable = true;
    else if (def.type === 'optional' || def.type === 'default' || def.type === 'prefault') optional = true;
    else if (def.type === 'pipe' && def.out) {
      // A pipe's output is what the server keeps (an id sent as text becomes a number).
      base = def.out;
      continue;
    } else return { base, nullable, optional };
    base = def.innerType!;
  }
}

function kindOf(base: z.ZodType): { kind: FieldKind; options: string[] } {
  const def = defOf(base);
  switch (def.type) {
    case 'string':
      return { kind: def.format === 'date' ? 'date' : def.format === 'datetime' ? 'datetime' : 'text', options: [] };
    case 'number':
      return { kind: 'number', options: [] };
    case 'boolean':
      return { kind: 'boolean', options: [] };
    case 'enum':
      return { kind: 'enum', options: Object.values(def.entries ?? {}) };
    case 'array': {
      const element = kindOf(unwrap(def.element!).base);
      if (element.kind === 'number') return { kind: 'numberList', options: [] };
      if (element.kind === 'enum') return { kind: 'enumList', options: element.options };
      if (element.kind === 'text' || element.kind === 'date') return { kind: 'textList', options: [] };
      return { kind: 'json', options: [] };
    }
    default:
      return { kind: 'json', options: [] };
  }
}

export function fieldSpec(key: string, schema: z.ZodType): FieldSpec {
  const { base, nullable, optional } = unwrap(schema);
  return { key, ...kindOf(base), nullable, required: !optional && !nullable };
}

/** The fields of an object schema, in its order, except those named in `skip`. */
export function fieldSpecs(schema: z.ZodType, skip: readonly string[] = []): FieldSpec[] {
  const shape = (defOf(unwrap(schema).base) as Def & { shape?: Record<string, z.ZodType> }).shape ?? {};
  return Object.entries(shape)
    .filter(([key]) => !skip.includes(key))
    .map(([key, type]) => fieldSpec(key, type));
}

/** What an input holds: text ('true', 'false' or '' for a boolean), the picked choices of an enum list. */
export type InputValue = string | string[];

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as a datetime-local input shows it (local time, minutes). */
export function localDateTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A stored value as its input shows it. */
export function toInput(spec: FieldSpec, value: unknown): InputValue {
  if (spec.kind === 'boolean') return value === true ? 'true' : value === false ? 'false' : '';
  if (spec.kind === 'enumList') return Array.isArray(value) ? value.map(String) : [];
  if (value === null || value === undefined) return '';
  if (spec.kind === 'numberList' || spec.kind === 'textList') return Array.isArray(value) ? value.join(', ') : String(value);
  if (spec.kind === 'datetime') return localDateTime(String(value));
  if (spec.kind === 'json') return JSON.stringify(value);
  return String(value);
}

const listItems = (text: string) =>
  text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');

/**
 * An input as the request carries it; undefined leaves the field out. Nothing is checked here:
 * what does not parse is sent as typed, so the server's ValidationError names the field (one set
 * of rules, the server's). A form changing a row passes its edited fields as required: a cleared
 * one is sent, not silently kept.
 */
export function fromInput(spec: FieldSpec, input: InputValue): unknown {
  // A boolean left at '' is left out (the column default, or "either" in a filter).
  if (spec.kind === 'boolean') return input === 'true' ? true : input === 'false' ? false : undefined;
  if (spec.kind === 'enumList') return Array.isArray(input) && input.length > 0 ? input : undefined;
  const text = typeof input === 'string' ? input : '';
  // Empty: null where null is a value; for a field that must have one, the empty text, so the
  // server names it; otherwise left out.
  if ((spec.kind === 'text' ? text : text.trim()) === '') return spec.nullable ? null : spec.required ? text : undefined;
  switch (spec.kind) {
    case 'number':
      return Number.isNaN(Number(text)) ? text : Number(text);
    case 'numberList':
      return listItems(text).map((part) => (Number.isNaN(Number(part)) ? part : Number(part)));
    case 'textList':
      return listItems(text);
    case 'datetime': {
      const d = new Date(text);
      return Number.isNaN(d.getTime()) ? text : d.toISOString();
    }
    case 'json':
      try {
        return JSON.parse(text) as unknown;
      } catch {
        return text;
      }
    default:
      return text;
  }
}

/** A value for a list cell: short, whatever its type. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.length > 80 ? `${value.slice(0, 77)}…` : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return cellText(JSON.stringify(value));
}
