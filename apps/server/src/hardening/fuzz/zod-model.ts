import { z } from 'zod';

/**
 * A plain description of a zod v4 schema, read from `schema._zod.def`, that the fuzzer generates values from.
 * JSON Schema is not enough: `z.toJSONSchema` of a `.meta({id})` schema is a `$ref` into `$defs`, and it drops
 * what a pipe adds on its output side (`EmailSchema`'s e-mail format, `HttpUrlSchema`'s URL check), so values built
 * from it are not valid. The def keeps everything, and `schema.safeParse` stays the judge of what is valid.
 */
export type Model =
  | StringModel
  | { kind: 'number'; int: boolean; min?: number; max?: number; minExclusive: boolean; maxExclusive: boolean }
  | { kind: 'boolean' }
  | { kind: 'null' }
  | { kind: 'literal'; values: Primitive[] }
  | ObjectModel
  | { kind: 'array'; item: Field; minItems: number; maxItems?: number }
  | { kind: 'record'; value: Field }
  | { kind: 'union'; options: Field[]; discriminator?: string }
  | { kind: 'any' };

export type Primitive = string | number | boolean | null;

export interface StringModel {
  kind: 'string';
  minLength: number;
  maxLength?: number;
  /** Regular expressions the value must match (own `.regex()`s and the pattern of a format such as e-mail). */
  patterns: RegExp[];
  /** zod string formats: 'email', 'url', 'uuid', 'regex'… */
  formats: string[];
  /** An `overwrite` check (`.trim()`, `.toLowerCase()`) runs before the length checks. */
  normalises: boolean;
}

export interface ObjectModel {
  kind: 'object';
  fields: Record<string, Field>;
  /** strict: unknown keys are a 400; strip: ignored; loose: kept. */
  unknownKeys: 'strict' | 'strip' | 'loose';
}

/** A model with how its position may be left out: `optional` (or defaulted) and `nullable`. */
export interface Field {
  model: Model;
  optional: boolean;
  nullable: boolean;
  /** The zod schema of this position: `safeParse` decides validity (transforms and refinements included). */
  schema: z.core.$ZodType;
}

interface LooseCheck {
  check?: string;
  format?: string;
  pattern?: RegExp;
  minimum?: number;
  maximum?: number;
  length?: number;
  value?: number | bigint;
  inclusive?: boolean;
}

interface LooseDef extends LooseCheck {
  type: string;
  checks?: { _zod: { def: LooseCheck } }[];
  shape?: Record<string, z.core.$ZodType>;
  catchall?: z.core.$ZodType;
  options?: readonly z.core.$ZodType[];
  discriminator?: string;
  innerType?: z.core.$ZodType;
  in?: z.core.$ZodType;
  out?: z.core.$ZodType;
  element?: z.core.$ZodType;
  valueType?: z.core.$ZodType;
  entries?: Record<string, string | number>;
  values?: Primitive[];
  getter?: () => z.core.$ZodType;
}

const defOf = (schema: z.core.$ZodType): LooseDef => (schema as unknown as { _zod: { def: LooseDef } })._zod.def;

export function isZodSchema(value: unknown): value is z.core.$ZodType {
  return value instanceof z.ZodType || (typeof value === 'object' && value !== null && '_zod' in value);
}

function stringModel(def: LooseDef): StringModel {
  const model: StringModel = { kind: 'string', minLength: 0, patterns: [], formats: [], normalises: false };
  // A string format schema (z.email(), z.uuid()) carries its format on itself as well as in its checks.
  for (const c of [def, ...(def.checks ?? []).map((check) => check._zod.def)]) {
    switch (c.check ?? '') {
      case 'min_length':
        model.minLength = Math.max(model.minLength, c.minimum ?? 0);
        break;
      case 'max_length':
        model.maxLength = Math.min(model.maxLength ?? Infinity, c.maximum ?? Infinity);
        break;
      case 'length_equals':
        model.minLength = c.length ?? 0;
        model.maxLength = c.length;
        break;
      case 'string_format':
        if (c.format && !model.formats.includes(c.format)) model.formats.push(c.format);
        if (c.pattern && !model.patterns.some((p) => p.source === c.pattern!.source)) model.patterns.push(c.pattern);
        break;
      case 'overwrite':
        model.normalises = true;
        break;
      default:
        if (c === def && def.format && !model.formats.includes(def.format)) {
          model.formats.push(def.format);
          if (def.pattern) model.patterns.push(def.pattern);
        }
    }
  }
  return model;
}

function numberModel(def: LooseDef): Model {
  const model: Extract<Model, { kind: 'number' }> = { kind: 'number', int: false, minExclusive: false, maxExclusive: false };
  for (const c of [def, ...(def.checks ?? []).map((check) => check._zod.def)]) {
    if (c.check === 'number_format' || (c === def && def.format)) {
      if (/int/.test(c.format ?? '')) model.int = true;
      if (typeof c.minimum === 'number') model.min = Math.max(model.min ?? -Infinity, c.minimum);
      if (typeof c.maximum === 'number') model.max = Math.min(model.max ?? Infinity, c.maximum);
    } else if (c.check === 'greater_than' && c.value !== undefined) {
      model.min = Number(c.value);
      model.minExclusive = !c.inclusive;
    } else if (c.check === 'less_than' && c.value !== undefined) {
      model.max = Number(c.value);
      model.maxExclusive = !c.inclusive;
    }
  }
  return model;
}

/** Merges the input and output sides of a pipe: `z.string().max(254).pipe(z.email())` is one constrained string. */
function mergePipe(input: Field, output: Field): Model {
  if (input.model.kind === 'any') return output.model;
  if (output.model.kind === 'any') return input.model;
  if (input.model.kind === 'string' && output.model.kind === 'string') {
    const a = input.model;
    const b = output.model;
    const maxLength = Math.min(a.maxLength ?? Infinity, b.maxLength ?? Infinity);
    return {
      kind: 'string',
      minLength: Math.max(a.minLength, b.minLength),
      ...(Number.isFinite(maxLength) ? { maxLength } : {}),
      patterns: [...a.patterns, ...b.patterns],
      formats: [...a.formats, ...b.formats],
      normalises: a.normalises || b.normalises,
    };
  }
  return input.model;
}

/** Describes a schema; `depth` guards against recursive (lazy) schemas. */
export function describe(schema: z.core.$ZodType, depth = 0): Field {
  const def = defOf(schema);
  const field = (model: Model): Field => ({ model, optional: false, nullable: false, schema });
  if (depth > 12) return field({ kind: 'any' });
  switch (def.type) {
    case 'optional':
    case 'default':
    case 'prefault':
      return { ...describe(def.innerType!, depth + 1), optional: true, schema };
    case 'nullable':
      return { ...describe(def.innerType!, depth + 1), nullable: true, schema };
    case 'nonoptional':
      return { ...describe(def.innerType!, depth + 1), optional: false, schema };
    case 'readonly':
    case 'catch':
      return { ...describe(def.innerType!, depth + 1), schema };
    case 'lazy':
      return { ...describe(def.getter!(), depth + 1), schema };
    case 'pipe': {
      const input = describe(def.in!, depth + 1);
      return { ...input, model: mergePipe(input, describe(def.out!, depth + 1)), schema };
    }
    case 'string':
      return field(stringModel(def));
    case 'number':
      return field(numberModel(def));
    case 'boolean':
      return field({ kind: 'boolean' });
    case 'null':
      return field({ kind: 'null' });
    case 'enum':
      return field({ kind: 'literal', values: Object.values(def.entries ?? {}) });
    case 'literal':
      return field({ kind: 'literal', values: def.values ?? [] });
    case 'object': {
      const catchall = def.catchall ? defOf(def.catchall).type : undefined;
      return field({
        kind: 'object',
        fields: Object.fromEntries(Object.entries(def.shape ?? {}).map(([k, v]) => [k, describe(v, depth + 1)])),
        unknownKeys: catchall === 'never' ? 'strict' : catchall ? 'loose' : 'strip',
      });
    }
    case 'array': {
      const lengths = stringModel({ type: 'string', checks: def.checks });
      return field({
        kind: 'array',
        item: describe(def.element!, depth + 1),
        minItems: lengths.minLength,
        ...(lengths.maxLength !== undefined ? { maxItems: lengths.maxLength } : {}),
      });
    }
    case 'record':
      return field({ kind: 'record', value: describe(def.valueType!, depth + 1) });
    case 'union':
      return field({
        kind: 'union',
        options: (def.options ?? []).map((o) => describe(o, depth + 1)),
        ...(def.discriminator ? { discriminator: def.discriminator } : {}),
      });
    default:
      // transform, any, unknown, custom…: anything goes as far as the model knows; safeParse still judges.
      return field({ kind: 'any' });
  }
}

/** True when `value` is accepted by the schema (what the server's validator will decide). */
export function accepts(schema: z.core.$ZodType, value: unknown): boolean {
  return z.safeParse(schema, value).success;
}
