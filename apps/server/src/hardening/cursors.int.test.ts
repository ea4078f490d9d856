import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giveLicence } from '../modules/hosts/hosts.testing';
import { createTestApp, type TestApp } from '../testing/app';
import { TEST_DATABASE_KINDS } from '../testing/database';
import { buildUser } from '../testing/factories';

// Issue 31 §8 (second outside review): crafted pagination cursors (a non-UUID id) answered 500 on tasks, backups,
// restore tests, alerts and delivery logs. A cursor is opaque, and a bad one is a 400.

const encode = (text: string) => Buffer.from(text).toString('base64url');
const ID = '00000000-0000-4000-8000-000000000000';
const CRAFTED = {
  'dashes for an id': encode(`2026-12-01T00:00:00.000Z|${'-'.repeat(36)}`),
  'hex that is no UUID': encode(`2026-12-01T00:00:00.000Z|${'a'.repeat(36)}`),
  'a year PostgreSQL cannot store': encode(`-271821-04-20T00:00:00.000Z|${ID}`),
  'a time before 1970': encode(`1900-01-01T00:00:00.000Z|${ID}`),
  'an extra field': encode(`2026-12-01T00:00:00.000Z|${ID}|x`),
  'no separator': encode('2026-12-01T00:00:00.000Z'),
  'not base64url': '%%%',
};

describe.each(TEST_DATABASE_KINDS)('pagination cursors on %s', (kind) => {
  let t: TestApp;
  let auth: { authorization: string };
  let channelId: string;

  beforeAll(async () => {
    t = await createTestApp({ database: kind, env: { RATE_LIMIT_ENABLED: 'false' } });
    const owner = await buildUser(t.database.db, { orgRole: 'owner' });
    await giveLicence(t.database.db, owner.user.organisationId!, 'enterprise');
    auth = owner.auth;
    const channel = await t.app.inject({
      method: 'POST',
      url: '/api/notification-channels',
      headers: auth,
      payload: { type: 'email', name: 'cursor test', address: 'ops@example.test' },
    });
    expect(channel.statusCode, channel.body).toBe(201);
    channelId = channel.json<{ id: string }>().id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const lists = () => [
    '/api/tasks',
    '/api/backups',
    '/api/restore-tests',
    '/api/alerts',
    `/api/notification-channels/${channelId}/deliveries`,
  ];

  it('a crafted cursor is a 400 on every list that pages by time, never a 500', async () => {
    for (const url of lists()) {
      for (const [what, cursor] of Object.entries(CRAFTED)) {
        const res = await t.app.inject({ method: 'GET', url: `${url}?cursor=${cursor}`, headers: auth });
        expect(res.statusCode, `${url} with ${what}: ${res.body}`).toBe(400);
        expect(res.json()).toMatchObject({
          code: expect.stringMatching(/^(bad_request|validation_failed)$/),
          detail: expect.any(String),
        });
      }
    }
  });

  it('a well-formed cursor still pages', async () => {
    for (const url of lists()) {
      const res = await t.app.inject({
        method: 'GET',
        url: `${url}?cursor=${encode(`2026-12-01T00:00:00.000Z|${ID}`)}`,
        headers: auth,
      });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    }
  });
});
