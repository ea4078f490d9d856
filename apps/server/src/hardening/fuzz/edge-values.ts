import fc from 'fast-check';
import { type FuzzTargets } from './targets';
import { type Field, type Model, type Primitive, type StringModel } from './zod-model';

/*
 * Edge values: finite lists per kind (wrong types, empty, max length, max+1, 60 and 100 KB, unicode, out of range,
 * not in the enum…), shared by the sweeps, which send every one, and the arbitraries, which pick among them.
 */

/** A generated value with what it tests, for the failure report. */
export interface Labelled<T> {
  label: string;
  value: T;
}

/** `[[[…]]]` of the given depth (the server refuses JSON nested deeper than 20 levels). */
export const nestedArrays = (depth: number): unknown => JSON.parse('['.repeat(depth) + ']'.repeat(depth)) as unknown;
export const nestedObjects = (depth: number): unknown => {
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

export const INJECTION_EDGES: Labelled<string>[] = [
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

export const BAD_UUIDS: Labelled<string>[] = [
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
export function wrongTypeEdges(model: Model, nullable = false): Labelled<unknown>[] {
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

export function stringEdges(m: StringModel, targets: FuzzTargets): Labelled<unknown>[] {
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

export function literalEdges(values: readonly Primitive[], nullable = false): Labelled<unknown>[] {
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

export const EXTRA_FIELDS: Labelled<[string, unknown][]>[] = [
  { label: 'extra field', value: [['unexpected', 'value']] },
  { label: 'extra __proto__', value: [['__proto__', { isAdmin: true }]] },
  { label: 'extra constructor.prototype', value: [['constructor', { prototype: { isAdmin: true } }]] },
  { label: 'extra role', value: [['role', 'admin']] },
  { label: 'extra organisation_id', value: [['organisation_id', '00000000-0000-4000-8000-000000000000']] },
  { label: 'extra empty key', value: [['', 'empty key']] },
  { label: 'extra unicode key', value: [['ключ', 'значение']] },
  { label: '300 extra fields', value: Array.from({ length: 300 }, (_, i): [string, unknown] => [`extra_${i}`, i]) },
];

export const edgeArbitrary = (edges: Labelled<unknown>[]) => fc.constantFrom(...edges.map((e) => e.value));
