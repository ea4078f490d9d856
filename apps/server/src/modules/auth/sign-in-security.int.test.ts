import http from 'node:http';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditEvents, loginCodes, loginFailures, memberships, organisations, sessions, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/app';
import { buildUser } from '../../testing/factories';
import { trackSecret } from '../../testing/secrets';
import { bootstrapAdmin } from './admin-bootstrap';
import { upsertAdmin } from './admin.service';
import { ADMIN_MAX_FAILURES, createHandoff } from './auth.service';
import { findUserByEmail } from './auth.repository';
import { signInAdmin } from './auth.testing';

/**
 * Regression tests of the security review's sign-in points: where mailed links point, administrators and the
 * passwordless paths, the dev outbox, proxy trust, admin password guessing, login CSRF, accounts created only
 * once the mailbox is proven, and session lifetimes.
 */
const ADMIN = { email: 'chief@proxai.example', password: 'a long admin password' };

describe('sign-in security', () => {
  let t: TestApp;
  let proxied: TestApp;
  let published: TestApp;

  const post = (app: TestApp, url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    app.app.inject({ method: 'POST', url, payload: payload as Record<string, unknown>, headers });
  /** The code and the link token of the newest mail to `email`. */
  const lastMail = (app: TestApp, email: string) => {
    const mail = app.app.mailer.outbox.filter((m) => m.to === email).at(-1);
    if (!mail) throw new Error(`no mail for ${email}`);
    const code = /:\s*(\d{6})\s*$/m.exec(mail.text)?.[1];
    const link = /^(\S+\/auth#magic=(\S+))$/m.exec(mail.text);
    if (!code || !link) throw new Error(`no code or link in:\n${mail.text}`);
    trackSecret(code, link[2]);
    return { code, link: link[1]!, token: decodeURIComponent(link[2]!) };
  };
  const requestCode = async (app: TestApp, email: string, headers: Record<string, string> = {}) => {
    const res = await post(app, '/api/auth/magic-link', { email, language: 'de' }, headers);
    expect(res.statusCode, res.body).toBe(200);
    return lastMail(app, email);
  };
  const signIn = async (email: string) => {
    const { code } = await requestCode(t, email);
    const res = await post(t, '/api/auth/verify-otp', { email, otp_code: code });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ access_token: string }>().access_token;
  };
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  beforeAll(async () => {
    t = await createTestApp({ jobs: true, env: { RATE_LIMIT_ENABLED: 'false' } });
    proxied = await createTestApp({ jobs: true, reuseDatabase: t.database, env: { TRUST_PROXY: '1' } });
    published = await createTestApp({
      jobs: true,
      reuseDatabase: t.database,
      env: { PUBLIC_URL: 'https://portal.example.com', ALLOWED_HOSTS: 'localhost' },
    });
    trackSecret(ADMIN.password);
    await upsertAdmin(t.database.db, { ...ADMIN, reset: 'never' });
  });
  afterAll(async () => {
    await published?.close();
    await proxied?.close();
    await t?.close();
  });
  beforeEach(async () => {
    await t.database.db.delete(loginFailures);
  });

  describe('mailed links', () => {
    it('point at PUBLIC_URL when it is set, whatever allowed Host header the request came with', async () => {
      const { link } = await requestCode(published, 'link@example.org', { host: 'localhost:8080' });
      expect(link).toMatch(/^https:\/\/portal\.example\.com\/auth#magic=/);
    });

    it('over a real socket too: a forged Host header is refused before any mail', async () => {
      const base = new URL(await t.app.listen({ port: 0, host: '127.0.0.1' }));
      const sent = t.app.mailer.outbox.length;
      const status = (host: string) =>
        new Promise<number>((resolve, reject) => {
          const body = JSON.stringify({ email: 'socket@example.org', language: 'en' });
          const req = http.request(
            {
              host: base.hostname,
              port: base.port,
              method: 'POST',
              path: '/api/auth/magic-link',
              headers: { host, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
            },
            (res) => {
              res.resume();
              resolve(res.statusCode ?? 0);
            },
          );
          req.on('error', reject);
          req.end(body);
        });
      expect(await status('127.0.0.1:8080@evil.example')).toBe(400);
      expect(await status('evil.example')).toBe(400);
      expect(t.app.mailer.outbox.length).toBe(sent);
      expect(await status(`127.0.0.1:${base.port}`)).toBe(200);
      expect(lastMail(t, 'socket@example.org').link.startsWith(`http://127.0.0.1:${base.port}/auth#magic=`)).toBe(true);
    });

    it('without PUBLIC_URL, come from an exactly-loopback Host header; any other one is refused and nothing is mailed', async () => {
      expect((await requestCode(t, 'a@example.org', { host: '127.0.0.1:8080' })).link).toMatch(
        /^http:\/\/127\.0\.0\.1:8080\/auth#magic=/,
      );
      expect((await requestCode(t, 'b@example.org', { host: '[::1]:9000' })).link).toMatch(/^http:\/\/\[::1\]:9000\/auth#magic=/);
      const sent = t.app.mailer.outbox.length;
      for (const host of [
        '127.0.0.1:8080@evil.example',
        'evil.example',
        'localhost.evil.example',
        '127.0.0.1:8080/x',
        'evil.example#127.0.0.1',
      ]) {
        const res = await post(t, '/api/auth/magic-link', { email: 'c@example.org', language: 'en' }, { host });
        expect(res.statusCode, host).toBe(400);
        expect(res.json<{ detail: string }>().detail).toMatch(/PUBLIC_URL/);
      }
      expect(t.app.mailer.outbox.length).toBe(sent);
    });
  });

  describe('accounts', () => {
    it('are created when the mailbox is proven, never at the request', async () => {
      const orgs = async () => (await t.database.db.select({ n: count() }).from(organisations))[0]!.n;
      const before = await orgs();
      for (let i = 0; i < 30; i++) await requestCode(t, `unknown${i}@example.net`);
      expect(await orgs()).toBe(before);
      expect(await findUserByEmail(t.database.db, 'unknown7@example.net')).toBeUndefined();

      const { code } = lastMail(t, 'unknown7@example.net');
      const res = await post(t, '/api/auth/verify-otp', { email: 'unknown7@example.net', otp_code: code });
      expect(res.statusCode).toBe(200);
      const user = await findUserByEmail(t.database.db, 'unknown7@example.net');
      expect(user).toMatchObject({ role: 'user', language: 'de' });
      expect(user?.organisationId).toBeTruthy();
      // The owner of the organisation made for them, its only member.
      const members = await t.database.db
        .select({ userId: memberships.userId, role: memberships.role })
        .from(memberships)
        .where(eq(memberships.organisationId, user!.organisationId!));
      expect(members).toEqual([{ userId: user!.id, role: 'owner' }]);
      expect(await orgs()).toBe(before + 1);
    });
  });

  it('two requests for one address at once leave a working code (the newest does not retire itself)', async () => {
    const email = 'twice@example.org';
    const [a, b] = await Promise.all([
      post(t, '/api/auth/magic-link', { email, language: 'en' }),
      post(t, '/api/auth/magic-link', { email, language: 'en' }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const codes = t.app.mailer.outbox.filter((m) => m.to === email).map((m) => /:\s*(\d{6})\s*$/m.exec(m.text)![1]!);
    expect(codes).toHaveLength(2);
    trackSecret(...codes);
    const live = await t.database.db
      .select({ n: count() })
      .from(loginCodes)
      .where(and(eq(loginCodes.email, email), isNull(loginCodes.usedAt)));
    expect(live[0]!.n).toBe(1);
    const results = [];
    for (const code of codes) results.push((await post(t, '/api/auth/verify-otp', { email, otp_code: code })).statusCode);
    expect(results.filter((s) => s === 200)).toHaveLength(1);
  });

  describe('administrators', () => {
    it('cannot sign in by e-mail code, link or handoff; asking for a code reveals nothing', async () => {
      const unknown = await post(t, '/api/auth/magic-link', { email: 'nobody-here@example.org', language: 'en' });
      const asked = await post(t, '/api/auth/magic-link', { email: ADMIN.email, language: 'en' });
      expect(asked.statusCode).toBe(200);
      expect(asked.json()).toEqual(unknown.json());

      const { code } = lastMail(t, ADMIN.email);
      const byCode = await post(t, '/api/auth/verify-otp', { email: ADMIN.email, otp_code: code });
      expect(byCode.statusCode, byCode.body).toBe(403);
      expect(byCode.json()).toMatchObject({ code: 'admin_password_required', detail: expect.stringMatching(/password/) });
      expect(byCode.headers['set-cookie']).toBeUndefined();

      await post(t, '/api/auth/magic-link', { email: ADMIN.email, language: 'en' });
      const byLink = await post(t, '/api/auth/magic', { token: lastMail(t, ADMIN.email).token });
      expect(byLink.statusCode, byLink.body).toBe(403);
      expect(byLink.json()).toMatchObject({ code: 'admin_password_required' });

      const admin = await findUserByEmail(t.database.db, ADMIN.email);
      const handoff = await createHandoff(t.database.db, admin!.id);
      trackSecret(handoff);
      const byHandoff = await post(t, '/api/auth/oauth/session', undefined, { 'x-session-id': handoff });
      expect(byHandoff.statusCode).toBe(403);
      expect(byHandoff.json()).toMatchObject({ code: 'admin_password_required' });

      const live = await t.database.db.select({ n: count() }).from(sessions).where(eq(sessions.userId, admin!.id));
      expect(live[0]!.n).toBe(0);
      // Only the password opens the way, in two steps: the password answers a second-factor step, not a session.
      const password = await post(t, '/api/auth/admin-login', ADMIN);
      expect(password.statusCode).toBe(200);
      expect(password.json()).toMatchObject({ code: 'mfa_enrolment_required', mfa_token: expect.any(String) });
      expect(password.json()).not.toHaveProperty('access_token');
      expect(password.headers['set-cookie']).toBeUndefined();
      const done = await signInAdmin(t.app, ADMIN);
      expect(done.user).toMatchObject({ email: ADMIN.email, role: 'admin' });
      const after = await t.database.db.select({ n: count() }).from(sessions).where(eq(sessions.userId, admin!.id));
      expect(after[0]!.n).toBe(1);
    });

    it('an administrator address taken by an ordinary account is left alone at start, and the log says how to take it back', async () => {
      await buildUser(t.database.db, { email: 'squatted-admin@proxai.example' });
      const starting = await createTestApp({
        jobs: true,
        reuseDatabase: t.database,
        env: { PROXAI_ADMIN_EMAIL: 'squatted-admin@proxai.example', PROXAI_ADMIN_PASSWORD: 'another admin password' },
      });
      try {
        await bootstrapAdmin(starting.app);
        expect(await findUserByEmail(t.database.db, 'squatted-admin@proxai.example')).toMatchObject({
          role: 'user',
          passwordHash: null,
        });
        const warning = starting.logs.find((l) => String(l.msg).includes('belongs to an ordinary account'));
        expect(warning?.msg).toContain('npm run admin:create -- --email squatted-admin@proxai.example --reset');
      } finally {
        await starting.close();
      }
    });

    it(`lock an address after ${ADMIN_MAX_FAILURES} wrong passwords (known or not): 429 with Retry-After, audited`, async () => {
      for (const email of [ADMIN.email, 'ghost-admin@proxai.example']) {
        for (let i = 0; i < ADMIN_MAX_FAILURES; i++) {
          const wrong = await post(t, '/api/auth/admin-login', { email, password: `wrong password ${i}` });
          expect(wrong.statusCode).toBe(401);
        }
        const locked = await post(t, '/api/auth/admin-login', { email, password: ADMIN.password });
        expect(locked.statusCode).toBe(429);
        expect(locked.json()).toMatchObject({ code: 'rate_limited' });
        expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
      }
      const lockouts = await t.database.db
        .select({ email: auditEvents.actorEmail })
        .from(auditEvents)
        .where(eq(auditEvents.action, 'auth.admin_lockout'));
      expect(lockouts.map((l) => l.email)).toEqual(expect.arrayContaining([ADMIN.email, 'ghost-admin@proxai.example']));
      // Another address is not locked; the lock ends on its own.
      expect(
        (await post(t, '/api/auth/admin-login', { email: 'other@proxai.example', password: 'x'.repeat(12) })).statusCode,
      ).toBe(401);
      await t.database.db.update(loginFailures).set({ lockedUntil: sql`now() - interval '1 second'` });
      expect((await post(t, '/api/auth/admin-login', ADMIN)).statusCode).toBe(200);
      // A success clears the count: four new failures do not lock.
      for (let i = 0; i < ADMIN_MAX_FAILURES - 1; i++)
        await post(t, '/api/auth/admin-login', { ...ADMIN, password: 'wrong again!!' });
      expect((await post(t, '/api/auth/admin-login', ADMIN)).statusCode).toBe(200);
    });
  });

  describe('proxy trust', () => {
    it('TRUST_PROXY=1 takes the address the proxy saw, so a forged X-Forwarded-For entry does not reset a per-IP limit', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 21; i++) {
        const res = await post(
          proxied,
          '/api/auth/magic-link',
          { email: `proxy${i}@example.org`, language: 'en' },
          { 'x-forwarded-for': `10.9.${i}.1, 198.51.100.7`, host: 'localhost' },
        );
        statuses.push(res.statusCode);
      }
      expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
      expect(statuses[20]).toBe(429);
      // The client the proxy saw is another one: its own limit.
      const other = await post(
        proxied,
        '/api/auth/magic-link',
        { email: 'proxy-other@example.org', language: 'en' },
        { 'x-forwarded-for': '198.51.100.8' },
      );
      expect(other.statusCode).toBe(200);
    });
  });

  describe('the development outbox', () => {
    it('answers only a loopback socket peer, whatever X-Forwarded-For says', async () => {
      const local = await proxied.app.inject({ method: 'GET', url: '/api/dev/outbox' });
      expect(local.statusCode).toBe(200);
      for (const remoteAddress of ['192.168.1.50', '10.0.0.7', '2001:db8::5']) {
        const remote = await proxied.app.inject({
          method: 'GET',
          url: '/api/dev/outbox',
          remoteAddress,
          headers: { 'x-forwarded-for': '127.0.0.1' },
        });
        expect(remote.statusCode, remoteAddress).toBe(403);
        expect(remote.body).not.toMatch(/\d{6}/);
      }
    });
  });

  describe('login CSRF: replacing a signed-in account needs the person to confirm', () => {
    it('e-mail code: 409 with both addresses, nothing consumed; confirmed, the new account signs in', async () => {
      const victim = await signIn('victim1@example.org');
      const { code } = await requestCode(t, 'attacker1@example.org');
      const first = await post(t, '/api/auth/verify-otp', { email: 'attacker1@example.org', otp_code: code }, bearer(victim));
      expect(first.statusCode).toBe(409);
      expect(first.json()).toEqual({
        detail: expect.any(String),
        code: 'account_switch_required',
        current_email: 'victim1@example.org',
        new_email: 'attacker1@example.org',
      });
      const confirmed = await post(
        t,
        '/api/auth/verify-otp',
        { email: 'attacker1@example.org', otp_code: code, confirm_switch: true },
        bearer(victim),
      );
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(confirmed.json()).toMatchObject({ user: { email: 'attacker1@example.org' } });
    });

    it('the e-mailed link: a GET burns nothing; the page posts it; the cookie of another account is asked about too', async () => {
      const victim = await signIn('victim2@example.org');
      const { token } = await requestCode(t, 'attacker2@example.org');
      const scanned = await t.app.inject({ method: 'GET', url: `/api/auth/magic?token=${encodeURIComponent(token)}` });
      expect(scanned.statusCode).toBe(302);
      expect(scanned.headers.location).toBe(`/auth#magic=${encodeURIComponent(token)}`);
      const viaCookie = await post(t, '/api/auth/magic', { token }, { cookie: `session_token=${victim}` });
      expect(viaCookie.statusCode).toBe(409);
      expect(viaCookie.json()).toMatchObject({ current_email: 'victim2@example.org', new_email: 'attacker2@example.org' });
      const same = await post(t, '/api/auth/magic', { token, confirm_switch: true }, { cookie: `session_token=${victim}` });
      expect(same.statusCode, same.body).toBe(200);
      expect(same.json()).toMatchObject({ user: { email: 'attacker2@example.org' } });
      expect((await post(t, '/api/auth/magic', { token })).statusCode).toBe(400);
    });

    it('the OpenID handoff: 409 first, then with confirmation', async () => {
      const victim = await signIn('victim3@example.org');
      const other = await buildUser(t.database.db, { email: 'attacker3@example.org' });
      const handoff = await createHandoff(t.database.db, other.user.id);
      trackSecret(handoff);
      const first = await post(t, '/api/auth/oauth/session', undefined, { 'x-session-id': handoff, ...bearer(victim) });
      expect(first.statusCode, first.body).toBe(409);
      expect(first.json()).toMatchObject({ current_email: 'victim3@example.org', new_email: 'attacker3@example.org' });
      const confirmed = await post(
        t,
        '/api/auth/oauth/session',
        { confirm_switch: true },
        { 'x-session-id': handoff, ...bearer(victim) },
      );
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(confirmed.json()).toMatchObject({ user: { email: 'attacker3@example.org' } });
    });

    it('signing in again as the same account asks nothing', async () => {
      const current = await signIn('same@example.org');
      const { code } = await requestCode(t, 'same@example.org');
      const res = await post(t, '/api/auth/verify-otp', { email: 'same@example.org', otp_code: code }, bearer(current));
      expect(res.statusCode).toBe(200);
    });
  });

  describe('sessions', () => {
    it('end 30 days after sign-in however active they are', async () => {
      const token = await signIn('longlived@example.org');
      const me = () => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
      expect((await me()).statusCode).toBe(200);
      const user = await findUserByEmail(t.database.db, 'longlived@example.org');
      // Used every day (last seen now, sliding expiry ahead), but opened 31 days ago.
      await t.database.db
        .update(sessions)
        .set({ createdAt: sql`now() - interval '31 days'`, lastSeenAt: sql`now()`, expiresAt: sql`now() + interval '6 days'` })
        .where(eq(sessions.userId, user!.id));
      t.app.sessionCache.clear();
      expect((await me()).statusCode).toBe(401);
    });

    it('"sign out everywhere" revokes every session of the user and no one else\'s', async () => {
      const a1 = await signIn('everywhere@example.org');
      const a2 = await signIn('everywhere@example.org');
      const b = await signIn('bystander@example.org');
      const out = await post(t, '/api/auth/logout-all', undefined, bearer(a1));
      expect(out.statusCode).toBe(200);
      expect(out.json()).toMatchObject({ revoked: 2 });
      for (const token of [a1, a2]) {
        expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) })).statusCode).toBe(401);
      }
      expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(b) })).statusCode).toBe(200);
      const audited = await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'auth.logout_all'));
      expect(audited.at(-1)).toMatchObject({ actorEmail: 'everywhere@example.org', details: { revoked: 2 } });
      expect(await t.database.db.select({ n: count() }).from(users).where(eq(users.email, 'everywhere@example.org'))).toEqual([
        { n: 1 },
      ]);
    });
  });
});
