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

  it('magic-link per address answers 429 {detail}', async () => {
    const send = () =>
      t.app.inject({ method: 'POST', url: '/api/auth/magic-link', payload: { email: 'spam@example.org', language: 'fr' } });
    for (let i = 0; i < 5; i++) expect((await send()).statusCode).toBe(200);
    const limited = await send();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ detail: expect.stringMatching(/try again/), code: 'rate_limited' });
    // Another address from the same IP is still served.
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/auth/magic-link',
      payload: { email: 'other@example.org', language: 'fr' },
    });
    expect(other.statusCode).toBe(200);
  });

  it('magic-link per IP answers 429', async () => {
    let last = 0;
    for (let i = 0; i < 25 && last !== 429; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/magic-link',
        remoteAddress: '10.0.0.9',
        payload: { email: `ip${i}@example.org`, language: 'fr' },
      });
      last = res.statusCode;
    }
    expect(last).toBe(429);
  });

  it('verify-otp per address answers 429', async () => {
    let last = 0;
    for (let i = 0; i < 12 && last !== 429; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/verify-otp',
        remoteAddress: `10.1.0.${i}`,
        payload: { email: 'guess@example.org', otp_code: '123456' },
      });
      last = res.statusCode;
    }
    expect(last).toBe(429);
  });

  it('the e-mailed link, past its limit, lands on /auth with an explanation', async () => {
    let location = '';
    for (let i = 0; i < 35 && !location.includes('rate_limited'); i++) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/auth/magic?token=${'x'.repeat(43)}`,
        remoteAddress: '10.3.0.1',
      });
      location = String(res.headers.location);
    }
    expect(location).toBe('/auth#error=rate_limited');
  });

  it('admin-login per IP answers 429', async () => {
    let last = 0;
    for (let i = 0; i < 12 && last !== 429; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/admin-login',
        remoteAddress: '10.2.0.1',
        payload: { email: `a${i}@example.org`, password: 'not the password' },
      });
      last = res.statusCode;
    }
    expect(last).toBe(429);
  });
});
