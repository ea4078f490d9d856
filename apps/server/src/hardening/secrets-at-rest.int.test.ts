import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { generateFleet, startFleet, type Fleet } from '@proxai/pve-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hosts, loginCodes, sessions } from '../db/schema';
import { giveLicence, passwordBody, tokenBody } from '../modules/hosts/hosts.testing';
import { SESSION_CACHE_MS } from '../modules/sessions/sessions.service';
import { createTestApp, type TestApp } from '../testing/app';
import { TEST_DATABASE_KINDS } from '../testing/database';
import { buildUser } from '../testing/factories';
import { trackSecret } from '../testing/secrets';
import { LOOPBACK_HOSTS } from '../testing/env';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

describe.each(TEST_DATABASE_KINDS)('secrets at rest and sessions on %s', (kind) => {
  let t: TestApp;
  let fleet: Fleet;

  beforeAll(async () => {
    fleet = await startFleet(generateFleet({ nodes: 2, guests: 4, seed: 21, pbs: false }), { taskDurationMs: 20 });
    for (const n of fleet.nodes) trackSecret(n.password, n.tokenSecret);
    t = await createTestApp({ jobs: true, database: kind, env: { RATE_LIMIT_ENABLED: 'false', ...LOOPBACK_HOSTS } });
  });
  afterAll(async () => {
    await t?.close();
    await fleet?.close();
  });

  it('stores host passwords and API token secrets only encrypted (AES-256-GCM), never in an answer', async () => {
    const owner = await buildUser(t.database.db, { orgRole: 'owner' });
    await giveLicence(t.database.db, owner.user.organisationId!, 'pro');
    const [a, b] = fleet.nodes as [(typeof fleet.nodes)[0], (typeof fleet.nodes)[0]];
    for (const body of [passwordBody(a), tokenBody(b)]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/hosts', headers: owner.auth, payload: body });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.body).not.toContain(a.password);
      expect(res.body).not.toContain(b.tokenSecret);
    }
    const rows = await t.database.db.select().from(hosts).where(eq(hosts.organisationId, owner.user.organisationId!));
    expect(rows).toHaveLength(2);
    const raw = JSON.stringify(rows);
    expect(raw).not.toContain(a.password);
    expect(raw).not.toContain(b.tokenSecret);
    const ciphertexts = rows.map((r) => r.secretEncrypted);
    // Random IV: the same kind of secret never encrypts to the same text, and each is longer than IV + tag.
    expect(new Set(ciphertexts).size).toBe(2);
    for (const c of ciphertexts) expect(c.length).toBeGreaterThan(40);
    const list = await t.app.inject({ method: 'GET', url: '/api/hosts', headers: owner.auth });
    expect(list.body).not.toContain(a.password);
    expect(list.body).not.toContain(b.tokenSecret);
    expect(list.body).not.toContain(ciphertexts[0]!);
  });

  it('keeps only SHA-256 of session tokens; tokens are 32 random bytes', async () => {
    const first = await buildUser(t.database.db);
    const second = await buildUser(t.database.db, { organisationId: first.user.organisationId });
    for (const token of [first.token, second.token]) expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(first.token).not.toBe(second.token);
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.userId, first.user.id));
    expect(rows.map((r) => r.tokenHash)).toEqual([sha256(first.token)]);
    expect(JSON.stringify(rows)).not.toContain(first.token);
  });

  it('refuses expired and revoked sessions', async () => {
    const u = await buildUser(t.database.db);
    await t.database.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(sessions.userId, u.user.id));
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: u.auth })).statusCode).toBe(401);
    const v = await buildUser(t.database.db);
    await t.database.db
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(eq(sessions.userId, v.user.id));
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: v.auth })).statusCode).toBe(401);
  });

  it('a session revoked outside this process stops working within the cache window; logout at once', async () => {
    const u = await buildUser(t.database.db);
    const me = () => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: u.auth });
    expect((await me()).statusCode).toBe(200);
    await t.database.db
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(eq(sessions.userId, u.user.id));
    const revokedAt = Date.now();
    // The session was cached before the revocation: no request sent after the cache window may get through. (When
    // the answers arrive depends on the machine's load; when the requests were sent does not.)
    let status = 200;
    let lastAcceptedSentAt = revokedAt;
    while (status === 200 && Date.now() - revokedAt < SESSION_CACHE_MS + 5000) {
      const sentAt = Date.now();
      status = (await me()).statusCode;
      if (status === 200) {
        lastAcceptedSentAt = sentAt;
        await new Promise((r) => setTimeout(r, 250));
      }
    }
    expect(status).toBe(401);
    expect(lastAcceptedSentAt - revokedAt).toBeLessThanOrEqual(SESSION_CACHE_MS);

    const v = await buildUser(t.database.db);
    const meV = () => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: v.auth });
    expect((await meV()).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: v.auth })).statusCode).toBe(200);
    expect((await meV()).statusCode).toBe(401);
  }, 20_000);

  it('keeps sign-in codes and magic tokens only as hashes', async () => {
    const email = `at-rest-${Date.now()}@example.test`;
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/magic-link', payload: { email, language: 'en' } });
    expect(res.statusCode).toBe(200);
    const mail = t.app.mailer.outbox.filter((m) => m.to === email).at(-1)!;
    const code = /\b(\d{6})\b/.exec(mail.text)![1]!;
    const magicToken = /#magic=([\w-]+)/.exec(mail.text)![1]!;
    trackSecret(code, magicToken);
    const rows = await t.database.db.select().from(loginCodes).where(eq(loginCodes.email, email));
    expect(rows).toHaveLength(1);
    const raw = JSON.stringify(rows);
    expect(raw).not.toContain(magicToken);
    expect(rows[0]!.codeHash).not.toContain(code);
    expect(rows[0]!.codeHash.length).toBeGreaterThanOrEqual(32);
  });
});
