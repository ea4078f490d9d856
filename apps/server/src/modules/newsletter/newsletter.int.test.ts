import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../testing/app';
import { TEST_DATABASE_KINDS } from '../../testing/database';
import { newsletterSubscribers } from '../../db/schema';

describe.each(TEST_DATABASE_KINDS)('newsletter on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ database: kind, env: { RATE_LIMIT_ENABLED: 'false' } });
  });
  afterAll(async () => {
    await t.close();
  });

  const subscribe = (payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/newsletter/subscribe', payload: payload as object });

  it('stores a new address (201) and answers 409 for the same address in another case', async () => {
    const first = await subscribe({ email: 'Alice.Admin@Example.com', language: 'en' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ message: 'Subscribed', email: 'alice.admin@example.com' });
    const again = await subscribe({ email: 'alice.admin@example.COM' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'already_subscribed', detail: expect.any(String) });
    const rows = await t.database.db
      .select()
      .from(newsletterSubscribers)
      .where(sql`lower(${newsletterSubscribers.email}) = 'alice.admin@example.com'`);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.language).toBe('en');
  });

  it('stores one row when the same address is sent twice at once', async () => {
    const answers = await Promise.all([subscribe({ email: 'race@example.com' }), subscribe({ email: 'RACE@example.com' })]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
  });

  it.each([{}, { email: '' }, { email: 'not-an-address' }, { email: 42 }, { email: 'a@b.co', language: 'xx' }])(
    'refuses %j with 400 {detail}',
    async (payload) => {
      const res = await subscribe(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ detail: expect.any(String), code: 'validation_failed' });
    },
  );
});

describe('newsletter rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 429 {detail} past 10 sign-ups per IP in 15 minutes', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/newsletter/subscribe',
        payload: { email: `n${i}@example.com` },
      });
      codes.push(res.statusCode);
      if (res.statusCode === 429) expect(res.json()).toMatchObject({ detail: expect.any(String), code: 'rate_limited' });
    }
    expect(codes.slice(0, 10).every((c) => c === 201)).toBe(true);
    expect(codes[10]).toBe(429);
  });
});
