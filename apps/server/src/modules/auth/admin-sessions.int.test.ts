import { and, count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditEvents, loginFailures, sessions } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/app';
import { buildUser } from '../../testing/factories';
import { trackSecret } from '../../testing/secrets';
import { hashPassword } from './passwords';
import { codeIn, signInAdmin } from './auth.testing';

const ADMIN = { email: 'root@proxai.example', password: 'correct horse battery' };

describe('administrator sign-in, sessions and audit', () => {
  let t: TestApp;
  /** The administrator's authenticator app, enrolled at its first sign-in (a platform administrator must have one). */
  let totpSecret: string | undefined;
  /** Both steps of the administrator's sign-in: password, then the authenticator app (enrolled the first time). */
  const signIn = async () => {
    const done = await signInAdmin(t.app, { ...ADMIN, totpSecret });
    totpSecret = done.totpSecret;
    return done;
  };
  beforeAll(async () => {
    t = await createTestApp({
      jobs: true,
      env: {
        RATE_LIMIT_ENABLED: 'false',
        PROXAI_ADMIN_EMAIL: 'root@proxai.example',
        PROXAI_ADMIN_PASSWORD: 'correct horse battery',
      },
    });
    const { bootstrapAdmin } = await import('./admin-bootstrap');
    await bootstrapAdmin(t.app);
    await bootstrapAdmin(t.app); // idempotent
  });
  afterAll(async () => {
    await t?.close();
  });
  // Wrong passwords count towards the lockout of an address (5 in 15 minutes): each test starts with none, so
  // that one test's failures do not lock the administrator out of the next one.
  beforeEach(async () => {
    await t.database.db.delete(loginFailures);
  });

  it('200 for the administrator (a second step, then a session), 401 wrong password or unknown address, 403 a correct password on a non-admin', async () => {
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/auth/admin-login',
      payload: { email: 'ROOT@proxai.example', password: 'correct horse battery' },
    });
    expect(ok.statusCode).toBe(200);
    // The password alone opens no session: a platform administrator must first enrol a second factor.
    expect(ok.json()).toEqual({
      code: 'mfa_enrolment_required',
      mfa_token: expect.any(String),
      methods: expect.any(Array),
      webauthn: null,
    });
    expect(ok.headers['set-cookie']).toBeUndefined();
    // The second step enrols an authenticator app with that answer's mfa_token as the bearer, which opens the session.
    const done = await signInAdmin(t.app, { ...ADMIN, email: 'ROOT@proxai.example' });
    totpSecret = done.totpSecret;
    expect(done.challenge).toMatchObject({ code: 'mfa_enrolment_required' });
    expect(done.recoveryCodes).toHaveLength(10);
    expect(done.sessionResponse.json()).toMatchObject({
      access_token: done.token,
      user: { email: 'root@proxai.example', role: 'admin', name: 'Administrator' },
    });
    expect(String(done.sessionResponse.headers['set-cookie'])).toMatch(/session_token=[^;]+;/);
    for (const answer of [ok.json(), done.sessionResponse.json()]) expect(JSON.stringify(answer)).not.toMatch(/scrypt|password/i);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${done.token}` } });
    expect(me.json()).toMatchObject({ email: 'root@proxai.example', role: 'admin', mfa_enabled: true });

    // Once enrolled, the password step asks for the factor, still without a session.
    const next = await t.app.inject({ method: 'POST', url: '/api/auth/admin-login', payload: ADMIN });
    expect(next.statusCode).toBe(200);
    expect(next.json()).toMatchObject({
      code: 'mfa_required',
      mfa_token: expect.any(String),
      methods: expect.arrayContaining(['totp', 'recovery']),
    });
    expect(next.json()).not.toHaveProperty('access_token');
    expect(next.headers['set-cookie']).toBeUndefined();
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/auth/mfa/verify',
      payload: { mfa_token: next.json<{ mfa_token: string }>().mfa_token, code: done.recoveryCodes[0] },
    });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toMatchObject({
      access_token: expect.any(String),
      user: { email: 'root@proxai.example', role: 'admin' },
    });

    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/admin-login',
      payload: { email: 'root@proxai.example', password: 'wrong password!!' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ detail: expect.any(String), code: 'invalid_credentials' });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/auth/admin-login',
      payload: { email: 'ghost@proxai.example', password: 'whatever12345' },
    });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());

    await buildUser(t.database.db, {
      email: 'staff@proxai.example',
      role: 'user',
      passwordHash: await hashPassword('a user password'),
    });
    const notAdmin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/admin-login',
      payload: { email: 'staff@proxai.example', password: 'a user password' },
    });
    expect(notAdmin.statusCode).toBe(403);
    expect(notAdmin.json()).toMatchObject({ code: 'not_admin' });
    const notAdminWrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/admin-login',
      payload: { email: 'staff@proxai.example', password: 'another one!!' },
    });
    expect(notAdminWrong.statusCode).toBe(401);
    const noPassword = await buildUser(t.database.db, { role: 'admin' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/admin-login',
      payload: { email: noPassword.user.email, password: 'anything at all' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('an unknown address takes about as long as a known one', async () => {
    // Four wrong passwords for the administrator: one short of the lockout, so both kinds of address get the same
    // "invalid credentials" answer and the comparison is between the same path.
    const time = async (email: string) => {
      const start = performance.now();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/admin-login',
        payload: { email, password: 'not the password' },
      });
      const elapsed = performance.now() - start;
      expect(res.statusCode, email).toBe(401);
      expect(res.json()).toMatchObject({ code: 'invalid_credentials' });
      return elapsed;
    };
    await time('root@proxai.example');
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 3; i++) {
      known.push(await time('root@proxai.example'));
      unknown.push(await time(`nobody${i}@proxai.example`));
    }
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[1]!;
    // Both run one scrypt: an unknown address is not answered in a fraction of the time.
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.5);
  });

  it('logout revokes the session and clears the cookie; /auth/me then answers 401', async () => {
    const { token } = await signIn();
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: `Bearer ${token}` } });
    expect(out.statusCode).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(/session_token=;/);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
    expect(me.statusCode).toBe(401);
    expect(me.json()).toMatchObject({ detail: expect.any(String) });
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/auth/me' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('logout-all revokes every session of the user, this one included, and clears the cookie', async () => {
    const first = await signIn();
    const second = await signIn();
    const liveSessions = async () =>
      (
        await t.database.db
          .select({ n: count() })
          .from(sessions)
          .where(and(eq(sessions.userId, first.user.id), isNull(sessions.revokedAt)))
      )[0]!.n;
    const live = await liveSessions();
    expect(live).toBeGreaterThanOrEqual(2);
    const me = (token: string) =>
      t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
    expect((await me(second.token)).statusCode).toBe(200);

    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout-all',
      headers: { authorization: `Bearer ${first.token}` },
    });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ message: expect.any(String), revoked: live });
    expect(String(out.headers['set-cookie'])).toMatch(/session_token=;/);
    expect(await liveSessions()).toBe(0);
    for (const token of [first.token, second.token]) expect((await me(token)).statusCode).toBe(401);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout-all',
      headers: { authorization: `Bearer ${first.token}` },
    });
    expect(again.statusCode).toBe(401);
  });

  it('the session cookie authenticates; a cookie write needs an origin of the portal’s own names', async () => {
    const { token } = await signIn();
    const cookie = `session_token=${token}`;
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    const crossSite = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie, origin: 'https://evil.example' },
    });
    expect(crossSite.statusCode).toBe(403);
    const sameSite = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie, origin: 'http://localhost:8080', host: 'localhost:8080' },
    });
    expect(sameSite.statusCode).toBe(200);
  });

  it('records sign-ins, failures and logouts in the audit trail, without secrets', async () => {
    const rows = await t.database.db.select().from(auditEvents);
    const actions = rows.map((r) => `${r.action}:${r.outcome}`);
    expect(actions).toContain('auth.admin_created:success');
    expect(actions).toContain('auth.login:success');
    expect(actions).toContain('auth.login:failure');
    expect(actions).toContain('auth.logout:success');
    expect(actions).toContain('auth.logout_all:success');
    expect(JSON.stringify(rows)).not.toContain('correct horse battery');
  });

  it('the dev outbox lists the kept mails (no SMTP configured), filtered by recipient', async () => {
    await t.app.inject({ method: 'POST', url: '/api/auth/magic-link', payload: { email: 'outbox@example.org', language: 'de' } });
    const res = await t.app.inject({ method: 'GET', url: '/api/dev/outbox?to=OUTBOX@example.org' });
    expect(res.statusCode).toBe(200);
    const mails = res.json<{ to: string; subject: string; text: string; html: string }[]>();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      to: 'outbox@example.org',
      subject: 'Ihr ProxAI-Anmeldecode',
      id: expect.any(Number),
      at: expect.any(String),
    });
    expect(mails[0]?.html).toContain('lang="de"');
    trackSecret(codeIn(mails[0]!.text));
  });

  it('reports whether OpenID Connect is configured', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(res.json()).toEqual({ oidc: { enabled: false, name: null }, email: true, admin: true });
    const start = await t.app.inject({ method: 'GET', url: '/api/auth/oidc/start' });
    expect(start.statusCode).toBe(302);
    expect(start.headers.location).toBe('/auth#error=oidc_unavailable');
  });
});
