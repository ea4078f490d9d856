import fc from 'fast-check';
import { z } from 'zod';

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
};

/** JSON Schema of a zod schema (route schemas are zod); null when the route declares none. */
export function toJsonSchema(schema: unknown): JsonSchema | null {
  if (!(schema instanceof z.ZodType)) return null;
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

// Strings that are plausible for a field but can never make the server reach outside this machine.
const LOOPBACK_URL = 'https://127.0.0.1:9';

/** A value that satisfies the field's schema as far as cheaply possible (the starting point of mutations). */
function plausible(schema: JsonSchema, name: string): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const variant = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (variant) return plausible(variant, name);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === undefined) return null;
  switch (type) {
    case 'string':
      if (schema.format === 'email') return 'fuzz@example.test';
      if (schema.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
      if (schema.format === 'uri' || /url|uri|issuer/i.test(name)) return LOOPBACK_URL;
      return 'x'.repeat(Math.max(1, Math.min(schema.minLength ?? 1, 16)));
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, v]) => [k, plausible(v, k)]));
    default:
      return null;
  }
}

const nasty = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '\u202e',
    '𝕏'.repeat(50),
    '<script>alert(1)</script>',
    "' OR 1=1 --",
    '../../etc/passwd',
    '%00',
    '\ud800',
  ),
  fc.constant('y'.repeat(100_000)),
  fc.integer(),
  fc.double(),
  fc.constantFrom(Number.MAX_SAFE_INTEGER, -1, 0, 1e308, -0),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 4 }),
  fc.constant(JSON.parse('['.repeat(40) + ']'.repeat(40)) as unknown),
);

/** Bodies built from the route's schema: one field broken, a required one missing, extras, or random JSON. */
export function bodyArbitrary(schema: JsonSchema | null): fc.Arbitrary<unknown> {
  const random = fc.oneof(fc.jsonValue({ maxDepth: 4 }), nasty, fc.constant(undefined));
  if (!schema || schema.type !== 'object' || !schema.properties) return random;
  const base = plausible(schema, 'body') as Record<string, unknown>;
  const keys = Object.keys(schema.properties);
  if (keys.length === 0) return random;
  const key = fc.constantFrom(...keys);
  return fc.oneof(
    fc.tuple(key, nasty).map(([k, v]) => ({ ...base, [k]: v })),
    key.map((k) => {
      const copy = { ...base };
      delete copy[k];
      return copy;
    }),
    fc.tuple(fc.string({ minLength: 1, maxLength: 12 }), nasty).map(([k, v]) => ({ ...base, [k]: v })),
    fc.constant(base),
    random,
  );
}

export const paramValue = fc.oneof(
  fc.uuid().map(String),
  fc.string({ maxLength: 30 }),
  fc.constantFrom(
    '0',
    '-1',
    '1e9',
    'null',
    'undefined',
    '%2e%2e%2f',
    'a'.repeat(300),
    '00000000-0000-0000-0000-000000000000',
    '💥',
  ),
);

export const queryArbitrary = fc.dictionary(
  fc.oneof(fc.constantFrom('context', 'token', 'to', 'type', 'limit'), fc.string({ maxLength: 10 })),
  fc.oneof(fc.string({ maxLength: 30 }), fc.constant('z'.repeat(5000))),
  { maxKeys: 4 },
);

export const headerArbitrary = fc.record(
  {
    authorization: fc.oneof(
      fc.constant('Bearer '),
      fc.string({ maxLength: 60 }).map((s) => `Bearer ${s}`),
      fc.constantFrom('Basic YWRtaW46YWRtaW4=', 'Bearer a.b.c', `Bearer ${'t'.repeat(5000)}`, 'PVEAPIToken=root@pam!x=y'),
    ),
    cookie: fc.oneof(
      fc.string({ maxLength: 60 }).map((s) => `session_token=${encodeURIComponent(s)}`),
      fc.constant('session_token=;;;='),
    ),
    'x-session-id': fc.string({ maxLength: 80 }),
    origin: fc.constantFrom('https://evil.example', 'null', 'http://localhost:80'),
  },
  { requiredKeys: [] },
);

/** Raw payloads that are not valid JSON objects at all, sent with a JSON content type or a wrong one. */
export const rawPayloadArbitrary = fc.record({
  payload: fc.oneof(
    fc.constantFrom('{', '{"a":', 'null', '[]', '"str"', '{"__proto__":{"x":1}}', '{"constructor":{"prototype":{"x":1}}}'),
    fc.constant('['.repeat(2000) + ']'.repeat(2000)),
    fc.constant(JSON.stringify({ big: 'b'.repeat(100_000) })),
    fc.string({ maxLength: 100 }),
  ),
  contentType: fc.constantFrom(
    'application/json',
    'application/json; charset=utf-8',
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'application/xml',
  ),
});
