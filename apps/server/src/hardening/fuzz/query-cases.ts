import fc from 'fast-check';
import { INJECTION_EDGES, fieldEdges } from './edge-values';
import { asText, type PartArbitraries } from './parts';
import { type FuzzTargets } from './targets';
import { sampleValid, validArbitrary } from './valid-values';
import { mutantArbitrary } from './value-mutations';
import { type Field } from './zod-model';

/* Query strings: the edge values of each declared key, repeated and stray keys, raw strings the parser must cope with. */

export interface QueryCase {
  /** Encoded `key=value` pairs (a repeated key is several pairs). */
  search: string;
  /** What the server's query parser yields, when known. */
  parsed?: { value: Record<string, string | string[]> };
  label: string;
}

/**
 * Plain words that also occur in log lines ("received undefined"). The test harness treats an accepted `token` query
 * value as a secret and fails the run when a log line contains one, so query values never use them.
 */
const LOG_WORDS = new Set(['undefined', 'constructor', '__proto__', 'general', 'restart']);
const notALogWord = (v: string | string[]) => ![v].flat().some((s) => LOG_WORDS.has(s.trim()));

/**
 * A run of one character ('a' x 200, a length boundary) becomes a mix of the same length: the same run shows up in
 * logged paths and addresses, where the secret scan would take it for a leaked token.
 */
const distinctive = (v: string | string[]): string | string[] =>
  Array.isArray(v)
    ? v.map((s) => distinctive(s) as string)
    : /^(.)\1{5,}$/su.test(v)
      ? 'Qz9'.repeat(v.length).slice(0, v.length)
      : v;

function queryCase(entries: [string, string | string[]][], label: string): QueryCase {
  const pairs: string[] = [];
  const value: Record<string, string | string[]> = {};
  for (const [k, raw] of entries) {
    const v = distinctive(raw);
    for (const item of [v].flat()) pairs.push(`${encodeURIComponent(k)}=${encodeURIComponent(item)}`);
    value[k] = v;
  }
  return { search: pairs.join('&'), parsed: { value }, label };
}

/** A query value: a string, or the repeated key of an array of strings; other types as JSON text. */
function queryValue(v: unknown): string | string[] | undefined {
  if (Array.isArray(v) && v.length > 0 && v.every((x) => typeof x === 'string')) {
    const items = v.map((x) => asText(x, 10_000));
    return items.every((x): x is string => x !== undefined) ? items : undefined;
  }
  const text = asText(v, 10_000);
  return text !== undefined && notALogWord(text) ? text : undefined;
}

const RAW_QUERIES = [
  'a',
  '&&&',
  '=',
  '%',
  '%zz=1',
  'a=%ED%A0%80',
  'context[]=x',
  'context[a]=b',
  'a=1&a=2&a=3',
  `${'k=v&'.repeat(2000)}k=v`,
  '__proto__[x]=1',
  'constructor[prototype][x]=1',
];

const STRAY_KEYS = ['context', 'token', 'to', 'type', 'limit', '__proto__', 'constructor', ''];

function queryEntries(o: unknown): [string, string | string[]][] {
  return Object.entries(o as Record<string, unknown>).flatMap(([k, v]): [string, string | string[]][] => {
    const q = queryValue(v);
    return q === undefined ? [] : [[k, q]];
  });
}

/** Query strings from the route's querystring schema; routes without one get stray keys when mutated. */
export function queryArbitraries(field: Field | null, targets: FuzzTargets): PartArbitraries<QueryCase> {
  const raw = fc.constantFrom(...RAW_QUERIES).map((search): QueryCase => ({ search, label: 'raw query' }));
  const stray = fc
    .array(
      fc.tuple(
        fc.oneof(fc.constantFrom(...STRAY_KEYS), fc.string({ maxLength: 10 })),
        fc.oneof(
          fc.string({ unit: 'grapheme', maxLength: 30 }),
          fc.constant('z'.repeat(5000)),
          fc.constantFrom(...INJECTION_EDGES.map((e) => e.value).filter((s) => notALogWord(s))),
        ),
      ),
      { minLength: 1, maxLength: 4 },
    )
    .map((entries) => queryCase([...new Map(entries).entries()], 'stray keys'));
  if (!field || field.model.kind !== 'object') {
    return { valid: fc.constant({ search: '', parsed: { value: {} }, label: 'no query' }), mutated: fc.oneof(stray, raw) };
  }
  const fields = field.model.fields;
  const keys = Object.keys(fields);
  const validEntries = validArbitrary(field, targets).map(queryEntries);
  const perKey = keys.map((k) =>
    fc
      .tuple(
        validEntries,
        mutantArbitrary(fields[k]!, targets)
          .map(queryValue)
          .filter((v): v is string | string[] => v !== undefined),
      )
      .map(([entries, v]) => queryCase([...entries.filter(([key]) => key !== k), [k, v]], `query ${k}`)),
  );
  return {
    valid: validEntries.map((entries) => queryCase(entries, 'valid')),
    mutated: fc.oneof(
      { weight: 6, arbitrary: fc.oneof(...perKey) },
      // The same key twice (an array where a string is expected).
      {
        weight: 1,
        arbitrary: fc
          .tuple(validEntries, fc.constantFrom(...keys))
          .map(([entries, k]) => queryCase([...entries.filter(([key]) => key !== k), [k, ['a', 'b']]], 'repeated key')),
      },
      {
        weight: 2,
        arbitrary: fc.tuple(validEntries, stray).map(([entries, s]) => ({
          search: [queryCase(entries, '').search, s.search].filter(Boolean).join('&'),
          label: 'stray keys',
        })),
      },
      { weight: 1, arbitrary: raw },
    ),
  };
}

/** The query sweep: for each declared key, every edge value of its schema and a repeated key; stray and raw ones. */
export function querySweep(field: Field | null, targets: FuzzTargets, seed: number): QueryCase[] {
  const cases: QueryCase[] = RAW_QUERIES.map((search) => ({ search, label: `raw ${search.slice(0, 20)}` }));
  cases.push(...STRAY_KEYS.map((k) => queryCase([[k, 'stray']], `stray key ${JSON.stringify(k)}`)));
  if (!field || field.model.kind !== 'object') return cases;
  const base = queryEntries(sampleValid(field, targets, seed));
  cases.push(queryCase(base, 'valid'));
  for (const [key, sub] of Object.entries(field.model.fields)) {
    const rest = base.filter(([k]) => k !== key);
    cases.push(queryCase([...rest, [key, ['a', 'b']]], `${key}: repeated`));
    for (const e of fieldEdges(sub, targets)) {
      const v = queryValue(e.value);
      if (v !== undefined) cases.push(queryCase([...rest, [key, v]], `${key}: ${e.label}`));
    }
  }
  return cases;
}
