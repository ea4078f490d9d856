import fc from 'fast-check';
import { BAD_UUIDS, edgeArbitrary, fieldEdges, type Labelled } from './edge-values';
import { asText, objectFields, type PartArbitraries } from './parts';
import { type FuzzTargets } from './targets';
import { sampleValid, validArbitrary } from './valid-values';
import { mutantArbitrary } from './value-mutations';
import { type Field } from './zod-model';

/* Path parameters: bad ids, raw segments that break the URL, and the edge values of the params schema. */

/** One path segment: `raw` ones go into the URL as they are (traversal, broken percent-encoding). */
export interface Segment {
  text: string;
  raw: boolean;
}

export interface ParamsCase {
  values: Record<string, Segment>;
  label: string;
}

const RAW_SEGMENTS = [
  '..',
  '.',
  '../..',
  '%',
  '%zz',
  '%ED%A0%80',
  '%C0%AF',
  '%00',
  '%2F',
  'a%2Fb',
  '%252e%252e',
  ';',
  '%20',
  '..%2F..%2F',
];

const BAD_IDS: Labelled<string>[] = [
  ...['', ' ', '0', '-1', '1e9', 'null', 'undefined', 'NaN'].map((value) => ({ label: `id ${JSON.stringify(value)}`, value })),
  { label: 'id of 199 characters', value: 'p'.repeat(199) },
  { label: 'id of 201 characters (over the router limit)', value: 'p'.repeat(201) },
  { label: 'id of 5000 characters', value: 'p'.repeat(5000) },
  { label: 'traversal id', value: '../../etc/passwd' },
  { label: 'windows traversal id', value: '..\\..\\windows' },
  { label: 'encoded traversal id', value: '%2e%2e%2f' },
  { label: 'emoji id', value: '💥' },
  { label: 'astral id', value: '𝕏'.repeat(40) },
  { label: 'right-to-left override id', value: '\u202e' },
  { label: 'fullwidth id', value: 'ａｂｃ' },
  { label: 'SQL id', value: "'; DROP TABLE hosts; --" },
  { label: 'HTML id', value: '<script>' },
  ...BAD_UUIDS,
];

/** Path parameters from the route's params schema (bad ids, traversal, huge and unicode values when mutated). */
export function paramsArbitraries(field: Field | null, names: string[], targets: FuzzTargets): PartArbitraries<ParamsCase> {
  if (names.length === 0) {
    const none = fc.constant<ParamsCase>({ values: {}, label: 'no params' });
    return { valid: none, mutated: none };
  }
  const fields = objectFields(field);
  const validOf = (name: string): fc.Arbitrary<string> => {
    const f = fields[name];
    return f ? validArbitrary(f, targets).map(String) : fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 20 });
  };
  const mutantOf = (name: string): fc.Arbitrary<Segment> => {
    const f = fields[name];
    const fromSchema = f
      ? mutantArbitrary(f, targets)
          .map((v) => asText(v))
          .filter((v): v is string => v !== undefined)
      : fc.string({ unit: 'grapheme', maxLength: 40 });
    return fc.oneof(
      { weight: 4, arbitrary: edgeArbitrary(BAD_IDS).map((text) => ({ text: String(text), raw: false })) },
      { weight: 3, arbitrary: fromSchema.map((text) => ({ text, raw: false })) },
      { weight: 2, arbitrary: fc.constantFrom(...RAW_SEGMENTS).map((text) => ({ text, raw: true })) },
    );
  };
  const valid = fc.record(Object.fromEntries(names.map((n) => [n, validOf(n).map((text): Segment => ({ text, raw: false }))])));
  const mutated = fc.oneof(
    ...names.map((n) =>
      fc.tuple(valid, mutantOf(n)).map(([values, bad]) => ({ values: { ...values, [n]: bad }, label: `param ${n}` })),
    ),
  );
  return { valid: valid.map((values) => ({ values, label: 'valid' })), mutated };
}

/** The params sweep: for each parameter, every bad id, raw segment and edge value of its schema. */
export function paramsSweep(field: Field | null, names: string[], targets: FuzzTargets, seed: number): ParamsCase[] {
  if (names.length === 0) return [];
  const fields = objectFields(field);
  // The base names a row that exists when the test knows one, so that the other parts' sweeps get past the lookup.
  const known = (f: Field) => (f.model.kind === 'string' && f.model.formats.includes('uuid') ? targets.knownIds[0] : undefined);
  const base: Record<string, Segment> = Object.fromEntries(
    names.map((n, i) => {
      const f = fields[n];
      return [n, { text: f ? String(known(f) ?? sampleValid(f, targets, seed + i)) : 'x', raw: false }];
    }),
  );
  const cases: ParamsCase[] = [{ values: base, label: 'valid' }];
  for (const n of names) {
    const texts = [...BAD_IDS, ...(fields[n] ? fieldEdges(fields[n], targets) : [])].flatMap((e) => {
      const text = asText(e.value);
      return text === undefined ? [] : [{ label: e.label, text }];
    });
    const seen = new Set<string>();
    for (const { label, text } of texts) {
      if (seen.has(text)) continue;
      seen.add(text);
      cases.push({ values: { ...base, [n]: { text, raw: false } }, label: `${n}: ${label}` });
    }
    for (const text of RAW_SEGMENTS) cases.push({ values: { ...base, [n]: { text, raw: true } }, label: `${n}: raw ${text}` });
  }
  return cases;
}
