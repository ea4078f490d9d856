import fc from 'fast-check';
import { z } from 'zod';
import {
  accepts,
  describe,
  isZodSchema,
  type Field,
  type Model,
  type ObjectModel,
  type Primitive,
  type StringModel,
} from './zod-model';

/**
 * Requests for the /api fuzzer, generated from the routes' own zod schemas (body, params, querystring, headers).
 * Each part has a valid baseline and mutations, so that one broken part reaches the server's validation with the
 * rest of the request right. Two generators share the same edge values:
 * - sweeps (`bodySweep`, `paramsSweep`…): deterministic lists, every field removed and every field given every
 *   edge value of its kind (wrong types, empty, max length, max+1, 60 and 100 KB, unicode, out of range, not in
 *   the enum…), extra fields, other content types;
 * - arbitraries (`bodyArbitraries`…): random combinations of the same, for fast-check.
 */

/** Where generated PVE URLs may point: nothing but refused ports on loopback and names that cannot resolve. */
export interface FuzzTargets {
  /** Ports on 127.0.0.1 that refuse connections (checked by the test before the run). */
  closedPorts: readonly number[];
  /** Ids of rows that exist (an organisation, a licence…), so that some requests get past the lookup. */
  knownIds: readonly string[];
}

/** A generated value with what it tests, for the failure report. */
export interface Labelled<T> {
  label: string;
  value: T;
}

/** Host names a generated URL may name; `.invalid` never resolves (RFC 6761). */
const LOOPBACK_HOSTS = ['127.0.0.1', 'localhost'];

/**
 * Every http(s) URL found anywhere in `value` that could make the server connect somewhere else than a refused
 * loopback port or an unresolvable name. The fuzz test refuses to send a request for which this is not empty.
 */
export function unsafeUrls(value: unknown, targets: FuzzTargets): string[] {
  const found: string[] = [];
  const visit = (v: unknown, depth: number) => {
    if (depth > 50) return;
    if (typeof v === 'string') {
      let url: URL;
      try {
        url = new URL(v.trim());
      } catch {
        return;
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:') return;
      const host = url.hostname.toLowerCase();
      const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
      if (host.endsWith('.invalid')) return;
      if (LOOPBACK_HOSTS.includes(host) && targets.closedPorts.includes(port)) return;
      found.push(v);
    } else if (Array.isArray(v)) {
      for (const item of v) visit(item, depth + 1);
    } else if (v && typeof v === 'object') {
      for (const [k, item] of Object.entries(v)) {
        visit(k, depth + 1);
        visit(item, depth + 1);
      }
    }
  };
  visit(value, 0);
  return found;
}

// ---------------------------------------------------------------------------------------------------------------
// Valid values
// ---------------------------------------------------------------------------------------------------------------

function uuidArbitrary(targets: FuzzTargets): fc.Arbitrary<string> {
  const random = fc.uuid({ version: [1, 4, 7] });
  return fc.oneof(
    { weight: 4, arbitrary: random },
    { weight: 1, arbitrary: random.map((u) => u.toUpperCase()) },
    { weight: 1, arbitrary: fc.constantFrom('00000000-0000-0000-0000-000000000000', 'ffffffff-ffff-ffff-ffff-ffffffffffff') },
    ...(targets.knownIds.length ? [{ weight: 3, arbitrary: fc.constantFrom(...targets.knownIds) }] : []),
  );
}

function emailArbitrary(): fc.Arbitrary<string> {
  const local = fc.stringMatching(/^[a-z0-9][a-z0-9_+'-]{0,15}$/);
  const domain = fc.constantFrom('example.test', 'mail.example.test', 'xn--bcher-kva.example', 'proxai.example');
  return fc.oneof(
    { weight: 6, arbitrary: fc.tuple(local, domain).map(([l, d]) => `${l}@${d}`) },
    // Normalised by the schema (trim, lower case): still valid.
    { weight: 1, arbitrary: fc.tuple(local, domain).map(([l, d]) => `  ${l.toUpperCase()}@${d.toUpperCase()}  `) },
    // Exactly the 254 characters allowed.
    { weight: 1, arbitrary: fc.constant(`${'e'.repeat(241)}@example.test`) },
  );
}

/** PVE addresses: refused loopback ports or `.invalid` names, never anything that could answer. */
export function safeUrlArbitrary(targets: FuzzTargets): fc.Arbitrary<string> {
  const port = fc.constantFrom(...targets.closedPorts);
  return fc.oneof(
    fc
      .tuple(
        fc.constantFrom('https', 'http', 'HTTPS'),
        fc.constantFrom(...LOOPBACK_HOSTS),
        port,
        fc.constantFrom('', '/', '/api2/json'),
      )
      .map(([scheme, host, p, path]) => `${scheme}://${host}:${p}${path}`),
    fc
      .tuple(fc.stringMatching(/^[a-z][a-z0-9-]{0,20}$/), fc.constantFrom('', ':8006', ':1'))
      .map(([name, p]) => `https://${name}.invalid${p}`),
    port.map((p) => `https://root:secret@127.0.0.1:${p}`),
    port.map((p) => `  https://127.0.0.1:${p}  `),
  );
}

function stringCandidates(m: StringModel, targets: FuzzTargets): fc.Arbitrary<string> {
  if (m.formats.includes('uuid') || m.formats.includes('guid')) return uuidArbitrary(targets);
  if (m.formats.includes('email')) return emailArbitrary();
  if (m.formats.includes('url')) return safeUrlArbitrary(targets);
  const pattern = m.patterns[0];
  // fast-check cannot generate for every flag: without `i` the values are a subset of the valid ones.
  if (pattern) return fc.stringMatching(new RegExp(pattern.source, pattern.flags.replace(/[gimy]/g, '')), { size: 'small' });
  const max = Math.min(m.maxLength ?? 40, 40);
  const min = Math.min(m.minLength, max);
  const variants: fc.Arbitrary<string>[] = [
    fc.string({ minLength: min, maxLength: max }),
    fc.string({ unit: 'grapheme', minLength: min, maxLength: max }),
    fc.constantFrom('Zoë', 'Ωmega', '日本語のテキスト', 'مرحبا بالعالم', 'emoji 🚀🔥', 'x'.repeat(Math.max(min, 1))),
  ];
  // Boundaries: exactly the longest and the shortest value allowed, and surrogate pairs counted as two.
  if (m.maxLength !== undefined && m.maxLength <= 10_000) {
    variants.push(fc.constant('m'.repeat(m.maxLength)), fc.constant('𝕏'.repeat(Math.floor(m.maxLength / 2))));
  }
  if (m.minLength > 0) variants.push(fc.constant('n'.repeat(m.minLength)));
  if (m.normalises) variants.push(fc.string({ minLength: Math.max(min, 1), maxLength: max }).map((s) => `  ${s}\t`));
  return fc.oneof(...variants);
}

/** Values the schema of `field` accepts (its own safeParse filters the candidates). */
export function validArbitrary(field: Field, targets: FuzzTargets, depth = 0): fc.Arbitrary<unknown> {
  const base = validModel(field.model, targets, depth).filter((v) => accepts(field.schema, v));
  return field.nullable ? fc.oneof({ weight: 5, arbitrary: base }, { weight: 1, arbitrary: fc.constant(null) }) : base;
}

function validModel(model: Model, targets: FuzzTargets, depth: number): fc.Arbitrary<unknown> {
  switch (model.kind) {
    case 'string':
      return stringCandidates(model, targets);
    case 'number': {
      const min = model.min ?? -1_000_000;
      const max = model.max ?? 1_000_000;
      if (model.int) {
        const lo = Math.ceil(model.minExclusive ? min + 1 : min);
        const hi = Math.floor(model.maxExclusive ? max - 1 : max);
        return fc.oneof(fc.integer({ min: lo, max: hi }), fc.constantFrom(lo, hi));
      }
      return fc.double({
        min,
        max,
        noNaN: true,
        noDefaultInfinity: true,
        minExcluded: model.minExclusive,
        maxExcluded: model.maxExclusive,
      });
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'literal':
      return fc.constantFrom(...model.values);
    case 'object': {
      const keys = Object.keys(model.fields);
      if (keys.length === 0) return fc.constant({});
      return fc.record(Object.fromEntries(keys.map((k) => [k, validArbitrary(model.fields[k]!, targets, depth + 1)])), {
        requiredKeys: keys.filter((k) => !model.fields[k]!.optional),
      });
    }
    case 'array':
      return fc.array(validArbitrary(model.item, targets, depth + 1), {
        minLength: model.minItems,
        maxLength: Math.max(model.minItems, Math.min(model.maxItems ?? 3, 3)),
      });
    case 'record':
      return fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), validArbitrary(model.value, targets, depth + 1), {
        maxKeys: 3,
      });
    case 'union':
      return fc.oneof(...model.options.map((o) => validArbitrary(o, targets, depth + 1)));
    case 'any':
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** One valid value, the same for a given seed (the base the sweeps mutate). */
export function sampleValid(field: Field, targets: FuzzTargets, seed: number): unknown {
  return fc.sample(validArbitrary(field, targets), { numRuns: 1, seed })[0];
}

// ---------------------------------------------------------------------------------------------------------------
// Edge values: finite lists per kind, shared by the sweeps and the arbitraries
// ---------------------------------------------------------------------------------------------------------------

/** `[[[…]]]` of the given depth (the server refuses JSON nested deeper than 20 levels). */
export const nestedArrays = (depth: number): unknown => JSON.parse('['.repeat(depth) + ']'.repeat(depth)) as unknown;
const nestedObjects = (depth: number): unknown => {
  let v: unknown = 'leaf';
  for (let i = 0; i < depth; i++) v = { a: v };
  return v;
};

const UNICODE_EDGES: Labelled<string>[] = [
  { label: 'NUL', value: '\u0000' },
  { label: 'NUL inside', value: 'a\u0000b' },
  { label: 'zero-width space', value: '\u200b' },
  { label: 'right-to-left override', value: '\u202eevil\u202c' },
  { label: 'byte order mark', value: '\ufeff' },
  { label: 'lone high surrogate', value: '\ud800' },
  { label: 'reversed surrogates', value: 'x\udfff\ud800y' },
  { label: 'combining marks', value: 'e\u0301\u0301\u0301' },
  { label: 'emoji ZWJ sequence', value: '👨‍👩‍👧‍👦' },
  { label: 'astral letters', value: '𝕏𝕐ℤ' },
  { label: 'fullwidth', value: 'ａｄｍｉｎ' },
  { label: 'arabic', value: 'مرحبا' },
  { label: 'japanese', value: '日本語' },
  { label: 'zalgo', value: 'Z̸̡̢͎̈́a̶̛̙l̷g̵o̷' },
  { label: 'CRLF injection', value: '\r\nX-Injected: 1' },
];

const INJECTION_EDGES: Labelled<string>[] = [
  { label: 'SQL quote', value: "' OR 1=1 --" },
  { label: 'SQL statement', value: '"; DROP TABLE hosts; --' },
  { label: 'HTML script', value: '<script>alert(1)</script>' },
  { label: 'template', value: '${7*7}{{7*7}}<%= 7*7 %>' },
  { label: 'path traversal', value: '../../etc/passwd' },
  { label: 'windows traversal', value: '..\\..\\windows\\win.ini' },
  { label: 'percent NUL', value: '%00' },
  { label: 'encoded traversal', value: '%2e%2e%2f' },
  { label: '"null"', value: 'null' },
  { label: '"undefined"', value: 'undefined' },
  { label: '"true"', value: 'true' },
  { label: '"NaN"', value: 'NaN' },
  { label: '"-1"', value: '-1' },
  { label: '"0"', value: '0' },
  { label: '"1e999"', value: '1e999' },
  { label: '"__proto__"', value: '__proto__' },
  { label: '"constructor"', value: 'constructor' },
];

const BAD_UUIDS: Labelled<string>[] = [
  { label: 'not a uuid', value: 'not-a-uuid' },
  { label: 'uuid version 0', value: '00000000-0000-0000-0000-000000000001' },
  { label: 'uuid without dashes', value: '123e4567e89b42d3a456426614174000' },
  { label: 'uuid in braces', value: '{123e4567-e89b-42d3-a456-426614174000}' },
  { label: 'uuid with a trailing space', value: '123e4567-e89b-42d3-a456-426614174000 ' },
  { label: 'uuid one digit short', value: '123e4567-e89b-42d3-a456-42661417400' },
  { label: 'uuid one digit long', value: '123e4567-e89b-42d3-a456-4266141740000' },
  { label: 'uuid bad version digit', value: '123e4567-e89b-02d3-a456-426614174000' },
  { label: 'uuid non-hex', value: 'g23e4567-e89b-42d3-a456-426614174000' },
  { label: 'uuid arabic-indic digits', value: '١٢٣e4567-e89b-42d3-a456-426614174000' },
  { label: 'uuid with a suffix', value: '123e4567-e89b-42d3-a456-426614174000;id=1' },
  { label: 'uuid shape of z', value: 'zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz' },
];

const BAD_EMAILS: Labelled<string>[] = [
  'plainaddress',
  'a@b',
  '@example.test',
  'a@@example.test',
  'a..b@example.test',
  '.a@example.test',
  'a@example.t',
  'a@-example.test',
  'ü@example.test',
  'a b@example.test',
  'a@example.test\n',
  `${'a'.repeat(250)}@example.test`,
  '"quoted"@example.test',
  'a@[127.0.0.1]',
].map((value) => ({ label: `bad e-mail ${JSON.stringify(value.slice(0, 30))}`, value }));

function badUrls(targets: FuzzTargets): Labelled<string>[] {
  const p = targets.closedPorts[0] ?? 1;
  return [
    'not a url',
    'https://',
    '//127.0.0.1',
    `ftp://127.0.0.1:${p}`,
    'javascript:alert(1)',
    'file:///etc/passwd',
    'data:text/plain,hi',
    'https://127.0.0.1:99999',
    'http://[::1',
    'https://exa mple.invalid',
    `https://127.0.0.1:${p}/${'a'.repeat(2100)}`,
    '127.0.0.1:8006',
  ].map((value) => ({ label: `bad url ${JSON.stringify(value.slice(0, 30))}`, value }));
}

/** Values of every JSON type but the one the model wants (null too unless allowed), and over-deep nesting. */
function wrongTypeEdges(model: Model, nullable = false): Labelled<unknown>[] {
  const all: [string, unknown][] = [
    ['number', 42],
    ['number', -1.5],
    ['boolean', true],
    ['boolean', false],
    ['null', null],
    ['array', []],
    ['array', ['a', 1]],
    ['object', {}],
    ['object', { value: 'x' }],
    ['string', 'a string'],
  ];
  const literalTypes =
    model.kind === 'literal' ? new Set<string>(model.values.map((v) => (v === null ? 'null' : typeof v))) : null;
  const wrong = all.filter(([type]) => {
    if (type === 'null' && nullable) return false;
    if (literalTypes) return !literalTypes.has(type);
    if (model.kind === 'record') return type !== 'object';
    if (model.kind === 'any' || model.kind === 'union') return true;
    return type !== model.kind;
  });
  return [
    ...wrong.map(([type, value]) => ({ label: `wrong type ${type} ${JSON.stringify(value)}`, value })),
    // Nested just within and just beyond the server's depth limit.
    { label: 'arrays nested 18 deep', value: nestedArrays(18) },
    { label: 'arrays nested 25 deep', value: nestedArrays(25) },
    { label: 'objects nested 30 deep', value: nestedObjects(30) },
  ];
}

function stringEdges(m: StringModel, targets: FuzzTargets): Labelled<unknown>[] {
  const edges: Labelled<string>[] = [
    { label: 'empty', value: '' },
    { label: 'one space', value: ' ' },
    { label: 'whitespace only', value: '\t\n\r ' },
    ...UNICODE_EDGES,
    ...INJECTION_EDGES,
  ];
  if (m.maxLength !== undefined) {
    edges.push(
      { label: `max length ${m.maxLength}`, value: 'a'.repeat(m.maxLength) },
      { label: `max+1 length ${m.maxLength + 1}`, value: 'a'.repeat(m.maxLength + 1) },
      { label: 'max+1 in surrogate pairs', value: '𝕏'.repeat(Math.ceil((m.maxLength + 1) / 2)) },
      { label: 'max+1 spaces', value: ' '.repeat(m.maxLength + 1) },
      { label: 'max length padded with spaces', value: `   ${'a'.repeat(m.maxLength)}   ` },
    );
  }
  if (m.minLength > 1) {
    edges.push(
      { label: `min-1 length ${m.minLength - 1}`, value: 'a'.repeat(m.minLength - 1) },
      { label: 'min length of spaces', value: ' '.repeat(m.minLength) },
      { label: 'min-1 padded with spaces', value: ` ${'a'.repeat(m.minLength - 1)} ` },
    );
  }
  if (m.formats.includes('uuid')) edges.push(...BAD_UUIDS);
  if (m.formats.includes('email')) edges.push(...BAD_EMAILS);
  if (m.formats.includes('url')) edges.push(...badUrls(targets));
  edges.push(
    { label: '60 KB string (under the body limit)', value: 'y'.repeat(60_000) },
    { label: '100 KB string (over the body limit)', value: 'z'.repeat(100_000) },
  );
  return [...edges, ...wrongTypeEdges(m)];
}

function numberEdges(model: Extract<Model, { kind: 'number' }>, nullable: boolean): Labelled<unknown>[] {
  const values: [string, unknown][] = [
    ['zero', 0],
    ['-1', -1],
    ['-0', -0],
    ['1.5', 1.5],
    ['1e308', 1e308],
    ['-1e308', -1e308],
    ['MAX_SAFE_INTEGER', Number.MAX_SAFE_INTEGER],
    ['2^53+2', 2 ** 53 + 2],
    ['2^63', 2 ** 63],
    ['1e-9', 1e-9],
    ['NaN (null in JSON)', NaN],
    ['Infinity (null in JSON)', Infinity],
    ['numeric string', '1'],
    ['exponent string', '1e3'],
    ['hex string', '0x10'],
    ['padded numeric string', ' 7'],
  ];
  if (model.min !== undefined) values.push(['min-1', model.min - 1], ['min', model.min], ['min-0.5', model.min - 0.5]);
  if (model.max !== undefined) values.push(['max+1', model.max + 1], ['max', model.max], ['max+0.5', model.max + 0.5]);
  return [...values.map(([label, value]) => ({ label, value })), ...wrongTypeEdges(model, nullable)];
}

const LOOKALIKE: Record<string, string> = { a: 'а', e: 'е', o: 'о', p: 'р', c: 'с', x: 'х' };

function literalEdges(values: readonly Primitive[], nullable = false): Labelled<unknown>[] {
  const strings = values.filter((v): v is string => typeof v === 'string');
  const variants = strings.flatMap((v) => [
    { label: 'upper case', value: v.toUpperCase() },
    { label: 'capitalised', value: v.charAt(0).toUpperCase() + v.slice(1) },
    { label: 'leading space', value: ` ${v}` },
    { label: 'trailing space', value: `${v} ` },
    { label: 'trailing NUL', value: `${v}\u0000` },
    { label: 'cyrillic lookalike', value: v.replace(/[aeopcx]/, (c) => LOOKALIKE[c] ?? c) },
    { label: 'plural', value: `${v}s` },
    { label: 'truncated', value: v.slice(0, -1) },
  ]);
  const others = [
    { label: 'empty', value: '' },
    { label: 'other word', value: 'other' },
    { label: '"admin"', value: 'admin' },
    { label: 'wildcard', value: '*' },
  ];
  const seen = new Set<unknown>(values);
  const unique = [...variants, ...others].filter((e) => !seen.has(e.value) && seen.add(e.value));
  return [
    ...unique.map((e) => ({ label: `not in enum: ${e.label}`, value: e.value })),
    ...wrongTypeEdges({ kind: 'literal', values: [...values] }, nullable),
  ];
}

/** The finite list of edge values of one field (without the structure-level ones of objects and unions). */
export function fieldEdges(field: Field, targets: FuzzTargets): Labelled<unknown>[] {
  const model = field.model;
  switch (model.kind) {
    case 'string':
      return stringEdges(model, targets);
    case 'number':
      return numberEdges(model, field.nullable);
    case 'literal':
      return literalEdges(model.values, field.nullable);
    case 'boolean':
      return [
        ...['true', 'false', 1, 0, 'yes', ''].map((value) => ({ label: `not a boolean ${JSON.stringify(value)}`, value })),
        ...wrongTypeEdges(model, field.nullable),
      ];
    case 'any':
      return [...UNICODE_EDGES, ...INJECTION_EDGES, ...wrongTypeEdges(model)];
    case 'null':
    case 'object':
    case 'array':
    case 'record':
    case 'union':
      return wrongTypeEdges(model, field.nullable);
  }
}

const EXTRA_FIELDS: Labelled<[string, unknown][]>[] = [
  { label: 'extra field', value: [['unexpected', 'value']] },
  { label: 'extra __proto__', value: [['__proto__', { isAdmin: true }]] },
  { label: 'extra constructor.prototype', value: [['constructor', { prototype: { isAdmin: true } }]] },
  { label: 'extra role', value: [['role', 'admin']] },
  { label: 'extra organisation_id', value: [['organisation_id', '00000000-0000-4000-8000-000000000000']] },
  { label: 'extra empty key', value: [['', 'empty key']] },
  { label: 'extra unicode key', value: [['ключ', 'значение']] },
  { label: '300 extra fields', value: Array.from({ length: 300 }, (_, i): [string, unknown] => [`extra_${i}`, i]) },
];

/** A copy with the entries set as own properties (even `__proto__`, which `{...o, __proto__}` would not). */
function withEntries(base: unknown, entries: [string, unknown][]): Record<string, unknown> {
  const copy: Record<string, unknown> = base && typeof base === 'object' && !Array.isArray(base) ? { ...base } : {};
  for (const [k, v] of entries)
    Object.defineProperty(copy, k, { value: v, enumerable: true, writable: true, configurable: true });
  return copy;
}

function without(base: unknown, key: string): Record<string, unknown> {
  const copy = { ...(base as Record<string, unknown>) };
  delete copy[key];
  return copy;
}

/** The option of a union `value` belongs to (its tag, else the first it satisfies). */
function optionOf(model: Extract<Model, { kind: 'union' }>, value: unknown): Field | undefined {
  return model.options.find((o) => accepts(o.schema, value)) ?? model.options[0];
}

function discriminatorTags(model: Extract<Model, { kind: 'union' }>): Primitive[] {
  const disc = model.discriminator;
  if (!disc) return [];
  return model.options.flatMap((o) => {
    const tag = o.model.kind === 'object' ? o.model.fields[disc]?.model : undefined;
    return tag?.kind === 'literal' ? tag.values : [];
  });
}

/**
 * Every single-point mutation of the valid `base`: each field removed, each field set to each of its edge values
 * (recursively inside nested objects), extra fields, a union's tag switched; then edge values of the whole.
 */
export function sweepValues(field: Field, base: unknown, targets: FuzzTargets, depth = 0): Labelled<unknown>[] {
  const model = field.model;
  const out: Labelled<unknown>[] = [];
  if (model.kind === 'object' && base && typeof base === 'object' && depth < 4) {
    for (const [key, sub] of Object.entries(model.fields)) {
      if (key in base) out.push({ label: `without ${key}${sub.optional ? ' (optional)' : ''}`, value: without(base, key) });
      const current = (base as Record<string, unknown>)[key] ?? sampleValid(sub, targets, 1);
      for (const e of sweepValues(sub, current, targets, depth + 1)) {
        out.push({ label: `${key}: ${e.label}`, value: withEntries(base, [[key, e.value]]) });
      }
    }
    for (const extra of EXTRA_FIELDS) out.push({ label: extra.label, value: withEntries(base, extra.value) });
    const first = Object.keys(model.fields).find((k) => k in base);
    if (first)
      out.push({
        label: `${first} in upper case`,
        value: withEntries(without(base, first), [[first.toUpperCase(), (base as Record<string, unknown>)[first]]]),
      });
    out.push({ label: 'empty object', value: {} }, ...wrongTypeEdges(model, field.nullable));
    return out;
  }
  if (model.kind === 'union') {
    const option = optionOf(model, base);
    if (option) out.push(...sweepValues(option, base, targets, depth));
    const disc = model.discriminator;
    if (disc) {
      for (const tag of discriminatorTags(model)) {
        if ((base as Record<string, unknown>)[disc] !== tag)
          out.push({ label: `${disc} switched to ${String(tag)}`, value: withEntries(base, [[disc, tag]]) });
      }
      for (const e of literalEdges(discriminatorTags(model)))
        out.push({ label: `${disc}: ${e.label}`, value: withEntries(base, [[disc, e.value]]) });
      for (const other of model.options.filter((o) => o !== option)) {
        out.push({
          label: 'fields of two variants',
          value: { ...(sampleValid(other, targets, 2) as object), ...(base as object) },
        });
      }
    }
    return out;
  }
  if (model.kind === 'array' && Array.isArray(base) && depth < 4) {
    out.push({
      label: 'too many items',
      value: Array.from({ length: (model.maxItems ?? 50) + 1 }, () => (base as unknown[])[0] ?? null),
    });
    for (const e of fieldEdges(model.item, targets)) out.push({ label: `item: ${e.label}`, value: [e.value] });
  }
  return [...out, ...fieldEdges(field, targets)];
}

// ---------------------------------------------------------------------------------------------------------------
// Random mutations (fast-check)
// ---------------------------------------------------------------------------------------------------------------

const NO_CHANGE = Symbol('no change');
const edgeArbitrary = (edges: Labelled<unknown>[]) => fc.constantFrom(...edges.map((e) => e.value));

function stringMutants(m: StringModel, field: Field, targets: FuzzTargets): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 10, arbitrary: edgeArbitrary(stringEdges(m, targets)) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 60 }) },
    { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 60 }) },
    // A valid value broken by one character (outside the pattern, or a lookalike).
    {
      weight: 3,
      arbitrary: fc
        .tuple(
          validArbitrary(field, targets),
          fc.constantFrom(' ', '@', '!', '\u0000', '💥', '\n', '/', '..', '%', '\u0430'),
          fc.boolean(),
        )
        .map(([v, c, before]) => (typeof v === 'string' ? (before ? c + v : v + c) : c)),
    },
  );
}

function objectMutants(model: ObjectModel, field: Field, targets: FuzzTargets, depth: number): fc.Arbitrary<unknown> {
  const valid = validArbitrary(field, targets, depth);
  const keys = Object.keys(model.fields);
  const variants: fc.WeightedArbitrary<unknown>[] = [
    {
      weight: 3,
      arbitrary: fc
        .tuple(
          valid,
          fc.oneof(
            edgeArbitrary(EXTRA_FIELDS) as fc.Arbitrary<[string, unknown][]>,
            fc.array(fc.tuple(fc.string({ minLength: 1, maxLength: 12 }), fc.jsonValue({ maxDepth: 1 })), {
              minLength: 1,
              maxLength: 3,
            }),
          ),
        )
        .map(([o, extra]) => withEntries(o, extra)),
    },
    { weight: 2, arbitrary: edgeArbitrary([{ label: 'empty object', value: {} }, ...wrongTypeEdges(model, field.nullable)]) },
  ];
  if (keys.length) {
    const perField = keys.map((k) =>
      fc.tuple(valid, mutantArbitrary(model.fields[k]!, targets, depth + 1)).map(([o, v]) => withEntries(o, [[k, v]])),
    );
    variants.push(
      { weight: 8, arbitrary: fc.oneof(...perField) },
      { weight: 3, arbitrary: fc.tuple(valid, fc.constantFrom(...keys)).map(([o, k]) => without(o, k)) },
      {
        // Several fields broken at once.
        weight: 2,
        arbitrary: fc
          .tuple(
            valid,
            fc.tuple(...keys.map((k) => fc.option(mutantArbitrary(model.fields[k]!, targets, depth + 1), { nil: NO_CHANGE }))),
          )
          .map(([o, changes]) =>
            withEntries(
              o,
              keys.flatMap((k, i) => (changes[i] === NO_CHANGE ? [] : [[k, changes[i]] as [string, unknown]])),
            ),
          ),
      },
    );
  }
  return fc.oneof(...variants);
}

function unionMutants(
  model: Extract<Model, { kind: 'union' }>,
  field: Field,
  targets: FuzzTargets,
  depth: number,
): fc.Arbitrary<unknown> {
  const variants: fc.Arbitrary<unknown>[] = model.options.map((o) => mutantArbitrary(o, targets, depth + 1));
  const disc = model.discriminator;
  const tags = discriminatorTags(model);
  if (disc && tags.length > 1) {
    const anyOption = fc.oneof(...model.options.map((o) => validArbitrary(o, targets, depth + 1)));
    variants.push(
      // A variant's fields under another tag (or a tag not in the enum), fields of two variants, no tag.
      fc
        .tuple(anyOption, fc.oneof(fc.constantFrom(...tags), edgeArbitrary(literalEdges(tags))))
        .map(([o, tag]) => withEntries(o, [[disc, tag]])),
      fc.tuple(anyOption, anyOption).map(([a, b]) => ({ ...(b as object), ...(a as object) })),
      anyOption.map((o) => without(o, disc)),
    );
  }
  variants.push(edgeArbitrary(wrongTypeEdges(model, field.nullable)));
  return fc.oneof(...variants);
}

/** Random values that break (or sit on the edge of) the schema of `field`. */
export function mutantArbitrary(field: Field, targets: FuzzTargets, depth = 0): fc.Arbitrary<unknown> {
  const model = field.model;
  if (depth > 6) return edgeArbitrary(wrongTypeEdges(model, field.nullable));
  switch (model.kind) {
    case 'string':
      return stringMutants(model, field, targets);
    case 'number':
      return fc.oneof({ weight: 6, arbitrary: edgeArbitrary(fieldEdges(field, targets)) }, { weight: 1, arbitrary: fc.double() });
    case 'object':
      return objectMutants(model, field, targets, depth);
    case 'union':
      return unionMutants(model, field, targets, depth);
    case 'array':
      return fc.oneof(
        edgeArbitrary(wrongTypeEdges(model, field.nullable)),
        mutantArbitrary(model.item, targets, depth + 1).map((v) => [v]),
        fc.array(validArbitrary(model.item, targets, depth + 1), {
          minLength: (model.maxItems ?? 50) + 1,
          maxLength: (model.maxItems ?? 50) + 2,
        }),
      );
    case 'record':
      return fc.oneof(
        edgeArbitrary(wrongTypeEdges(model, field.nullable)),
        mutantArbitrary(model.value, targets, depth + 1).map((v) => ({ key: v })),
      );
    case 'any':
      return fc.oneof(fc.jsonValue({ maxDepth: 3 }), edgeArbitrary(fieldEdges(field, targets)));
    case 'boolean':
    case 'literal':
    case 'null':
      return edgeArbitrary(fieldEdges(field, targets));
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Request parts
// ---------------------------------------------------------------------------------------------------------------

const ANY_FIELD: Field = { model: { kind: 'any' }, optional: false, nullable: false, schema: z.unknown() };

/** Describes a route schema part, or null when the route declares none (or a non-zod one). */
export function describePart(schema: unknown): Field | null {
  return isZodSchema(schema) ? describe(schema) : null;
}

export interface PartArbitraries<T> {
  valid: fc.Arbitrary<T>;
  mutated: fc.Arbitrary<T>;
}

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

const hasLoneSurrogate = (s: string) => /[\ud800-\udfff]/.test(s.replace(/[\ud800-\udbff][\udc00-\udfff]/g, ''));

/** A path or query value: text (JSON for other types), without lone surrogates (percent-encoding cannot carry them). */
function asText(v: unknown, max = 6000): string | undefined {
  const text = typeof v === 'string' ? v : (JSON.stringify(v) ?? 'undefined');
  return hasLoneSurrogate(text) ? undefined : text.slice(0, max);
}

function paramFields(field: Field | null): Record<string, Field> {
  return field?.model.kind === 'object' ? field.model.fields : {};
}

/** Path parameters from the route's params schema (bad ids, traversal, huge and unicode values when mutated). */
export function paramsArbitraries(field: Field | null, names: string[], targets: FuzzTargets): PartArbitraries<ParamsCase> {
  if (names.length === 0) {
    const none = fc.constant<ParamsCase>({ values: {}, label: 'no params' });
    return { valid: none, mutated: none };
  }
  const fields = paramFields(field);
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
  const fields = paramFields(field);
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

export interface HeaderCase {
  headers: Record<string, string>;
  label: string;
}

/** Header values the injector can carry (printable ASCII): control characters never reach a server. */
const printable = (v: unknown): v is string => typeof v === 'string' && /^[\x20-\x7e\t]*$/.test(v);
const headerText = fc.string({ unit: 'grapheme-ascii', maxLength: 60 });

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
  const fields = paramFields(field);
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
  const fields = paramFields(field);
  if (Object.keys(fields).length === 0) return cases;
  const base = sampleValid(field!, targets, seed) as Record<string, string>;
  for (const [key, sub] of Object.entries(fields)) {
    for (const e of fieldEdges(sub, targets)) {
      if (printable(e.value)) cases.push({ headers: { ...base, [key]: e.value }, label: `${key}: ${e.label}` });
    }
  }
  return cases;
}

/** Who calls: the right account for the route, or someone who should not get that far. */
export type Caller = 'proper' | 'anonymous' | 'other-account' | 'garbage-bearer' | 'cookie' | 'cookie-same-origin';

export const callerArbitrary: fc.Arbitrary<Caller> = fc.constantFrom(
  'anonymous',
  'other-account',
  'garbage-bearer',
  'cookie',
  'cookie-same-origin',
);

export const garbageBearer = fc.oneof(
  fc.constant('Bearer '),
  headerText.map((s) => `Bearer ${s}`),
  fc.constantFrom(
    'Basic YWRtaW46YWRtaW4=',
    'Bearer a.b.c',
    `Bearer ${'t'.repeat(5000)}`,
    'PVEAPIToken=root@pam!x=y',
    'bearer  x y',
    'Bearer\t',
  ),
);
