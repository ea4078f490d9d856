/**
 * Structural comparison of a simulator answer with a recorded fixture: same JSON types, every
 * key the fixture always has is always present, every key it sometimes has appears at least once.
 */
type JsonType = 'null' | 'boolean' | 'number' | 'string' | 'array' | 'object';

interface Shape {
  types: Set<JsonType>;
  samples: number;
  keys: Map<string, { count: number; shape: Shape }>;
  objects: number;
  items?: Shape;
}

export interface CompareOptions {
  /** Dotted paths whose object keys are data (e.g. 'nics'): values are compared, names are not. */
  dynamicKeys?: string[];
  /** Dotted paths of fixture keys the simulator may lack, with the reason (documented exemptions). */
  exempt?: Record<string, string>;
}

export function jsonType(v: unknown): JsonType {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  const t = typeof v;
  if (t === 'boolean' || t === 'number' || t === 'string') return t;
  return 'object';
}

function emptyShape(): Shape {
  return { types: new Set(), samples: 0, keys: new Map(), objects: 0 };
}

export function buildShape(values: unknown[], opts: CompareOptions = {}, path = ''): Shape {
  const shape = emptyShape();
  const dynamic = opts.dynamicKeys?.includes(path) ?? false;
  const byKey = new Map<string, unknown[]>();
  const counts = new Map<string, number>();
  const items: unknown[] = [];
  for (const v of values) {
    shape.samples++;
    const t = jsonType(v);
    shape.types.add(t);
    if (t === 'object') {
      shape.objects++;
      const entries = Object.entries(v as Record<string, unknown>).filter(([k]) => !k.startsWith('_'));
      for (const [k, val] of dynamic ? entries.map(([, val]) => ['*', val] as const) : entries) {
        byKey.set(k, [...(byKey.get(k) ?? []), val]);
      }
      for (const k of new Set(dynamic ? (entries.length > 0 ? ['*'] : []) : entries.map(([k]) => k)))
        counts.set(k, (counts.get(k) ?? 0) + 1);
    } else if (t === 'array') {
      items.push(...(v as unknown[]));
    }
  }
  for (const [k, vals] of byKey) shape.keys.set(k, { count: counts.get(k) ?? 0, shape: buildShape(vals, opts, join(path, k)) });
  if (items.length > 0) shape.items = buildShape(items, opts, path);
  return shape;
}

const join = (a: string, b: string): string => (a ? `${a}.${b}` : b);

/** Problems found comparing `actual` values against the fixture shape (empty when they match). */
export function compareToShape(fixture: Shape, actual: unknown[], opts: CompareOptions = {}, path = ''): string[] {
  const problems: string[] = [];
  const where = path || '(root)';
  const dynamic = opts.dynamicKeys?.includes(path) ?? false;
  for (const v of actual) {
    const t = jsonType(v);
    const nullable = t === 'null' && fixture.types.has('null');
    if (!fixture.types.has(t) && !nullable) {
      problems.push(`${where}: type ${t}, fixture has ${[...fixture.types].join('|')}`);
    }
  }
  const objects = actual.filter((v) => jsonType(v) === 'object') as Record<string, unknown>[];
  if (fixture.objects > 0 && objects.length > 0) {
    for (const [key, { count, shape }] of fixture.keys) {
      const kp = join(path, key);
      if (opts.exempt?.[kp]) continue;
      const values = dynamic ? objects.flatMap((o) => Object.values(o)) : objects.filter((o) => key in o).map((o) => o[key]);
      const always = count === fixture.objects;
      if (dynamic) {
        if (values.length === 0) problems.push(`${kp}: no entries`);
      } else if (always) {
        const missing = objects.filter((o) => !(key in o)).length;
        if (missing > 0) problems.push(`${kp}: missing in ${missing} of ${objects.length} answers`);
      } else if (values.length === 0) {
        problems.push(`${kp}: optional key never produced`);
      }
      problems.push(...compareToShape(shape, values, opts, kp));
    }
  }
  if (fixture.items) {
    const items = actual.filter(Array.isArray).flat();
    if (items.length > 0) problems.push(...compareToShape(fixture.items, items, opts, path));
    else if (fixture.items.samples > 0) problems.push(`${where}: empty list, fixture has items`);
  }
  return problems;
}

/** Strips metadata keys (starting with '_') from a fixture file. */
export function stripMeta<T>(v: T): T {
  if (Array.isArray(v)) return v.map(stripMeta) as T;
  if (v && typeof v === 'object') {
    return Object.fromEntries(
      Object.entries(v)
        .filter(([k]) => !k.startsWith('_'))
        .map(([k, x]) => [k, stripMeta(x)]),
    ) as T;
  }
  return v;
}
