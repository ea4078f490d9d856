import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app';
import { trackSecret } from '../../testing/secrets';
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
      },
    });
    t = await createTestApp({
      env: {
        PUBLIC_URL,
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
    expect(me.json()).toEqual(body.user);

    const replay = await t.app.inject({ method: 'POST', url: '/api/auth/oauth/session', headers: { 'x-session-id': sessionId } });
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ detail: expect.any(String) });
    const missing = await t.app.inject({ method: 'POST', url: '/api/auth/oauth/session' });
    expect(missing.statusCode).toBe(400);

    // The same callback again: its state was used up.
    expect(await callback(back)).toBe('/auth#error=oidc_failed');

    // A second sign-in finds the same user instead of creating another.
    const again = await callback(await loginAtProvider((await start()).href, 'olivia', CALLBACK));
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/auth/oauth/session',
      headers: { 'x-session-id': again.split('session_id=')[1]! },
    });
    expect(second.json<{ user: { id: string } }>().user.id).toBe(body.user.id);
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
