import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_PERMISSIONS } from '@proxai/contract/permissions';
import { loginCodes, memberships, organisations, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/app';
import { TEST_DATABASE_KINDS } from '../../testing/database';
import { trackSecret } from '../../testing/secrets';
import { startSmtpPeer } from './smtp-peer';
import { codeIn, linkIn, waitForMail, type SmtpPeer } from './auth.testing';
import { sha256Hex } from './codes';

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

  const requestMail = async (typed: string, language = 'en', headers: Record<string, string> = {}) => {
    const email = typed.toLowerCase();
    const before = peer.mails.filter((m) => m.to.includes(email)).length;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/magic-link',
      headers,
      payload: { email: typed, language },
    });
    expect(res.statusCode, res.body).toBe(200);
    const mail = await waitForMail(peer, email, before + 1);
    const code = codeIn(mail.text);
    const link = linkIn(mail.text);
    trackSecret(code, link.token);
    return { mail, code, link };
  };
  const accountsOf = (email: string) => t.database.db.select().from(users).where(eq(users.email, email));
  /** The organisations a person belongs to, with their role in each. */
  const membershipsOf = (userId: string) =>
    t.database.db
      .select({ organisationId: memberships.organisationId, role: memberships.role })
      .from(memberships)
      .where(eq(memberships.userId, userId));
  /** GET /api/auth/me: the signed-in user, plus their organisations, the permissions held in the current one. */
  const expectMe = async (token: string, user: Record<string, unknown>, organisation: { id: string; name: string }) => {
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
    expect(me.statusCode).toBe(200);
    const body = me.json<{ permissions: string[] }>();
    expect(body).toEqual({
      ...user,
      organisations: [{ organisation_id: organisation.id, name: organisation.name, role: 'owner' }],
      permissions: expect.any(Array),
      mfa_enabled: false,
    });
    expect([...body.permissions].sort()).toEqual([...ROLE_PERMISSIONS.owner].sort());
  };
  const organisationCount = async () => (await t.database.db.select({ n: count() }).from(organisations))[0]!.n;
  /** What the /auth page does with the token of a `/auth#magic=<token>` link. */
  const postMagic = (token: string) => t.app.inject({ method: 'POST', url: '/api/auth/magic', payload: { token } });

  it('first use creates the user and an organisation they own once the mailed code proves the mailbox; the code signs in once', async () => {
    const email = `alice-${kind}@acme.example`;
    expect(await accountsOf(email)).toEqual([]);
    const organisationsBefore = await organisationCount();
    const { mail, code, link } = await requestMail(email.toUpperCase().replace('ACME', 'Acme'), 'fr');
    expect(mail.subject).toBe('Votre code de connexion ProxAI');
    expect(mail.raw).toMatch(/text\/html/);
    expect(mail.text).toContain('15 minutes');
    // Asking for a code creates nothing: no account and no organisation before the mailbox is proven.
    expect(await accountsOf(email)).toEqual([]);
    expect(await organisationCount()).toBe(organisationsBefore);
    // One pending code, keeping the language asked for; only hashes of the code and link are stored.
    const rows = await t.database.db.select().from(loginCodes).where(eq(loginCodes.email, email));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ language: 'fr', usedAt: null, attempts: 0 });
    expect(JSON.stringify(rows)).not.toContain(code);
    expect(JSON.stringify(rows)).not.toContain(link.token);

    const ok = await t.app.inject({ method: 'POST', url: '/api/auth/verify-otp', payload: { email, otp_code: code } });
    expect(ok.statusCode, ok.body).toBe(200);
    const body = ok.json<{ access_token: string; user: Record<string, unknown> }>();
    // The verified code created the account, in the language of the request, owning a new organisation.
    const created = await accountsOf(email);
    expect(created).toHaveLength(1);
    const [user] = created;
    expect(user).toMatchObject({ role: 'user', language: 'fr', name: null });
    expect(user?.organisationId).toEqual(expect.any(String));
    expect(await membershipsOf(user!.id)).toEqual([{ organisationId: user!.organisationId, role: 'owner' }]);
    const [organisation] = await t.database.db.select().from(organisations).where(eq(organisations.id, user!.organisationId!));
    expect(organisation).toMatchObject({ name: 'acme.example' });
    expect(await organisationCount()).toBe(organisationsBefore + 1);
    expect(body.user).toEqual({
      id: user?.id,
      email,
      name: null,
      role: 'user',
      organisation_id: user?.organisationId,
      org_role: 'owner',
      timezone: null,
    });
    const cookie = String(ok.headers['set-cookie']);
    expect(cookie).toMatch(/session_token=[^;]+;/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Max-Age=604800/);
    expect(cookie).toMatch(/Path=\//);

    await expectMe(body.access_token, body.user, { id: user!.organisationId!, name: 'acme.example' });

    const again = await t.app.inject({ method: 'POST', url: '/api/auth/verify-otp', payload: { email, otp_code: code } });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ detail: 'Invalid or expired code', code: 'invalid_code' });
    // The code and the link are one: the link of the used code signs in no more.
    const viaLink = await postMagic(link.token);
    expect(viaLink.statusCode).toBe(400);
    expect(viaLink.json()).toMatchObject({ code: 'invalid_code' });
    expect(await accountsOf(email)).toHaveLength(1);
  });

  it('a forged Host header does not choose where the mailed link points: refused, nothing mailed (no PUBLIC_URL set)', async () => {
    const email = `host-${kind}@example.org`;
    for (const host of ['evil.example:443', '127.0.0.1:8080@evil.example', 'localhost.evil.example']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/magic-link',
        headers: { host },
        payload: { email, language: 'en' },
      });
      expect(res.statusCode, host).toBe(400);
      // The portal does not answer to a name that is not its own (allowed-hosts.ts), mail or not.
      expect(res.json()).toMatchObject({ code: 'host_not_allowed', detail: expect.stringMatching(/PUBLIC_URL/) });
    }
    expect(await t.database.db.select().from(loginCodes).where(eq(loginCodes.email, email))).toEqual([]);
    // The next mail to the address is its first one: the refused requests sent nothing.
    const { mail, link } = await requestMail(email);
    expect(peer.mails.filter((m) => m.to.includes(email))).toEqual([mail]);
    // A loopback Host (how a local portal is reached) is believed, port included: app.inject's is localhost:80.
    expect(link.href).toMatch(/^http:\/\/localhost:80\/auth#magic=[\w-]{40,}$/);
    const local = await requestMail(`local-${kind}@example.org`, 'en', { host: '127.0.0.1:8080' });
    expect(local.link.href).toMatch(/^http:\/\/127\.0\.0\.1:8080\/auth#magic=[\w-]{40,}$/);
    expect(peer.mails.some((m) => `${m.text}${m.raw}`.includes('evil.example'))).toBe(false);
  });

  it('the mailed link signs in once, posted by the /auth page; following it (a mail scanner) burns nothing', async () => {
    const email = `bob-${kind}@example.org`;
    const { link, code } = await requestMail(email, 'es');
    expect(link.url.pathname).toBe('/auth');
    expect(link.url.search).toBe('');
    expect(link.token).toMatch(/^[\w-]{40,}$/);

    // A GET of the link (a scanner's prefetch, or a link mailed in the earlier /api/auth/magic?token= form) only
    // lands on the page, as often as it is fetched.
    const get = (query: string) => t.app.inject({ method: 'GET', url: `/api/auth/magic${query}` });
    for (let i = 0; i < 2; i++) {
      const prefetch = await get(`?token=${encodeURIComponent(link.token)}`);
      expect(prefetch.statusCode).toBe(302);
      expect(prefetch.headers.location).toBe(`/auth#magic=${encodeURIComponent(link.token)}`);
      expect(prefetch.headers['set-cookie']).toBeUndefined();
    }
    const noToken = await get('');
    expect(noToken.statusCode).toBe(302);
    expect(noToken.headers.location).toBe('/auth#error=link_expired');
    expect(await accountsOf(email)).toEqual([]);

    const first = await postMagic(link.token);
    expect(first.statusCode, first.body).toBe(200);
    const { access_token: token, user } = first.json<{ access_token: string; user: Record<string, unknown> }>();
    const [account] = await accountsOf(email);
    expect(account).toMatchObject({ role: 'user', language: 'es' });
    expect(await membershipsOf(account!.id)).toEqual([{ organisationId: account!.organisationId, role: 'owner' }]);
    expect(user).toEqual({
      id: account?.id,
      email,
      name: null,
      role: 'user',
      organisation_id: account?.organisationId,
      org_role: 'owner',
      timezone: null,
    });
    expect(String(first.headers['set-cookie'])).toMatch(/session_token=[^;]+;.*HttpOnly/i);
    await expectMe(token, user, { id: account!.organisationId!, name: 'example.org' });

    const second = await postMagic(link.token);
    expect(second.statusCode).toBe(400);
    expect(second.json()).toMatchObject({ detail: expect.any(String), code: 'invalid_code' });
    expect(second.headers['set-cookie']).toBeUndefined();
    const unknown = await postMagic('x'.repeat(43));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'invalid_code' });
    // The code of the used link is spent too.
    const byCode = await t.app.inject({ method: 'POST', url: '/api/auth/verify-otp', payload: { email, otp_code: code } });
    expect(byCode.statusCode).toBe(400);
  });

  it('a new request replaces the previous code and link', async () => {
    const email = `carol-${kind}@example.org`;
    const { code: old, link: oldLink } = await requestMail(email);
    const { code: fresh } = await requestMail(email);
    if (old !== fresh) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/verify-otp', payload: { email, otp_code: old } });
      expect(res.statusCode).toBe(400);
    }
    const stale = await postMagic(oldLink.token);
    expect(stale.statusCode).toBe(400);
    expect(stale.json()).toMatchObject({ code: 'invalid_code' });
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
    const viaLink = await postMagic(link.token);
    expect(viaLink.statusCode).toBe(400);
    expect(viaLink.json()).toMatchObject({ code: 'invalid_code' });
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
    expect(await accountsOf(`nobody-${kind}@example.org`)).toEqual([]);
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

  it('first requests at once for a new address make no account; two first sign-ins at once make one', async () => {
    const email = `race-${kind}@example.org`;
    const answers = await Promise.all(
      [1, 2, 3].map(() => t.app.inject({ method: 'POST', url: '/api/auth/magic-link', payload: { email, language: 'en' } })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    await waitForMail(peer, email, 3);
    expect(await accountsOf(email)).toEqual([]);

    // Two mails both still live (as when they cross), proven at the same moment: the newer one by its code, the
    // older one by its link. Both sign in, to the one account created for them, with one organisation.
    const older = await requestMail(email);
    const newer = await requestMail(email);
    await t.database.db
      .update(loginCodes)
      .set({ usedAt: null })
      .where(eq(loginCodes.magicTokenHash, sha256Hex(older.link.token)));
    const organisationsBefore = await organisationCount();
    const [byCode, byLink] = await Promise.all([
      t.app.inject({ method: 'POST', url: '/api/auth/verify-otp', payload: { email, otp_code: newer.code } }),
      postMagic(older.link.token),
    ]);
    expect([byCode.statusCode, byLink.statusCode], `${byCode.body}\n${byLink.body}`).toEqual([200, 200]);
    const accounts = await accountsOf(email);
    expect(accounts).toHaveLength(1);
    for (const res of [byCode, byLink]) expect(res.json<{ user: { id: string } }>().user.id).toBe(accounts[0]?.id);
    expect(await organisationCount()).toBe(organisationsBefore + 1);
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
