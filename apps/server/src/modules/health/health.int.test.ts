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

describe('request body limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      extraRoutes: (api) => {
        api.post('/test-any', async (req) => ({ ok: req.body !== undefined }));
      },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses JSON nested deeper than the limit with 400 {detail}', async () => {
    const deep = '['.repeat(5000) + ']'.repeat(5000);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test-any',
      headers: { 'content-type': 'application/json' },
      payload: deep,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toContain('nested too deeply');
    const ok = await t.app.inject({ method: 'POST', url: '/api/test-any', payload: { a: { b: [1, 2, { c: 3 }] } } });
    expect(ok.statusCode).toBe(200);
  });

  it('refuses text PostgreSQL cannot store (NUL, unpaired surrogates) with 400 {detail}, before any write', async () => {
    for (const payload of ['{"name":"a\\u0000b"}', '{"reason":"x\\ud800"}', '{"k\\u0000":1}']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/contact',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, payload).toBe(400);
      expect(res.json().detail).toBe('Text must not contain NUL characters or unpaired surrogates');
    }
    const emoji = await t.app.inject({ method: 'POST', url: '/api/test-any', payload: { name: 'serveur 🖥️ 主机' } });
    expect(emoji.statusCode).toBe(200);
  });

  it('refuses prototype-poisoning keys', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test-any',
      headers: { 'content-type': 'application/json' },
      payload: '{"__proto__": {"isAdmin": true}}',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'invalid_json' });
  });

  it('refuses bodies over the size limit with 413 {detail}', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/test-any', payload: { text: 'x'.repeat(200_000) } });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ detail: expect.any(String), code: 'payload_too_large' });
  });

  it('refuses an empty JSON body and other content types with 4xx {detail}', async () => {
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/test-any',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(empty.statusCode).toBe(400);
    const xml = await t.app.inject({
      method: 'POST',
      url: '/api/test-any',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json()).toMatchObject({ detail: expect.any(String) });
  });
});
