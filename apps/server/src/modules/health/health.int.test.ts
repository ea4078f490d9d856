import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app';
import { TEST_DATABASE_KINDS } from '../../testing/database';
import { runMigrations } from '../../db/migrate';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

describe.each(TEST_DATABASE_KINDS)('foundation on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      database: kind,
      extraRoutes: (api) => {
        api
          .withTypeProvider<ZodTypeProvider>()
          .post('/test-echo', { schema: { body: z.object({ email: z.email() }) } }, async (req) => req.body);
      },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('GET /api/health answers ok with the database up', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'ok', version: '0.0.0-test' });
  });

  it('applying the migrations again changes nothing', async () => {
    const count = async () => {
      const res = await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
      return (res as { rows: { n: number }[] }).rows[0]?.n;
    };
    const before = await count();
    await runMigrations(t.database);
    await runMigrations(t.database);
    expect(before).toBeGreaterThan(0);
    expect(await count()).toBe(before);
  });

  it('unknown /api path answers 404 {detail}', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/x' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ detail: expect.any(String), code: 'not_found' });
  });

  it('a malformed JSON body answers 400 {detail}', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test-echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'Malformed JSON body', code: 'invalid_json' });
  });

  it('a body that breaks the schema answers 400 with per-field errors', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/test-echo', payload: { email: 'nope' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'validation_failed',
      detail: expect.stringContaining('body.email'),
      errors: [{ path: 'body.email' }],
    });
  });

  it('serves the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ openapi: expect.stringMatching(/^3\./), paths: { '/api/health': expect.any(Object) } });
  });

  it('answers 503 with database "down" when the database is gone', async () => {
    const other = await createTestApp({ database: kind });
    await other.database.close();
    const res = await other.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'degraded', database: 'down' });
    await other.app.close();
  });
});
