import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app';

describe('rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Every 429 says when to try again: Retry-After in seconds, within the 15-minute window. */
  const expectRetryAfter = (res: { headers: Record<string, unknown> }) => {
    const seconds = Number(res.headers['retry-after']);
    expect(Number.isInteger(seconds), String(res.headers['retry-after'])).toBe(true);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(15 * 60);
  };

  it('magic-link per address answers 429 {detail}', async () => {
    const send = () =>
      t.app.inject({ method: 'POST', url: '/api/auth/magic-link', payload: { email: 'spam@example.org', language: 'fr' } });
    for (let i = 0; i < 5; i++) expect((await send()).statusCode).toBe(200);
    const limited = await send();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ detail: expect.stringMatching(/try again/), code: 'rate_limited' });
    expectRetryAfter(limited);
    // Another address from the same IP is still served.
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/auth/magic-link',
      payload: { email: 'other@example.org', language: 'fr' },
    });
    expect(other.statusCode).toBe(200);
  });

  it('magic-link per IP answers 429', async () => {
    let last: Awaited<ReturnType<typeof t.app.inject>> | undefined;
    for (let i = 0; i < 25 && last?.statusCode !== 429; i++) {
      last = await t.app.inject({
        method: 'POST',
        url: '/api/auth/magic-link',
        remoteAddress: '10.0.0.9',
        payload: { email: `ip${i}@example.org`, language: 'fr' },
      });
    }
    expect(last?.statusCode).toBe(429);
    expectRetryAfter(last!);
  });

  it('verify-otp per address answers 429', async () => {
    let last: Awaited<ReturnType<typeof t.app.inject>> | undefined;
    for (let i = 0; i < 12 && last?.statusCode !== 429; i++) {
      last = await t.app.inject({
        method: 'POST',
        url: '/api/auth/verify-otp',
        remoteAddress: `10.1.0.${i}`,
        payload: { email: 'guess@example.org', otp_code: '123456' },
      });
    }
    expect(last?.statusCode).toBe(429);
    expectRetryAfter(last!);
  });

  it('signing in with the e-mailed link (POST /auth/magic) answers 429 JSON with Retry-After past 30 per IP', async () => {
    const post = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/magic',
        remoteAddress: '10.3.0.1',
        payload: { token: 'x'.repeat(43) },
      });
    for (let i = 0; i < 30; i++) {
      const res = await post();
      expect(res.statusCode, `attempt ${i + 1}`).toBe(400);
      expect(res.json()).toMatchObject({ code: 'invalid_code' });
    }
    const limited = await post();
    expect(limited.statusCode).toBe(429);
    expect(limited.headers.location).toBeUndefined();
    expect(limited.json()).toMatchObject({ detail: expect.stringMatching(/try again/), code: 'rate_limited' });
    expectRetryAfter(limited);
    // Another address is served; following the link (GET) consumes nothing and only lands on the page.
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/auth/magic',
      remoteAddress: '10.3.0.2',
      payload: { token: 'x'.repeat(43) },
    });
    expect(other.statusCode).toBe(400);
    const followed = await t.app.inject({
      method: 'GET',
      url: `/api/auth/magic?token=${'x'.repeat(43)}`,
      remoteAddress: '10.3.0.1',
    });
    expect(followed.statusCode).toBe(302);
    expect(followed.headers.location).toBe(`/auth#magic=${'x'.repeat(43)}`);
  });

  it('admin-login per IP answers 429', async () => {
    let last: Awaited<ReturnType<typeof t.app.inject>> | undefined;
    for (let i = 0; i < 12 && last?.statusCode !== 429; i++) {
      last = await t.app.inject({
        method: 'POST',
        url: '/api/auth/admin-login',
        remoteAddress: '10.2.0.1',
        payload: { email: `a${i}@example.org`, password: 'not the password' },
      });
    }
    expect(last?.statusCode).toBe(429);
    expectRetryAfter(last!);
  });
});
