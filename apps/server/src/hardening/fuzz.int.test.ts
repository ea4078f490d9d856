import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../modules/sessions/sessions.service';
import { createTestApp, type RegisteredRoute, type TestApp } from '../testing/app';
import { buildUser } from '../testing/factories';
import { trackSecret } from '../testing/secrets';
import { judge, newRouteStats, sentParts, type RouteStats } from './fuzz/judge';
import { schemasOf } from './fuzz/parts';
import { routePlans } from './fuzz/plans';
import { problemReport, recordProblem, statsTable, type Problems } from './fuzz/report';
import { toRequest } from './fuzz/requests';
import { closedLoopbackPorts, unsafeUrls, type FuzzTargets } from './fuzz/targets';

/*
 * Fuzzes every /api route with requests generated from the route's own zod schemas (see fuzz/): first a sweep
 * (each part's every single-point mutation, the rest of the request valid), then random fast-check requests up to the
 * total. Every answer is judged:
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

  /**
   * The account's session; a new one for a route that ends the session it is called with (logout); a new account
   * for one that ends every session of its caller (sign out everywhere).
   */
  async function tokenOf(who: 'owner' | 'admin', route: RegisteredRoute): Promise<string> {
    if (route.url.endsWith('/logout-all'))
      return (await buildUser(t.database.db, { role: who === 'admin' ? 'admin' : 'user' })).token;
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
    // The event stream never ends by design (an injected request would wait forever): events.int.test.ts and the
    // permission matrix test it over real sockets.
    apiRoutes = t.routes.filter((r) => r.url.startsWith('/api') && !r.url.startsWith('/api/docs') && r.url !== '/api/events');
  });
  afterAll(async () => {
    await t?.close();
  });

  it(`answers ${TOTAL_REQUESTS}+ schema-derived requests with a well-formed 4xx {detail} or success, never 5xx`, async () => {
    expect(apiRoutes.length).toBeGreaterThan(20);
    const shareOf = (r: RegisteredRoute) => ROUTE_SHARE[`${r.method} ${r.url}`] ?? 1;
    const shares = apiRoutes.reduce((sum, r) => sum + shareOf(r), 0);
    const gens = apiRoutes.map((route, index) => routePlans(route, { ...targets, knownIds: knownIds(route) }, SEED + index));
    const swept = gens.reduce((sum, g) => sum + g.sweep.length, 0);
    const randomTotal = Math.max(0, TOTAL_REQUESTS - swept);
    const started = performance.now();
    const allStats: RouteStats[] = [];
    const problems: Problems = new Map();
    let sent = 0;
    for (const [index, route] of apiRoutes.entries()) {
      const stats = newRouteStats(route);
      const routeStarted = performance.now();
      allStats.push(stats);
      const runs = Math.ceil((randomTotal * shareOf(route)) / shares);
      const { sweep, random } = gens[index]!;
      for (const plan of [...sweep, ...fc.sample(random, { numRuns: runs, seed: SEED + index })]) {
        const request = await toRequest(route, plan, { tokenOf, renew });
        const unsafe = unsafeUrls([plan.body.parsed?.value, plan.body.payload, plan.query.parsed?.value], targets);
        if (unsafe.length) throw new Error(`generator produced a URL outside loopback: ${unsafe.join(', ')}`);
        const res = await t.app.inject(request);
        sent++;
        stats.sent++;
        const authenticated = plan.caller === 'proper' || plan.caller === 'cookie-same-origin';
        for (const problem of judge(
          route,
          res,
          sentParts(route, plan, request),
          stats,
          authenticated,
          typeof request.url === 'string' ? request.url : undefined,
        )) {
          recordProblem(problems, `${stats.route}: ${problem}`, plan, request, res);
        }
      }
      stats.ms = performance.now() - routeStarted;
    }
    const seconds = (performance.now() - started) / 1000;
    console.log(statsTable(allStats, { sent, swept, routes: apiRoutes.length, seconds, seed: SEED }));

    const report = problemReport(problems);
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
