import fc from 'fast-check';
import { type RegisteredRoute } from '../../testing/app';
import { bodyArbitraries, bodySweep, type BodyCase } from './body-cases';
import { headerArbitraries, headersSweep, headerText, type HeaderCase } from './header-cases';
import { paramsArbitraries, paramsSweep, type ParamsCase } from './params-cases';
import { describePart, hasBodyMethod, schemasOf, type Part, type PartArbitraries } from './parts';
import { queryArbitraries, querySweep, type QueryCase } from './query-cases';
import { type FuzzTargets } from './targets';

/*
 * What to send to a route: a plan names the caller and one case per part. The sweep changes one thing at a time from
 * a valid request (each part's every mutation, each kind of caller); random plans break a part, the caller or all of
 * them at once.
 */

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

export const CALLERS: Caller[] = ['proper', 'anonymous', 'other-account', 'garbage-bearer', 'cookie', 'cookie-same-origin'];

export type Focus = 'valid' | 'body' | 'params' | 'query' | 'headers' | 'auth' | 'chaos';

export interface Plan {
  phase: 'sweep' | 'random';
  focus: Focus;
  caller: Caller;
  bearer: string;
  body: BodyCase;
  params: ParamsCase;
  query: QueryCase;
  headers: HeaderCase;
}

/** A route's plans: the sweep, then random ones drawn from `random` up to the route's share of the total. */
export interface RoutePlans {
  sweep: Plan[];
  random: fc.Arbitrary<Plan>;
}

/** The sweep and the random plans of a route, from its schemas; `targets` names the ids that exist for it. */
export function routePlans(route: RegisteredRoute, targets: FuzzTargets, seed: number): RoutePlans {
  const schema = schemasOf(route);
  const names = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const parts = {
    body: describePart(schema.body),
    params: describePart(schema.params),
    query: describePart(schema.querystring),
    headers: describePart(schema.headers),
  };
  const body = bodyArbitraries(parts.body, targets);
  const params = paramsArbitraries(parts.params, names, targets);
  const query = queryArbitraries(parts.query, targets);
  const headers = headerArbitraries(parts.headers, targets);
  const first = <T>(arb: fc.Arbitrary<T>) => fc.sample(arb, { numRuns: 1, seed })[0]!;
  const paramCases = paramsSweep(parts.params, names, targets, seed);
  const valid = {
    body: first(body.valid),
    params: paramCases[0] ?? first(params.valid),
    query: first(query.valid),
    headers: first(headers.valid),
  };
  const bearer = first(garbageBearer);
  const plan = (focus: Focus, change: Partial<Plan>): Plan => ({
    phase: 'sweep',
    focus,
    caller: 'proper',
    bearer,
    ...valid,
    ...change,
  });
  /** Every single-point mutation of each part, and each kind of caller, with the rest of the request valid. */
  const sweep: Plan[] = [
    plan('valid', {}),
    ...(hasBodyMethod(route.method) ? bodySweep(parts.body, targets, seed).map((b) => plan('body', { body: b })) : []),
    ...paramCases.slice(1).map((p) => plan('params', { params: p })),
    ...querySweep(parts.query, targets, seed).map((q) => plan('query', { query: q })),
    ...headersSweep(parts.headers, targets, seed).map((h) =>
      plan('headers', { headers: { headers: { ...valid.headers.headers, ...h.headers }, label: h.label } }),
    ),
    ...CALLERS.map((caller) => plan('auth', { caller })),
  ];
  return { sweep, random: randomPlans(route, schema, names, { body, params, query, headers }) };
}

function randomPlans(
  route: RegisteredRoute,
  schema: Partial<Record<Part, unknown>>,
  names: string[],
  {
    body,
    params,
    query,
    headers,
  }: {
    body: PartArbitraries<BodyCase>;
    params: PartArbitraries<ParamsCase>;
    query: PartArbitraries<QueryCase>;
    headers: PartArbitraries<HeaderCase>;
  },
): fc.Arbitrary<Plan> {
  const withBody = hasBodyMethod(route.method);
  const weights: [Focus, number][] = [
    ['valid', 3],
    ['body', withBody ? (schema.body ? 9 : 2) : 0],
    ['params', names.length ? 4 : 0],
    ['query', schema.querystring ? 4 : 1],
    ['headers', schema.headers ? 4 : 2],
    ['auth', 2],
    ['chaos', 1],
  ];
  return fc.oneof(
    ...weights
      .filter(([, w]) => w > 0)
      .map(([focus, weight]) => ({
        weight,
        arbitrary: fc.record({
          phase: fc.constant<Plan['phase']>('random'),
          focus: fc.constant(focus),
          caller: focus === 'auth' || focus === 'chaos' ? callerArbitrary : fc.constant<Caller>('proper'),
          bearer: garbageBearer,
          body: focus === 'body' || focus === 'chaos' ? body.mutated : body.valid,
          params: focus === 'params' || focus === 'chaos' ? params.mutated : params.valid,
          query: focus === 'query' || focus === 'chaos' ? query.mutated : query.valid,
          headers: focus === 'headers' || focus === 'chaos' ? headers.mutated : headers.valid,
        }),
      })),
  );
}
