import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type RegisteredRoute, type TestApp } from '../testing/app';
import { buildUser } from '../testing/factories';
import {
  bodyArbitrary,
  headerArbitrary,
  paramValue,
  queryArbitrary,
  rawPayloadArbitrary,
  toJsonSchema,
} from './fuzz-arbitraries';

/** At least this many generated requests across all routes (issue 8). */
const TOTAL_REQUESTS = 10_000;

function fillPath(url: string, values: string[]): string {
  let i = 0;
  return url.replace(/:(\w+)|\*/g, () => encodeURIComponent(values[i++ % values.length] ?? 'x'));
}

describe('fuzzing every /api route with invalid and edge-case requests', () => {
  let t: TestApp;
  let tokens: Record<'anonymous' | 'owner' | 'admin', string | undefined>;
  let apiRoutes: RegisteredRoute[];
  let sent = 0;

  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_ENABLED: 'false' } });
    const owner = await buildUser(t.database.db);
    const admin = await buildUser(t.database.db, { role: 'admin' });
    tokens = { anonymous: undefined, owner: owner.token, admin: admin.token };
    apiRoutes = t.routes.filter((r) => r.url.startsWith('/api') && !r.url.startsWith('/api/docs'));
  });
  afterAll(async () => {
    await t.close();
  });

  async function check(request: InjectOptions, route: RegisteredRoute): Promise<void> {
    sent++;
    const res = await t.app.inject(request);
    const where = `${route.method} ${route.url} -> ${res.statusCode} ${res.body.slice(0, 200)}`;
    expect(res.statusCode, where).toBeLessThan(500);
    if (res.statusCode >= 400) {
      const body = JSON.parse(res.body) as { detail?: unknown };
      expect(typeof body.detail === 'string' && body.detail.length > 0, where).toBe(true);
    }
  }

  it(`answers ${TOTAL_REQUESTS}+ generated requests with 4xx {detail} or success, never 5xx`, async () => {
    expect(apiRoutes.length).toBeGreaterThan(0);
    const perRoute = Math.ceil(TOTAL_REQUESTS / apiRoutes.length);
    for (const route of apiRoutes) {
      const bodySchema = toJsonSchema(route.schema?.body);
      const hasBody = !['GET', 'HEAD', 'DELETE', 'OPTIONS'].includes(route.method);
      await fc.assert(
        fc.asyncProperty(
          fc.record({
            who: fc.constantFrom('anonymous', 'owner', 'admin', 'owner', 'admin'),
            params: fc.array(paramValue, { minLength: 3, maxLength: 3 }),
            query: queryArbitrary,
            headers: headerArbitrary,
            body: bodyArbitrary(bodySchema),
            raw: fc.option(rawPayloadArbitrary, { freq: 5 }),
            keepAuth: fc.boolean(),
          }),
          async ({ who, params, query, headers, body, raw, keepAuth }) => {
            const token = tokens[who];
            const finalHeaders: Record<string, string> = { ...headers };
            if (token && keepAuth) finalHeaders.authorization = `Bearer ${token}`;
            const request: InjectOptions = {
              method: route.method,
              url: fillPath(route.url, params),
              query: query,
              headers: finalHeaders,
            };
            if (hasBody && raw) {
              request.payload = raw.payload;
              request.headers = { ...finalHeaders, 'content-type': raw.contentType };
            } else if (hasBody && body !== undefined) {
              request.payload = JSON.stringify(body);
              request.headers = { ...finalHeaders, 'content-type': 'application/json' };
            }
            await check(request, route);
          },
        ),
        { numRuns: perRoute, seed: 20261122, endOnFailure: true },
      );
    }
    expect(sent).toBeGreaterThanOrEqual(TOTAL_REQUESTS);
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
  }, 600_000);
});
