import fc from 'fast-check';
import { z } from 'zod';
import { edgeArbitrary, fieldEdges, nestedArrays, nestedObjects, type Labelled } from './edge-values';
import { type PartArbitraries } from './parts';
import { type FuzzTargets } from './targets';
import { validArbitrary, sampleValid } from './valid-values';
import { mutantArbitrary, sweepValues } from './value-mutations';
import { type Field } from './zod-model';

/*
 * Request bodies: JSON values from the body schema (each mutated at one point, or at random), whole bodies of the
 * wrong shape, JSON text the parser must cope with, and payloads sent under other content types.
 */

const ANY_FIELD: Field = { model: { kind: 'any' }, optional: false, nullable: false, schema: z.unknown() };

export interface BodyCase {
  /** The raw request body; undefined sends none. */
  payload?: string;
  contentType?: string;
  /** What the server's parser hands to validation, when it is known (a JSON payload sent as application/json). */
  parsed?: { value: unknown };
  label: string;
}

const jsonCase = (value: unknown, label: string): BodyCase => {
  if (value === undefined) return { label, parsed: { value: undefined } };
  const payload = JSON.stringify(value);
  return { payload, contentType: 'application/json', parsed: { value: JSON.parse(payload) as unknown }, label };
};

const RAW_PAYLOADS: Labelled<string>[] = [
  { label: 'unclosed brace', value: '{' },
  { label: 'unfinished member', value: '{"a":' },
  { label: 'null', value: 'null' },
  { label: 'empty array', value: '[]' },
  { label: 'a string', value: '"str"' },
  { label: '__proto__ key', value: '{"__proto__":{"x":1}}' },
  { label: 'constructor.prototype', value: '{"constructor":{"prototype":{"x":1}}}' },
  { label: 'empty', value: '' },
  { label: 'blank', value: ' ' },
  { label: 'byte order mark', value: '\ufeff{}' },
  { label: 'single quotes', value: "{'a':1}" },
  { label: 'NaN literal', value: '{"a":NaN}' },
  { label: 'overflowing number', value: '{"a":1e999}' },
  { label: '2000-deep arrays', value: '['.repeat(2000) + ']'.repeat(2000) },
  { label: '100 KB JSON (over the limit)', value: JSON.stringify({ big: 'b'.repeat(100_000) }) },
  { label: '65 KB JSON (just over the limit)', value: JSON.stringify({ fits: 'f'.repeat(65_000) }) },
];

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=utf-16',
  'APPLICATION/JSON',
  'application/vnd.api+json',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/octet-stream',
  '',
  ';;;',
];

/** Payloads that are not a JSON document, or not sent as one. */
export const rawPayloadArbitrary: fc.Arbitrary<BodyCase> = fc
  .record({
    payload: fc.oneof(
      { weight: 4, arbitrary: edgeArbitrary(RAW_PAYLOADS) as fc.Arbitrary<string> },
      { weight: 1, arbitrary: fc.string({ maxLength: 100 }) },
    ),
    contentType: fc.constantFrom(...CONTENT_TYPES),
  })
  .map(({ payload, contentType }) => ({ payload, contentType, label: `raw as ${contentType}` }));

const TEXT_MUTATIONS = [
  'duplicate key',
  'trailing comma',
  'truncated',
  'byte order mark',
  'comment',
  'trailing garbage',
] as const;

/** A valid JSON document turned into text the parser must cope with. */
function textMutant(value: unknown, how: (typeof TEXT_MUTATIONS)[number]): BodyCase {
  const text = JSON.stringify(value) ?? 'null';
  const first = /^\{"([^"]+)":/.exec(text)?.[1];
  const payload = {
    'duplicate key': first ? text.replace(/^\{/, `{"${first}":{"dup":true},`) : text + text,
    'trailing comma': text.replace(/\}$/, ',}'),
    truncated: text.slice(0, Math.max(1, Math.floor(text.length / 2))),
    'byte order mark': `\ufeff${text}`,
    comment: `/* c */${text}`,
    'trailing garbage': `${text}}`,
  }[how];
  return { payload, contentType: 'application/json', label: `text: ${how}` };
}

const WRONG_CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/xml',
  'application/json; charset=latin1',
];

const WHOLE_BODIES: Labelled<unknown>[] = [
  { label: 'no body', value: undefined },
  { label: 'null body', value: null },
  { label: 'array body', value: [] },
  { label: 'string body', value: 'text' },
  { label: 'number body', value: 0 },
  { label: 'boolean body', value: true },
  { label: 'arrays 20 deep (the limit)', value: nestedArrays(20) },
  { label: 'arrays 21 deep', value: nestedArrays(21) },
  { label: 'objects 25 deep', value: nestedObjects(25) },
];

/** Bodies from the route's body schema; a route without one gets no body when valid, anything when mutated. */
export function bodyArbitraries(field: Field | null, targets: FuzzTargets): PartArbitraries<BodyCase> {
  if (!field) {
    return {
      valid: fc.constant<BodyCase>({ label: 'no body', parsed: { value: undefined } }),
      mutated: fc.oneof(
        fc.jsonValue({ maxDepth: 3 }).map((v) => jsonCase(v, 'random json')),
        mutantArbitrary(ANY_FIELD, targets).map((v) => jsonCase(v, 'random edge')),
        rawPayloadArbitrary,
      ),
    };
  }
  const valid = validArbitrary(field, targets);
  return {
    valid: valid.map((v) => jsonCase(v, 'valid')),
    mutated: fc.oneof(
      { weight: 12, arbitrary: mutantArbitrary(field, targets).map((v) => jsonCase(v, 'mutated')) },
      { weight: 2, arbitrary: edgeArbitrary(WHOLE_BODIES).map((v) => jsonCase(v, 'whole body')) },
      { weight: 1, arbitrary: valid.map((v) => jsonCase([v], 'wrapped in an array')) },
      { weight: 2, arbitrary: fc.tuple(valid, fc.constantFrom(...TEXT_MUTATIONS)).map(([v, how]) => textMutant(v, how)) },
      { weight: 2, arbitrary: rawPayloadArbitrary },
      {
        weight: 1,
        arbitrary: fc
          .tuple(valid, fc.constantFrom(...WRONG_CONTENT_TYPES))
          .map(([v, contentType]) => ({ payload: JSON.stringify(v), contentType, label: `valid as ${contentType}` })),
      },
    ),
  };
}

/** The body sweep: valid bases (one per union variant), every single-point mutation of each, and payload edges. */
export function bodySweep(field: Field | null, targets: FuzzTargets, seed: number): BodyCase[] {
  const cases: BodyCase[] = [];
  const options = field?.model.kind === 'union' ? field.model.options : field ? [field] : [];
  for (const [i, option] of options.entries()) {
    const base = sampleValid(option, targets, seed + i);
    cases.push(jsonCase(base, 'valid'));
    const values = field?.model.kind === 'union' ? sweepValues(field, base, targets) : sweepValues(option, base, targets);
    for (const v of values) cases.push(jsonCase(v.value, v.label));
    if (i === 0) {
      for (const how of TEXT_MUTATIONS) cases.push(textMutant(base, how));
      for (const contentType of WRONG_CONTENT_TYPES)
        cases.push({ payload: JSON.stringify(base), contentType, label: `valid as ${contentType}` });
    }
  }
  if (!field) cases.push(...fieldEdges(ANY_FIELD, targets).map((e) => jsonCase(e.value, e.label)));
  cases.push(...WHOLE_BODIES.map((e) => jsonCase(e.value, e.label)));
  for (const raw of RAW_PAYLOADS) cases.push({ payload: raw.value, contentType: 'application/json', label: `raw: ${raw.label}` });
  for (const contentType of CONTENT_TYPES.slice(4)) cases.push({ payload: '{}', contentType, label: `{} as ${contentType}` });
  return cases;
}
