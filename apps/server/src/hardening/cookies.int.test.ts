import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin } from '../modules/auth/auth.testing';
import { hashPassword } from '../modules/auth/passwords';
import { createTestApp, type TestApp } from '../testing/app';
import { buildUser } from '../testing/factories';

const PASSWORD = 'cookie-test-password-1';

describe.each([
  ['production', true],
  ['development', false],
] as const)('session cookie in %s', (mode, isSecure) => {
  let t: TestApp;
  let email: string;
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        NODE_ENV: mode,
        PUBLIC_URL: 'https://proxai.example.com',
        ALLOWED_HOSTS: 'localhost',
        RATE_LIMIT_ENABLED: 'false',
        LOG_LEVEL: 'info',
      },
    });
    const admin = await buildUser(t.database.db, { role: 'admin', passwordHash: await hashPassword(PASSWORD) });
    email = admin.user.email;
  });
  afterAll(async () => {
    await t.close();
  });

  it(`is HttpOnly, SameSite=Lax${isSecure ? ', Secure' : ' (not Secure on plain HTTP)'} and lasts 7 days`, async () => {
    // The password step of an administrator's sign-in opens no session (a second factor comes first): no cookie yet.
    const first = await t.app.inject({ method: 'POST', url: '/api/auth/admin-login', payload: { email, password: PASSWORD } });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ code: 'mfa_enrolment_required' });
    expect(first.json()).not.toHaveProperty('access_token');
    expect(first.headers['set-cookie']).toBeUndefined();
    // The second step (enrolling an authenticator app) opens the session and sets its cookie.
    const { sessionResponse: res } = await signInAdmin(t.app, { email, password: PASSWORD });
    const cookie = [res.headers['set-cookie']].flat().find((c) => c?.startsWith('session_token='));
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/;\s*HttpOnly/i);
    expect(cookie).toMatch(/;\s*SameSite=Lax/i);
    expect(cookie).toMatch(/;\s*Path=\//i);
    expect(cookie).toMatch(/;\s*Max-Age=604800/i);
    if (isSecure) expect(cookie).toMatch(/;\s*Secure/i);
    else expect(cookie).not.toMatch(/;\s*Secure/i);
  });

  it('answers with no CORS permission for another origin', async () => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/auth/me',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
    });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
  });
});
