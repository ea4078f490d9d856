import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app';
import { trackSecret } from '../../testing/secrets';
import { upsertAdmin } from './admin.service';
import { signInAdmin } from './auth.testing';

describe('an administrator who lost their second factor', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_ENABLED: 'false' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is given a new password and no factor by admin:create: the next sign-in enrols again, old sessions end', async () => {
    const admin = { email: 'lost-factor@example.test', password: 'a first admin password' };
    trackSecret(admin.password, 'a second admin password');
    expect(await upsertAdmin(t.database.db, { ...admin, reset: 'never' })).toBe('created');
    const first = await signInAdmin(t.app, admin);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/mfa', headers: { authorization: `Bearer ${first.token}` } })).json(),
    ).toMatchObject({ totp: true });

    expect(await upsertAdmin(t.database.db, { email: admin.email, password: 'a second admin password', reset: 'admin' })).toBe(
      'reset',
    );
    // The command line is another process: this server notices within SESSION_CACHE_MS (its cache, cleared here).
    t.app.sessionCache.clear();
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${first.token}` } }))
        .statusCode,
    ).toBe(401);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/admin-login',
      payload: { email: admin.email, password: 'a second admin password' },
    });
    expect(again.json()).toMatchObject({ code: 'mfa_enrolment_required' });
    expect(again.json()).not.toHaveProperty('access_token');
  });
});
