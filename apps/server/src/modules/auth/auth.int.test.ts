import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, loginCodes, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/app';
import { TEST_DATABASE_KINDS } from '../../testing/database';
import { buildUser } from '../../testing/factories';
import { trackSecret } from '../../testing/secrets';
import { hashPassword } from './passwords';
import { startSmtpPeer } from './smtp-peer';

type SmtpPeer = Awaited<ReturnType<typeof startSmtpPeer>>;

const codeIn = (text: string) => {
  const code = /(\d{6})\s*$/m.exec(text.split('\n').find((l) => /:\s*\d{6}\s*$/.test(l)) ?? '')?.[1];
  if (!code) throw new Error(`no code in mail:\n${text}`);
  return code;
};
const linkIn = (text: string) => {
  const link = /https?:\/\/\S+\/api\/auth\/magic\?token=\S+/.exec(text)?.[0];
  if (!link) throw new Error(`no link in mail:\n${text}`);
  return new URL(link);
};

async function waitForMail(peer: SmtpPeer, to: string, count: number) {
  for (let i = 0; i < 100; i++) {
    const mine = peer.mails.filter((m) => m.to.includes(to));
    if (mine.length >= count) return mine[count - 1]!;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no mail #${count} for ${to}`);
}

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

  it('a new request replaces the previous code', async () => {
    const email = `carol-${kind}@example.org`;
    const { code: old } = await requestMail(email);
    const { code: fresh } = await requestMail(email);
    if (old !== fresh) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/verify-otp', payload: { email, otp_code: old } });
      expect(res.statusCode).toBe(400);
    }
    const ok = await t.app.inject({ method: 'POST', url: '/api/auth/verify-otp', payload: { email, otp_code: fresh } });
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

describe('administrator sign-in, sessions and audit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
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

  it('200 for the administrator, 401 wrong password or unknown address, 403 a correct password on a non-admin', async () => {
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/auth/admin-login',
      payload: { email: 'ROOT@proxai.example', password: 'correct horse battery' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      access_token: expect.any(String),
      user: { email: 'root@proxai.example', role: 'admin', name: 'Administrator' },
    });
    expect(JSON.stringify(ok.json())).not.toMatch(/scrypt|password/i);

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
    const time = async (email: string) => {
      const start = performance.now();
      await t.app.inject({ method: 'POST', url: '/api/auth/admin-login', payload: { email, password: 'not the password' } });
      return performance.now() - start;
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
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/admin-login',
      payload: { email: 'root@proxai.example', password: 'correct horse battery' },
    });
    const token = login.json<{ access_token: string }>().access_token;
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: `Bearer ${token}` } });
    expect(out.statusCode).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(/session_token=;/);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
    expect(me.statusCode).toBe(401);
    expect(me.json()).toMatchObject({ detail: expect.any(String) });
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/auth/me' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('the session cookie authenticates; a cookie write needs the same origin', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/admin-login',
      payload: { email: 'root@proxai.example', password: 'correct horse battery' },
    });
    const token = login.json<{ access_token: string }>().access_token;
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
      headers: { cookie, origin: 'http://portal.test:8080', host: 'portal.test:8080' },
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
