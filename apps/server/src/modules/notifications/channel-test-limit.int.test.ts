import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app';
import { buildUser } from '../../testing/factories';
import { giveLicence } from '../hosts/hosts.testing';
import { CONNECT_ATTEMPTS_PER_MINUTE } from '../hosts/hosts.routes';

// Issue 31 §8 (second outside review): channel tests probed ports and URLs for every member, read-only included,
// without a limit. A test connects now: the same per-organisation limit as connecting hosts, and only for members who
// may manage the channel.

describe('testing a notification channel', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Rate limits on (the default): they are what this file is about.
    t = await createTestApp({});
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = (auth: { authorization: string }, url: string, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers: auth, ...(payload ? { payload } : {}) });

  it('is bounded per organisation, whoever asks, and refused on a channel the member may not manage', async () => {
    const owner = await buildUser(t.database.db, { orgRole: 'owner' });
    const organisationId = owner.user.organisationId!;
    await giveLicence(t.database.db, organisationId, 'enterprise');
    const reader = await buildUser(t.database.db, { organisationId, orgRole: 'readonly' });
    const other = await buildUser(t.database.db, { organisationId, orgRole: 'readonly' });

    const shared = await post(owner.auth, '/api/notification-channels', {
      type: 'email',
      name: 'Ops',
      address: 'ops@example.test',
    });
    expect(shared.statusCode, shared.body).toBe(201);
    const mine = await post(reader.auth, '/api/notification-channels', { type: 'email', name: 'Me', owner: 'me' });
    expect(mine.statusCode, mine.body).toBe(201);
    const theirs = await post(other.auth, '/api/notification-channels', { type: 'email', name: 'Me too', owner: 'me' });
    expect(theirs.statusCode, theirs.body).toBe(201);

    // A read-only member may test their own channel, not the organisation's.
    const refused = await post(reader.auth, `/api/notification-channels/${shared.json<{ id: string }>().id}/test`);
    expect(refused.statusCode, refused.body).toBe(403);

    const test = (who: { authorization: string }, id: string) => post(who, `/api/notification-channels/${id}/test`);
    const mineId = mine.json<{ id: string }>().id;
    // The refusal above counted: what is left of the minute's budget goes to the reader's own channel.
    for (let i = 1; i < CONNECT_ATTEMPTS_PER_MINUTE; i++) expect((await test(reader.auth, mineId)).statusCode).toBe(200);
    const limited = await test(reader.auth, mineId);
    expect(limited.statusCode, limited.body).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toMatchObject({
      code: 'rate_limited',
      detail: expect.stringMatching(/channel tests from this organisation/),
    });
    // Per organisation: another member of it waits too; another organisation does not.
    expect((await test(other.auth, theirs.json<{ id: string }>().id)).statusCode).toBe(429);
    const elsewhere = await buildUser(t.database.db, { orgRole: 'owner' });
    await giveLicence(t.database.db, elsewhere.user.organisationId!, 'enterprise');
    const own = await post(elsewhere.auth, '/api/notification-channels', { type: 'email', name: 'Me', owner: 'me' });
    expect((await test(elsewhere.auth, own.json<{ id: string }>().id)).statusCode).toBe(200);
  });
});
