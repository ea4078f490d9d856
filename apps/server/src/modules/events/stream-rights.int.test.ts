import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_PERMISSIONS } from '@proxai/contract/permissions';
import { sessions } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/app';
import { TEST_DATABASE_KINDS } from '../../testing/database';
import { buildOrganisation, buildUser } from '../../testing/factories';
import { trackSecret } from '../../testing/secrets';
import { createKey } from '../api-keys/api-keys.service';
import { withEmailStepUp } from '../mfa/step-up.testing';
import { openStream } from './events.testing';

// Issue 31 §4 (second outside review): GET /api/events authenticated once. After a member was removed (REST 403) and
// a key revoked (REST 401), both open streams kept receiving events, invitees' e-mail addresses among them.

/** A stream the server ends settles `ended`; one still open after `ms` does not. */
const endsWithin = async (ended: Promise<void>, ms: number) =>
  Promise.race([ended.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms))]);

describe.each(TEST_DATABASE_KINDS)('an open event stream ends with the right to read it, on %s', (kind) => {
  let t: TestApp;
  let base: string;
  let owner: Awaited<ReturnType<typeof buildUser>>;
  let organisationId: string;

  beforeAll(async () => {
    t = await createTestApp({ database: kind, env: { RATE_LIMIT_ENABLED: 'false' } });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    organisationId = (await buildOrganisation(t.database.db)).id;
    owner = await buildUser(t.database.db, { organisationId, orgRole: 'owner' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const asOwner = (method: 'PATCH' | 'DELETE', url: string, payload?: object) =>
    withEmailStepUp(t.app, owner.auth, owner.user.email, { method, url, ...(payload ? { payload } : {}) });
  const member = (orgRole: 'readonly' | 'operator' | 'admin') => buildUser(t.database.db, { organisationId, orgRole });
  /** Opens a stream with a browser's single-use ticket. */
  const byTicket = async (auth: { authorization: string }) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/events/ticket', headers: auth });
    expect(res.statusCode, res.body).toBe(200);
    const { ticket } = res.json<{ ticket: string }>();
    trackSecret(ticket);
    return openStream(`${base}/api/events?ticket=${encodeURIComponent(ticket)}`);
  };

  it('a removed member’s stream ends at once, before the removal event (nor any after) reaches it', async () => {
    const gone = await member('readonly');
    const stream = await byTicket(gone.auth);
    const bystander = await openStream(`${base}/api/events`, owner.auth);
    try {
      expect(stream.status).toBe(200);
      expect((await asOwner('DELETE', `/api/members/${gone.user.id}`)).statusCode).toBe(200);
      expect(await endsWithin(stream.ended, 5000)).toBe(true);
      expect(stream.frames.map((f) => f.event)).not.toContain('member.removed');
      // Everyone else's stream goes on and hears of it.
      await bystander.waitFor((f) => f.event === 'member.removed');
    } finally {
      await stream.close();
      await bystander.close();
    }
  });

  it('a member whose role changes gets a new stream with the new role (the old one ends)', async () => {
    const demoted = await member('admin');
    const stream = await openStream(`${base}/api/events`, demoted.auth);
    try {
      expect(stream.status).toBe(200);
      expect((await asOwner('PATCH', `/api/members/${demoted.user.id}`, { role: 'readonly' })).statusCode).toBe(200);
      expect(await endsWithin(stream.ended, 5000)).toBe(true);
    } finally {
      await stream.close();
    }
  });

  it('a revoked API key’s stream ends at once', async () => {
    const ctx = { user: owner.authUser, organisationId, ip: '127.0.0.1' };
    const key = await createKey(t.database.db, ctx, {
      name: 'stream reader',
      scopes: [...ROLE_PERMISSIONS.readonly],
      expires_at: new Date(Date.now() + 86_400_000).toISOString(),
    });
    trackSecret(key.secret);
    const stream = await openStream(`${base}/api/events`, { authorization: `Bearer ${key.secret}` });
    try {
      expect(stream.status).toBe(200);
      const revoked = await t.app.inject({ method: 'DELETE', url: `/api/api-keys/${key.id}`, headers: owner.auth });
      expect(revoked.statusCode, revoked.body).toBe(204);
      expect(await endsWithin(stream.ended, 5000)).toBe(true);
    } finally {
      await stream.close();
    }
  });

  it('signing out ends that session’s streams at once, and only those', async () => {
    const person = await member('operator');
    const other = await buildUser(t.database.db, { organisationId, orgRole: 'operator' });
    const mine = await byTicket(person.auth);
    const theirs = await openStream(`${base}/api/events`, other.auth);
    try {
      const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: person.auth });
      expect(out.statusCode, out.body).toBe(200);
      expect(await endsWithin(mine.ended, 5000)).toBe(true);
      expect(await endsWithin(theirs.ended, 500)).toBe(false);
    } finally {
      await mine.close();
      await theirs.close();
    }
  });

  it('a session ended elsewhere (another replica, an operator) ends its stream at the next heartbeat, within 15 s', async () => {
    const person = await member('readonly');
    const stream = await openStream(`${base}/api/events`, person.auth);
    try {
      expect(stream.status).toBe(200);
      // What another replica's logout writes; this process's cache never hears of it.
      await t.database.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, person.user.id));
      expect(await endsWithin(stream.ended, 16_000)).toBe(true);
    } finally {
      await stream.close();
    }
  }, 20_000);
});
