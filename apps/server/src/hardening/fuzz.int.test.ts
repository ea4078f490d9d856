import net from 'node:net';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type RegisteredRoute, type TestApp } from '../testing/app';
import { createSession } from '../modules/sessions/sessions.service';
import { buildUser } from '../testing/factories';
import { trackSecret } from '../testing/secrets';
import {
  bodyArbitraries,
  bodySweep,
  callerArbitrary,
  describePart,
  garbageBearer,
  headerArbitraries,
  headersSweep,
  paramsArbitraries,
  paramsSweep,
  queryArbitraries,
  querySweep,
  unsafeUrls,
  type BodyCase,
  type Caller,
  type FuzzTargets,
  type HeaderCase,
  type ParamsCase,
  type PartArbitraries,
  type Segment,
  type QueryCase,
} from './fuzz-arbitraries';
import { accepts } from './zod-model';

/*
 * Fuzzes every /api route with requests generated from the route's own zod schemas (see fuzz-arbitraries.ts): first a
 * sweep (each part's every single-point mutation, the rest of the request valid), then random fast-check requests up
 * to the total. Every answer is judged:
 * - never 5xx; a 4xx is JSON `{detail, code}`; a 2xx is JSON (or an empty 204), a 3xx has a location;
 * - the schema is the oracle: a 2xx for a request whose body/params/query/headers the schema rejects is a failure,
 *   and so is a validation_failed naming a part the schema accepts (its `errors` must be well-formed);
 * - per route, each declared schema part was rejected with field errors at least once, and valid requests got past
 *   validation, so the schema path is proven exercised; the server answers health and a signed-in read afterwards.
 */

/** At least this many generated requests across all routes (issue 8). */
const TOTAL_REQUESTS = 10_000;
const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
/** Generated hosts only point at refused ports or unresolvable names; a short PVE timeout bounds anything else. */
const PVE_TIMEOUT_MS = 500;
/**
 * Share of the requests a route gets (1 = an even share). An administrator sign-in checks a scrypt hash (about
 * 100 ms of CPU, by design, unknown e-mails included), so that route gets a third of a share to keep the run short.
 */
const ROUTE_SHARE: Record<string, number> = { 'POST /api/auth/admin-login': 1 / 3 };
/** Error codes answered before the handler runs: a request answered with one did not get past authentication or validation. */
const STAGE_CODES = new Set([
  'unauthenticated',
  'csrf',
  'validation_failed',
  'invalid_json',
  'payload_too_large',
  'unsupported_media_type',
]);

type Part = 'body' | 'params' | 'querystring' | 'headers';
type Focus = 'valid' | 'body' | 'params' | 'query' | 'headers' | 'auth' | 'chaos';
const CALLERS: Caller[] = ['proper', 'anonymous', 'other-account', 'garbage-bearer', 'cookie', 'cookie-same-origin'];

interface Plan {
  phase: 'sweep' | 'random';
  focus: Focus;
  caller: Caller;
  bearer: string;
  body: BodyCase;
  params: ParamsCase;
  query: QueryCase;
  headers: HeaderCase;
}

interface RouteStats {
  route: string;
  sent: number;
  classes: Record<'2xx' | '3xx' | '4xx' | '5xx', number>;
  /** 400 validation_failed answers naming each part. */
  rejected: Record<Part, number>;
  /** Requests whose every schema'd part was valid and that got past authentication and validation. */
  passedValidation: number;
  ms: number;
}

/** Ports on 127.0.0.1 that refuse connections right now: a listener is opened on a free port, then closed. */
async function closedLoopbackPorts(count: number): Promise<number[]> {
  const ports = [1];
  for (let i = 0; i < count; i++) {
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    ports.push((server.address() as net.AddressInfo).port);
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
  for (const port of ports) {
    const code = await new Promise<string | undefined>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve('connected');
      });
      socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code));
    });
    if (code !== 'ECONNREFUSED') throw new Error(`port ${port} on 127.0.0.1 is not refused (${code})`);
  }
  return ports;
}

function fillPath(url: string, values: Record<string, Segment>): string {
  return url.replace(/:(\w+)/g, (_m, name: string) => {
    const segment = values[name] ?? { text: 'x', raw: false };
    return segment.raw ? segment.text : encodeURIComponent(segment.text);
  });
}

/** The route's zod schemas (Fastify keeps a `headers` schema too, which RegisteredRoute does not name). */
const schemasOf = (route: RegisteredRoute): Partial<Record<Part, unknown>> => ({ ...route.schema });

const hasBodyMethod = (method: string) => !['GET', 'HEAD', 'DELETE', 'OPTIONS'].includes(method);

/** Summarises a value for a failure message without pasting a 100 KB string. */
function brief(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  return text.length > 160 ? `${text.slice(0, 160)}…(${text.length} chars)` : text;
}

describe('fuzzing every /api route with schema-derived invalid and edge-case requests', () => {
  let t: TestApp;
  let apiRoutes: RegisteredRoute[];
  let targets: FuzzTargets;
  /** Real ids per route parameter: requests with them get past the lookup, into the handler and the database. */
  let knownIds: (route: RegisteredRoute) => string[];
  /** Ids whose row a request may use up (a licence is revoked once): each request naming one gets a fresh row. */
  const renew = new Map<string, () => Promise<string>>();
  const users: Record<'owner' | 'admin', { id: string; token: string }> = {
    owner: { id: '', token: '' },
    admin: { id: '', token: '' },
  };

  /** The account's session, or a new one for a route that ends the session it is called with (logout). */
  async function tokenOf(who: 'owner' | 'admin', route: RegisteredRoute): Promise<string> {
    if (!route.url.endsWith('/logout')) return users[who].token;
    const { token } = await createSession(t.database.db, users[who].id);
    trackSecret(token);
    return token;
  }

  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_ENABLED: 'false', PVE_TIMEOUT_MS: String(PVE_TIMEOUT_MS) } });
    const owner = await buildUser(t.database.db);
    const admin = await buildUser(t.database.db, { role: 'admin' });
    users.owner = { id: owner.user.id, token: owner.token };
    users.admin = { id: admin.user.id, token: admin.token };
    // Some generated ids are real, so requests also reach the code behind the lookups (and its 2xx/409s).
    const newLicence = async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/licenses/generate',
        headers: admin.auth,
        payload: { organisation_id: owner.user.organisationId, plan_type: 'free', duration_days: 30 },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ id: string }>().id;
    };
    const licenceId = await newLicence();
    renew.set(licenceId, newLicence);
    const orgIds = [owner.user.organisationId!, admin.user.organisationId!];
    knownIds = (route) =>
      route.url.includes('/licenses/:id') ? [licenceId] : route.url.includes(':organisation_id') ? orgIds : [];
    targets = { closedPorts: await closedLoopbackPorts(3), knownIds: [...orgIds, licenceId] };
    apiRoutes = t.routes.filter((r) => r.url.startsWith('/api') && !r.url.startsWith('/api/docs'));
  });
  afterAll(async () => {
    await t?.close();
  });

  function generators(route: RegisteredRoute, seed: number) {
    const schema = schemasOf(route);
    const names = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
    const parts = {
      body: describePart(schema.body),
      params: describePart(schema.params),
      query: describePart(schema.querystring),
      headers: describePart(schema.headers),
    };
    const routeTargets: FuzzTargets = { ...targets, knownIds: knownIds(route) };
    const body = bodyArbitraries(parts.body, routeTargets);
    const params = paramsArbitraries(parts.params, names, routeTargets);
    const query = queryArbitraries(parts.query, routeTargets);
    const headers = headerArbitraries(parts.headers, routeTargets);
    const first = <T>(arb: fc.Arbitrary<T>) => fc.sample(arb, { numRuns: 1, seed })[0]!;
    const paramCases = paramsSweep(parts.params, names, routeTargets, seed);
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
      ...(hasBodyMethod(route.method) ? bodySweep(parts.body, routeTargets, seed).map((b) => plan('body', { body: b })) : []),
      ...paramCases.slice(1).map((p) => plan('params', { params: p })),
      ...querySweep(parts.query, routeTargets, seed).map((q) => plan('query', { query: q })),
      ...headersSweep(parts.headers, routeTargets, seed).map((h) =>
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

  async function toRequest(route: RegisteredRoute, plan: Plan): Promise<InjectOptions & { headers: Record<string, string> }> {
    const values = { ...plan.params.values };
    for (const [name, segment] of Object.entries(values)) {
      const fresh = renew.get(segment.text);
      if (fresh) values[name] = { text: await fresh(), raw: false };
    }
    const ownRole = route.url.startsWith('/api/admin/') ? 'admin' : 'owner';
    const own =
      plan.caller === 'other-account' || plan.caller === 'anonymous' || plan.caller === 'garbage-bearer'
        ? ''
        : await tokenOf(ownRole, route);
    const headers: Record<string, string> = { ...plan.headers.headers };
    switch (plan.caller) {
      case 'proper':
        headers.authorization = `Bearer ${own}`;
        break;
      case 'other-account':
        headers.authorization = `Bearer ${await tokenOf(ownRole === 'admin' ? 'owner' : 'admin', route)}`;
        break;
      case 'garbage-bearer':
        headers.authorization = plan.bearer;
        break;
      case 'cookie':
        headers.cookie = `session_token=${own}`;
        headers.origin = 'https://evil.example';
        break;
      case 'cookie-same-origin':
        headers.cookie = `session_token=${own}`;
        headers.origin = 'http://localhost:80';
        break;
      case 'anonymous':
        break;
    }
    const request: InjectOptions & { headers: Record<string, string> } = {
      method: route.method,
      url: fillPath(route.url, values) + (plan.query.search ? `?${plan.query.search}` : ''),
      headers,
    };
    if (hasBodyMethod(route.method) && plan.body.payload !== undefined) {
      request.payload = plan.body.payload;
      if (plan.body.contentType !== undefined) headers['content-type'] = plan.body.contentType;
    }
    return request;
  }

  /** What each schema'd part of the request was, as the server's parsers will see it (undefined: not known). */
  function sentParts(route: RegisteredRoute, plan: Plan, request: { headers: Record<string, string> }) {
    const schema = schemasOf(route);
    const parts: { part: Part; schema: unknown; value?: { value: unknown } }[] = [];
    const sentBody = hasBodyMethod(route.method) ? plan.body.parsed : { value: undefined };
    if (schema.body) parts.push({ part: 'body', schema: schema.body, value: sentBody });
    if (schema.params) {
      const segments = Object.entries(plan.params.values);
      const known = segments.every(([, s]) => !s.raw);
      parts.push({
        part: 'params',
        schema: schema.params,
        value: known ? { value: Object.fromEntries(segments.map(([k, s]) => [k, s.text])) } : undefined,
      });
    }
    if (schema.querystring) parts.push({ part: 'querystring', schema: schema.querystring, value: plan.query.parsed });
    if (schema.headers) {
      const lower = Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k.toLowerCase(), v]));
      parts.push({ part: 'headers', schema: schema.headers, value: { value: lower } });
    }
    return parts;
  }

  /** Every way the answer breaks the rules; empty when it is fine. */
  function judge(
    route: RegisteredRoute,
    res: LightMyRequestResponse,
    parts: ReturnType<typeof sentParts>,
    stats: RouteStats,
    authenticated: boolean,
  ): string[] {
    const problems: string[] = [];
    const status = res.statusCode;
    const type = String(res.headers['content-type'] ?? '');
    const cls = `${Math.floor(status / 100)}xx` as keyof RouteStats['classes'];
    if (cls in stats.classes) stats.classes[cls]++;
    if (status >= 500) problems.push(`answered ${status}`);
    let json: unknown;
    const isJson = /^application\/json\b/.test(type);
    if ((status !== 204 && status < 300) || status >= 400) {
      if (!isJson) problems.push(`${status} with content-type '${type}'`);
      else {
        try {
          json = JSON.parse(res.body) as unknown;
        } catch {
          problems.push(`${status} with a body that is not JSON`);
        }
      }
    }
    if (status === 204 && res.body !== '') problems.push('204 with a body');
    if (status >= 300 && status < 400 && !res.headers.location) problems.push(`${status} without a location`);
    const accepted = (p: (typeof parts)[number]) => (p.value ? accepts(p.schema as never, p.value.value) : undefined);
    if (status < 300) {
      for (const p of parts) if (accepted(p) === false) problems.push(`${status} although the ${p.part} breaks its schema`);
    }
    if (status >= 400 && json !== undefined) {
      const error = json as { detail?: unknown; code?: unknown; errors?: unknown };
      if (typeof error.detail !== 'string' || error.detail.length === 0) problems.push('error answer without a detail');
      if (typeof error.code !== 'string' || error.code.length === 0) problems.push('error answer without a code');
      if (error.code === 'validation_failed') {
        const list = Array.isArray(error.errors) ? (error.errors as { path?: unknown; message?: unknown }[]) : [];
        if (status !== 400) problems.push(`validation_failed with status ${status}`);
        if (list.length === 0) problems.push('validation_failed without errors');
        for (const e of list) {
          if (typeof e.path !== 'string' || typeof e.message !== 'string' || !e.message) {
            problems.push(`malformed field error ${brief(e)}`);
            continue;
          }
          const part = e.path.split('.')[0] as Part;
          const sent = parts.find((p) => p.part === part);
          if (!sent) problems.push(`validation error on '${e.path}', a part the route has no schema for`);
          else if (accepted(sent) === true) problems.push(`rejected ${e.path} although the ${part} matches its schema`);
          else stats.rejected[part]++;
        }
      }
    }
    const allValid = parts.every((p) => accepted(p) === true);
    const code = (json as { code?: string } | undefined)?.code;
    if (allValid && parts.length > 0 && (!route.isAuthenticated || authenticated) && !STAGE_CODES.has(code ?? '')) {
      stats.passedValidation++;
    }
    return problems;
  }

  it(`answers ${TOTAL_REQUESTS}+ schema-derived requests with a well-formed 4xx {detail} or success, never 5xx`, async () => {
    expect(apiRoutes.length).toBeGreaterThan(20);
    const shareOf = (r: RegisteredRoute) => ROUTE_SHARE[`${r.method} ${r.url}`] ?? 1;
    const shares = apiRoutes.reduce((sum, r) => sum + shareOf(r), 0);
    const gens = apiRoutes.map((route, index) => generators(route, SEED + index));
    const swept = gens.reduce((sum, g) => sum + g.sweep.length, 0);
    const randomTotal = Math.max(0, TOTAL_REQUESTS - swept);
    const started = performance.now();
    const allStats: RouteStats[] = [];
    const problems = new Map<string, { count: number; example: string; labels: Set<string> }>();
    let sent = 0;
    for (const [index, route] of apiRoutes.entries()) {
      const stats: RouteStats = {
        route: `${route.method} ${route.url}`,
        sent: 0,
        classes: { '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0 },
        rejected: { body: 0, params: 0, querystring: 0, headers: 0 },
        passedValidation: 0,
        ms: 0,
      };
      const routeStarted = performance.now();
      allStats.push(stats);
      const runs = Math.ceil((randomTotal * shareOf(route)) / shares);
      const { sweep, random } = gens[index]!;
      for (const plan of [...sweep, ...fc.sample(random, { numRuns: runs, seed: SEED + index })]) {
        const request = await toRequest(route, plan);
        const unsafe = unsafeUrls([plan.body.parsed?.value, plan.body.payload, plan.query.parsed?.value], targets);
        if (unsafe.length) throw new Error(`generator produced a URL outside loopback: ${unsafe.join(', ')}`);
        const res = await t.app.inject(request);
        sent++;
        stats.sent++;
        const authenticated = plan.caller === 'proper' || plan.caller === 'cookie-same-origin';
        for (const problem of judge(route, res, sentParts(route, plan, request), stats, authenticated)) {
          const key = `${stats.route}: ${problem}`;
          const seen = problems.get(key);
          const label = `${plan.phase} ${plan.focus}: ${[plan.body.label, plan.params.label, plan.query.label, plan.headers.label].join(' / ')}`;
          if (seen) {
            seen.count++;
            if (seen.labels.size < 12) seen.labels.add(label);
          } else
            problems.set(key, {
              count: 1,
              labels: new Set([label]),
              example: `${plan.phase}/${plan.focus}/${plan.caller}/${plan.body.label}/${plan.params.label}/${plan.query.label}/${plan.headers.label} ${request.method} ${brief(request.url)} body=${brief(request.payload)} -> ${res.statusCode} ${brief(res.body)}`,
            });
        }
      }
      stats.ms = performance.now() - routeStarted;
    }
    const seconds = (performance.now() - started) / 1000;

    const totals = { '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0 };
    for (const s of allStats) for (const k of Object.keys(totals) as (keyof typeof totals)[]) totals[k] += s.classes[k];
    const pad = (v: unknown, n: number) => String(v).padStart(n);
    const lines = [
      `fuzz: ${sent} requests (${swept} from the schema sweeps, ${sent - swept} random) over ${apiRoutes.length} routes in ${seconds.toFixed(1)} s (seed ${SEED})`,
      `${'route'.padEnd(42)} ${pad('sent', 5)} ${pad('2xx', 5)} ${pad('3xx', 5)} ${pad('4xx', 5)} ${pad('5xx', 5)}  400 by part (body/params/query/headers)  valid-through     ms`,
      ...allStats.map(
        (s) =>
          `${s.route.padEnd(42)} ${pad(s.sent, 5)} ${pad(s.classes['2xx'], 5)} ${pad(s.classes['3xx'], 5)} ${pad(s.classes['4xx'], 5)} ${pad(s.classes['5xx'], 5)}  ${pad(`${s.rejected.body}/${s.rejected.params}/${s.rejected.querystring}/${s.rejected.headers}`, 38)}  ${pad(s.passedValidation, 13)} ${pad(Math.round(s.ms), 6)}`,
      ),
      `${'total'.padEnd(42)} ${pad(sent, 5)} ${pad(totals['2xx'], 5)} ${pad(totals['3xx'], 5)} ${pad(totals['4xx'], 5)} ${pad(totals['5xx'], 5)}`,
    ];
    console.log(lines.join('\n'));

    const report = [...problems.entries()].map(
      ([key, p]) => `${key} (x${p.count})\n    e.g. ${p.example}\n    cases: ${[...p.labels].join('; ')}`,
    );
    expect.soft(report, `${report.length} kind(s) of bad answers`).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(TOTAL_REQUESTS);

    // Every schema part was exercised: rejected with field errors naming it, and passed when valid.
    for (const [i, route] of apiRoutes.entries()) {
      const s = allStats[i]!;
      const schema = schemasOf(route);
      for (const part of ['body', 'params', 'querystring', 'headers'] as const) {
        if (schema[part]) expect.soft(s.rejected[part], `${s.route}: 400s with ${part} errors`).toBeGreaterThan(0);
      }
      if (schema.body || schema.params || schema.querystring || schema.headers) {
        expect.soft(s.passedValidation, `${s.route}: valid requests that got past validation`).toBeGreaterThan(0);
      }
    }

    // The server is still healthy and serving its users.
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode, health.body).toBe(200);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${users.owner.token}` },
    });
    expect(me.statusCode, me.body).toBe(200);
  }, 600_000);
});
