import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginCodes, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/app';
import { TEST_DATABASE_KINDS } from '../../testing/database';
import { trackSecret } from '../../testing/secrets';
import { startSmtpPeer } from './smtp-peer';
import { codeIn, linkIn, waitForMail, type SmtpPeer } from './auth.testing';

describe.each(TEST_DATABASE_KINDS)('e-mail sign-in over a real SMTP peer (%s)', (kind) => {
  let t: TestApp;
  let peer: SmtpPeer;
  beforeAll(async () => {
    peer = await startSmtpPeer();
    t = await createTestApp({ database: kind, env: { SMTP_URL: peer.url, RATE_LIMIT_ENABLED: 'false' } });
  });
  afterAll(async () => {
    await t?.close();
    await peer?.close();
  });

  const requestMail = async (typed: string, language = 'en') => {
    const email = typed.toLowerCase();
    const before = peer.mails.filter((m) => m.to.includes(email)).length;
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/magic-link', payload: { email: typed, language } });
    expect(res.statusCode).toBe(200);
    const mail = await waitForMail(peer, email, before + 1);
    const code = codeIn(mail.text);
    const link = linkIn(mail.text);
    trackSecret(code, link.searchParams.get('token'));
    return { mail, code, link };
  };

  it('first use creates the user and an organisation they own; the mailed code signs in once', async () => {
    const email = `alice-${kind}@acme.example`;
    const { mail, code } = await requestMail(email.toUpperCase().replace('ACME', 'Acme'), 'fr');
    expect(mail.subject).toBe('Votre code de connexion ProxAI');
    expect(mail.raw).toMatch(/text\/html/);
    expect(mail.text).toContain('15 minutes');
    const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({ role: 'user', orgRole: 'owner', language: 'fr' });
    expect(user?.organisationId).toBeTruthy();
    // Only hashes are stored.
    const rows = await t.database.db.select().from(loginCodes).where(eq(loginCodes.email, email));
    expect(JSON.stringify(rows)).not.toContain(code);

    const ok = await t.app.inject({ method: 'POST', url: '/api/auth/verify-otp', payload: { email, otp_code: code } });
    expect(ok.statusCode).toBe(200);
    const body = ok.json<{ access_token: string; user: Record<string, unknown> }>();
    expect(body.user).toEqual({
      id: user?.id,
      email,
      name: null,
      role: 'user',
      organisation_id: user?.organisationId,
      org_role: 'owner',
    });
    const cookie = String(ok.headers['set-cookie']);
    expect(cookie).toMatch(/session_token=[^;]+;/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Max-Age=604800/);
    expect(cookie).toMatch(/Path=\//);

    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${body.access_token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual(body.user);

    const again = await t.app.inject({ method: 'POST', url: '/api/auth/verify-otp', payload: { email, otp_code: code } });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ detail: 'Invalid or expired code', code: 'invalid_code' });
  });

  it('a forged Host header does not choose where the mailed link points (no PUBLIC_URL set)', async () => {
    const email = `host-${kind}@example.org`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/magic-link',
      headers: { host: 'evil.example:443' },
      payload: { email, language: 'en' },
    });
    expect(res.statusCode).toBe(200);
    const mail = await waitForMail(peer, email, 1);
    const link = linkIn(mail.text);
    trackSecret(codeIn(mail.text), link.searchParams.get('token'));
    expect(link.origin).toBe(`http://localhost:${t.config.PORT}`);
    expect(mail.text + mail.raw).not.toContain('evil.example');
    // A loopback Host (how a local portal is reached) is believed, port included.
    const local = await requestMail(`local-${kind}@example.org`);
    expect(local.link.hostname).toBe('localhost');
  });

  it('the mailed link signs in through the one-time handoff; a second use fails', async () => {
    const email = `bob-${kind}@example.org`;
    const { link } = await requestMail(email);
    const first = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(first.statusCode).toBe(302);
    const location = String(first.headers.location);
    expect(location).toMatch(/^\/auth#session_id=[\w-]{40,}$/);
    const sessionId = location.split('session_id=')[1]!;

    const session = await t.app.inject({
      method: 'POST',
      url: '/api/auth/oauth/session',
      headers: { 'x-session-id': sessionId },
    });
    expect(session.statusCode).toBe(200);
    const { session_token: token, user } = session.json<{ session_token: string; user: { email: string } }>();
    expect(user.email).toBe(email);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
    expect(me.json()).toMatchObject({ email });

    const replayedHandoff = await t.app.inject({
      method: 'POST',
      url: '/api/auth/oauth/session',
      headers: { 'x-session-id': sessionId },
    });
    expect(replayedHandoff.statusCode).toBe(400);
    expect(replayedHandoff.json()).toMatchObject({ detail: expect.any(String) });

    const second = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(second.statusCode).toBe(302);
    expect(second.headers.location).toBe('/auth#error=link_expired');
  });

  it('a new request replaces the previous code and link', async () => {
    const email = `carol-${kind}@example.org`;
    const { code: old, link: oldLink } = await requestMail(email);
    const { code: fresh } = await requestMail(email);
    if (old !== fresh) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/verify-otp', payload: { email, otp_code: old } });
      expect(res.statusCode).toBe(400);
    }
    const stale = await t.app.inject({ method: 'GET', url: `${oldLink.pathname}${oldLink.search}` });
    expect(stale.headers.location).toBe('/auth#error=link_expired');
    const ok = await t.app.inject({ method: 'POST', url: '/api/auth/verify-otp', payload: { email, otp_code: fresh } });
    expect(ok.statusCode).toBe(200);
  });

  it('a request whose mail cannot be sent answers 503 and leaves the previous code working', async () => {
    const email = `erin-${kind}@example.org`;
    const { code } = await requestMail(email);
    peer.refused.add(email);
    try {
      const failed = await t.app.inject({ method: 'POST', url: '/api/auth/magic-link', payload: { email, language: 'en' } });
      expect(failed.statusCode).toBe(503);
      expect(failed.json()).toMatchObject({ code: 'unavailable' });
    } finally {
      peer.refused.delete(email);
    }
    const ok = await t.app.inject({ method: 'POST', url: '/api/auth/verify-otp', payload: { email, otp_code: code } });
    expect(ok.statusCode).toBe(200);
  });

  it('five wrong codes burn the code: the right one then fails', async () => {
    const email = `dave-${kind}@example.org`;
    const { code } = await requestMail(email);
    // A wrong code made from the right one (a constant like 000000 would also match digits in log timings).
    const wrong = [...code].map((d) => String((Number(d) + 3) % 10)).join('');
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/verify-otp', payload: { email, otp_code: wrong } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ detail: 'Invalid or expired code' });
    }
    const burnt = await t.app.inject({ method: 'POST', url: '/api/auth/verify-otp', payload: { email, otp_code: code } });
    expect(burnt.statusCode).toBe(400);
  });

  it('an expired code and an expired link fail', async () => {
    const email = `erin-${kind}@example.org`;
    const { code, link } = await requestMail(email);
    await t.database.db
      .update(loginCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(loginCodes.email, email));
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/verify-otp', payload: { email, otp_code: code } });
    expect(res.statusCode).toBe(400);
    const viaLink = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(viaLink.headers.location).toBe('/auth#error=link_expired');
  });

  it('answers the same for a known and an unknown address, and refuses malformed input with {detail}', async () => {
    const known = await t.app.inject({
      method: 'POST',
      url: '/api/auth/magic-link',
      payload: { email: `alice-${kind}@acme.example`, language: 'en' },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/auth/magic-link',
      payload: { email: `nobody-${kind}@example.org`, language: 'en' },
    });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    for (const payload of [{ email: 'not-an-email' }, {}, { email: 'a@b.co', language: 'xx' }]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/magic-link', payload });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ detail: expect.any(String) });
    }
    for (const otp of ['1234567', 'abcdef', '']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/verify-otp',
        payload: { email: 'a@b.co', otp_code: otp },
      });
      expect(res.statusCode).toBe(400);
    }
    const noCode = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify-otp',
      payload: { email: `zed-${kind}@example.org`, otp_code: '123456' },
    });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json()).toMatchObject({ detail: 'Invalid or expired code' });
  });

  it('two first requests at once for a new address make one account', async () => {
    const email = `race-${kind}@example.org`;
    const answers = await Promise.all(
      [1, 2, 3].map(() => t.app.inject({ method: 'POST', url: '/api/auth/magic-link', payload: { email, language: 'en' } })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    const rows = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(rows).toHaveLength(1);
    await waitForMail(peer, email, 3);
  });

  it('sends each language its own mail', async () => {
    const subjects: Record<string, string> = {};
    for (const language of ['fr', 'en', 'es', 'it', 'de', 'pt', 'zh', 'ja', 'ar']) {
      const { mail } = await requestMail(`polyglot-${language}-${kind}@example.org`, language);
      subjects[language] = mail.subject;
      expect(mail.raw).toContain(`lang=3D"${language}"`); // the HTML part, quoted-printable
    }
    expect(new Set(Object.values(subjects)).size).toBe(9);
    expect(subjects.en).toBe('Your ProxAI sign-in code');
  });
});
