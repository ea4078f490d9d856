import type fc from 'fast-check';
import { type RegisteredRoute } from '../../testing/app';
import { describe, isZodSchema, type Field } from './zod-model';

/**
 * The parts of a request for the /api fuzzer (body, params, querystring, headers), each generated from the route's own
 * zod schema for it (body-cases.ts, params-cases.ts, query-cases.ts, header-cases.ts). Each part has a valid baseline
 * and mutations, so that one broken part reaches the server's validation with the rest of the request right. Two
 * generators per part share the same edge values (edge-values.ts):
 * - sweeps (`bodySweep`, `paramsSweep`…): deterministic lists, every field removed and every field given every
 *   edge value of its kind (wrong types, empty, max length, max+1, 60 and 100 KB, unicode, out of range, not in
 *   the enum…), extra fields, other content types;
 * - arbitraries (`bodyArbitraries`…): random combinations of the same, for fast-check.
 */

export type Part = 'body' | 'params' | 'querystring' | 'headers';

/** The route's zod schemas (Fastify keeps a `headers` schema too, which RegisteredRoute does not name). */
export const schemasOf = (route: RegisteredRoute): Partial<Record<Part, unknown>> => ({ ...route.schema });

export const hasBodyMethod = (method: string) => !['GET', 'HEAD', 'DELETE', 'OPTIONS'].includes(method);

/** Describes a route schema part, or null when the route declares none (or a non-zod one). */
export function describePart(schema: unknown): Field | null {
  return isZodSchema(schema) ? describe(schema) : null;
}

export interface PartArbitraries<T> {
  valid: fc.Arbitrary<T>;
  mutated: fc.Arbitrary<T>;
}

/** The fields of an object schema part (path parameters, headers); none for any other schema. */
export function objectFields(field: Field | null): Record<string, Field> {
  return field?.model.kind === 'object' ? field.model.fields : {};
}

const hasLoneSurrogate = (s: string) => /[\ud800-\udfff]/.test(s.replace(/[\ud800-\udbff][\udc00-\udfff]/g, ''));

/** A path or query value: text (JSON for other types), without lone surrogates (percent-encoding cannot carry them). */
export function asText(v: unknown, max = 6000): string | undefined {
  const text = typeof v === 'string' ? v : (JSON.stringify(v) ?? 'undefined');
  return hasLoneSurrogate(text) ? undefined : text.slice(0, max);
}
