import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_PERMISSIONS } from '@proxai/contract/permissions';
import { sessions } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/app';
import { trackSecret } from '../../testing/secrets';
import { upsertAdmin } from './admin.service';
import { findUserByEmail } from './auth.repository';
import { loginAtProvider, startOidcPeer } from './oidc-peer';

const PUBLIC_URL = 'http://portal.test';
const CALLBACK = `${PUBLIC_URL}/api/auth/oidc/callback`;

describe('OpenID Connect against a real provider on 127.0.0.1', () => {
  let t: TestApp;
  let peer: Awaited<ReturnType<typeof startOidcPeer>>;
  beforeAll(async () => {
    peer = await startOidcPeer({
      redirectUri: CALLBACK,
      accounts: {
        olivia: { email: 'Olivia@Example.org', email_verified: true, name: 'Olivia Oidc' },
        mallory: { email: 'mallory@example.org', email_verified: false, name: 'Mallory' },
        oscar: { email: 'oscar@example.org', email_verified: true, name: 'Oscar Oidc' },
        chief: { email: 'chief-oidc@proxai.example', email_verified: true, name: 'Chief' },
      },
    });
    t = await createTestApp({
      env: {
        PUBLIC_URL,
        // The tests' requests come with inject's `Host: localhost:80`, the browser's to PUBLIC_URL.
        ALLOWED_HOSTS: 'localhost',
        OIDC_ISSUER: peer.issuer,
        OIDC_CLIENT_ID: peer.client_id,
        OIDC_CLIENT_SECRET: peer.client_secret,
        RATE_LIMIT_ENABLED: 'false',
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await peer?.close();
  });

  const start = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/oidc/start' });
    expect(res.statusCode).toBe(302);
    const location = new URL(String(res.headers.location));
    expect(location.origin).toBe(peer.issuer);
    return location;
  };
  const callback = async (url: URL) => {
    trackSecret(url.searchParams.get('code'));
    const res = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(res.statusCode).toBe(302);
    return String(res.headers.location);
  };
  /** Signs `login` in at the provider and answers the one-time handoff id the callback lands on the page with. */
  const handoffFor = async (login: string) => {
    const landing = await callback(await loginAtProvider((await start()).href, login, CALLBACK));
    expect(landing).toMatch(/^\/auth#session_id=[\w-]{40,}$/);
    const handoff = landing.split('session_id=')[1]!;
    trackSecret(handoff);
    return handoff;
  };
  const trade = (handoff: string, headers: Record<string, string> = {}, payload?: { confirm_switch: boolean }) =>
    t.app.inject({ method: 'POST', url: '/api/auth/oauth/session', headers: { 'x-session-id': handoff, ...headers }, payload });

  it('says it is configured', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(res.json()).toEqual({ oidc: { enabled: true, name: '127.0.0.1' }, email: true, admin: true });
  });

  it('start → provider login → callback → #session_id → /auth/oauth/session → /auth/me; the handoff id works once', async () => {
    const authorize = await start();
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(authorize.searchParams.get('state')).toBeTruthy();
    expect(authorize.searchParams.get('nonce')).toBeTruthy();
    expect(authorize.searchParams.get('redirect_uri')).toBe(CALLBACK);

    const back = await loginAtProvider(authorize.href, 'olivia', CALLBACK);
    expect(back.searchParams.get('code')).toBeTruthy();
    const landing = await callback(back);
    expect(landing).toMatch(/^\/auth#session_id=[\w-]{40,}$/);
    const sessionId = landing.split('session_id=')[1]!;

    const session = await t.app.inject({
      method: 'POST',
      url: '/api/auth/oauth/session',
      headers: { 'x-session-id': sessionId },
    });
    expect(session.statusCode).toBe(200);
    const body = session.json<{ session_token: string; user: Record<string, unknown> }>();
    expect(body.user).toMatchObject({ email: 'olivia@example.org', name: 'Olivia Oidc', role: 'user', org_role: 'owner' });
    expect(body.user.organisation_id).toEqual(expect.any(String));
    expect(String(session.headers['set-cookie'])).toMatch(/session_token=.+HttpOnly/i);

    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${body.session_token}` },
    });
    expect(me.statusCode).toBe(200);
    // The user, plus the organisation they own (their only one), the owner's permissions there, and no second factor.
    const meBody = me.json<{ permissions: string[] }>();
    expect(meBody).toEqual({
      ...body.user,
      organisations: [{ organisation_id: body.user.organisation_id, name: 'example.org', role: 'owner' }],
      permissions: expect.any(Array),
      mfa_enabled: false,
    });
    expect([...meBody.permissions].sort()).toEqual([...ROLE_PERMISSIONS.owner].sort());

    const replay = await t.app.inject({ method: 'POST', url: '/api/auth/oauth/session', headers: { 'x-session-id': sessionId } });
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ detail: expect.any(String) });
    const missing = await t.app.inject({ method: 'POST', url: '/api/auth/oauth/session' });
    expect(missing.statusCode).toBe(400);

    // The same callback again: its state was used up.
    expect(await callback(back)).toBe('/auth#error=oidc_failed');

    // A second sign-in finds the same user instead of creating another; the browser still signed in as that same
    // account is not asked to confirm a switch.
    const second = await trade(await handoffFor('olivia'), { cookie: `session_token=${body.session_token}` });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json<{ user: { id: string } }>().user.id).toBe(body.user.id);
  });

  it('replacing another signed-in account asks first (409, nothing consumed), then goes on once confirmed', async () => {
    const olivia = await trade(await handoffFor('olivia'));
    expect(olivia.statusCode).toBe(200);
    const signedIn = { authorization: `Bearer ${olivia.json<{ session_token: string }>().session_token}` };

    const handoff = await handoffFor('oscar');
    for (const headers of [signedIn, { cookie: `session_token=${olivia.json<{ session_token: string }>().session_token}` }]) {
      const asked = await trade(handoff, headers);
      expect(asked.statusCode, asked.body).toBe(409);
      expect(asked.json()).toEqual({
        detail: expect.any(String),
        code: 'account_switch_required',
        current_email: 'olivia@example.org',
        new_email: 'oscar@example.org',
      });
      expect(asked.headers['set-cookie']).toBeUndefined();
    }
    const confirmed = await trade(handoff, signedIn, { confirm_switch: true });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ session_token: expect.any(String), user: { email: 'oscar@example.org' } });
    expect((await trade(handoff, signedIn, { confirm_switch: true })).statusCode).toBe(400);
  });

  it("an administrator's address is refused once the provider proved it (403), and the handoff is used up", async () => {
    const password = 'an administrator password';
    trackSecret(password);
    await upsertAdmin(t.database.db, { email: 'chief-oidc@proxai.example', password, reset: 'never' });
    const handoff = await handoffFor('chief');
    const refused = await trade(handoff);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'admin_password_required', detail: expect.stringMatching(/password/) });
    expect(refused.headers['set-cookie']).toBeUndefined();
    expect((await trade(handoff)).statusCode).toBe(400);
    const admin = await findUserByEmail(t.database.db, 'chief-oidc@proxai.example');
    expect(admin).toMatchObject({ role: 'admin', name: 'Administrator' });
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, admin!.id))).toEqual([]);
  });

  it('a wrong state fails', async () => {
    const back = await loginAtProvider((await start()).href, 'olivia', CALLBACK);
    back.searchParams.set('state', 'forged-state-value');
    expect(await callback(back)).toBe('/auth#error=oidc_failed');
  });

  it('a state from another login (PKCE verifier and nonce mismatch) fails', async () => {
    const first = await start();
    const second = await start();
    const back = await loginAtProvider(first.href, 'olivia', CALLBACK);
    back.searchParams.set('state', second.searchParams.get('state')!);
    expect(await callback(back)).toBe('/auth#error=oidc_failed');
  });

  it('an unverified e-mail address is refused', async () => {
    const back = await loginAtProvider((await start()).href, 'mallory', CALLBACK);
    expect(await callback(back)).toBe('/auth#error=oidc_failed');
  });

  it('a provider error and a callback without parameters land on the error hash', async () => {
    expect(await callback(new URL(`${CALLBACK}?error=access_denied&state=x`))).toBe('/auth#error=oidc_failed');
    expect(await callback(new URL(CALLBACK))).toBe('/auth#error=oidc_failed');
  });
});

describe('OpenID Connect defaults', () => {
  it('uses Google when only the client id and secret are set, and an unreachable provider never breaks the page', async () => {
    const t = await createTestApp({ env: { OIDC_CLIENT_ID: 'id', OIDC_CLIENT_SECRET: 'secret', RATE_LIMIT_ENABLED: 'false' } });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/auth/providers' });
      expect(res.json()).toMatchObject({ oidc: { enabled: true, name: 'Google' } });
    } finally {
      await t.close();
    }
    const down = await createTestApp({
      env: { OIDC_ISSUER: 'http://127.0.0.1:9', OIDC_CLIENT_ID: 'id', OIDC_CLIENT_SECRET: 'secret', RATE_LIMIT_ENABLED: 'false' },
    });
    try {
      const res = await down.app.inject({ method: 'GET', url: '/api/auth/oidc/start' });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/auth#error=oidc_unavailable');
    } finally {
      await down.close();
    }
  });
});
