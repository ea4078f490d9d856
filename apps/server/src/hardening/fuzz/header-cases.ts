import fc from 'fast-check';
import { fieldEdges, type Labelled } from './edge-values';
import { objectFields, type PartArbitraries } from './parts';
import { type FuzzTargets } from './targets';
import { sampleValid, validArbitrary } from './valid-values';
import { mutantArbitrary } from './value-mutations';
import { type Field } from './zod-model';

/* Request headers: hostile cookies, origins, languages and agents on every route; the edge values of a headers schema. */

export interface HeaderCase {
  headers: Record<string, string>;
  label: string;
}

/** Header values the injector can carry (printable ASCII): control characters never reach a server. */
const printable = (v: unknown): v is string => typeof v === 'string' && /^[\x20-\x7e\t]*$/.test(v);
export const headerText = fc.string({ unit: 'grapheme-ascii', maxLength: 60 });

const BAD_HEADERS: Labelled<Record<string, string>>[] = [
  { label: 'garbage session cookie', value: { cookie: 'session_token=;;;=' } },
  { label: 'broken cookie encoding', value: { cookie: 'session_token=%' } },
  { label: 'huge cookie', value: { cookie: `session_token=${'c'.repeat(5000)}` } },
  { label: 'repeated cookie', value: { cookie: 'a=b; a=c; session_token=' } },
  { label: 'foreign origin', value: { origin: 'https://evil.example' } },
  { label: 'origin null', value: { origin: 'null' } },
  { label: 'origin not a url', value: { origin: 'not a url' } },
  { label: 'unknown language', value: { 'accept-language': 'zz-ZZ' } },
  { label: 'broken language weights', value: { 'accept-language': 'ja;q=abc,,,;q=' } },
  { label: 'huge language', value: { 'accept-language': 'a'.repeat(5000) } },
  { label: 'accept xml', value: { accept: 'application/xml' } },
  { label: 'bad forwarded-for', value: { 'x-forwarded-for': '::1, 10.0.0.1, evil' } },
  { label: 'shellshock user agent', value: { 'user-agent': '() { :; }; echo pwned' } },
  { label: 'huge user agent', value: { 'user-agent': 'a'.repeat(8000) } },
];

const GENERIC_BAD_HEADERS = fc.record(
  {
    cookie: fc.oneof(
      headerText.map((s) => `session_token=${encodeURIComponent(s)}`),
      fc.constantFrom(...BAD_HEADERS.slice(0, 4).map((h) => h.value.cookie!)),
    ),
    origin: fc.constantFrom('https://evil.example', 'null', 'http://localhost:80', 'not a url', ''),
    'accept-language': fc.constantFrom('zz-ZZ', '*', 'ja;q=abc', 'fr-FR,fr;q=0.9,en;q=0.8', 'a'.repeat(5000), ',,,;q=', 'ar'),
    accept: fc.constantFrom('text/html', '*/*', 'application/xml', ''),
    'x-forwarded-for': fc.constantFrom('1.2.3.4', 'not-an-ip', '::1, 10.0.0.1, evil', ''),
    'x-session-id': headerText,
    'user-agent': fc.constantFrom('', 'a'.repeat(8000), '() { :; }; echo pwned'),
  },
  { requiredKeys: [] },
);

/** Headers from the route's headers schema (when it declares one) plus hostile generic ones when mutated. */
export function headerArbitraries(field: Field | null, targets: FuzzTargets): PartArbitraries<HeaderCase> {
  const fields = objectFields(field);
  const keys = Object.keys(fields);
  const valid = keys.length
    ? validArbitrary(field!, targets)
        .filter((o) => Object.values(o as object).every(printable))
        .map((o) => ({ headers: o as Record<string, string>, label: 'valid' }))
    : fc.constant({ headers: {}, label: 'none' });
  const fromSchema = keys.map((k) =>
    fc
      .tuple(
        valid,
        fc.oneof(mutantArbitrary(fields[k]!, targets).filter(printable), fc.constantFrom('h'.repeat(201), 'h'.repeat(5000))),
      )
      .map(([v, bad]) => ({ headers: { ...v.headers, [k]: bad }, label: `header ${k}` })),
  );
  return {
    valid,
    mutated: fc.oneof(
      {
        weight: 3,
        arbitrary: fc
          .tuple(valid, GENERIC_BAD_HEADERS)
          .map(([v, h]) => ({ headers: { ...v.headers, ...h }, label: 'bad headers' })),
      },
      ...fromSchema.map((arbitrary) => ({ weight: 3, arbitrary })),
    ),
  };
}

/** The headers sweep: each hostile generic header, and every printable edge value of each declared header. */
export function headersSweep(field: Field | null, targets: FuzzTargets, seed: number): HeaderCase[] {
  const cases: HeaderCase[] = BAD_HEADERS.map((h) => ({ headers: h.value, label: h.label }));
  const fields = objectFields(field);
  if (Object.keys(fields).length === 0) return cases;
  const base = sampleValid(field!, targets, seed) as Record<string, string>;
  for (const [key, sub] of Object.entries(fields)) {
    for (const e of fieldEdges(sub, targets)) {
      if (printable(e.value)) cases.push({ headers: { ...base, [key]: e.value }, label: `${key}: ${e.label}` });
    }
  }
  return cases;
}
