import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationChannelCreated } from '@proxai/contract';
import { createTestApp, type TestApp } from '../../testing/app';
import { routesClient, type RoutesClient } from '../../testing/routes-client';
import { openTestDatabase } from '../../testing/database';
import { buildUser } from '../../testing/factories';
import type { Resolver } from '../../net/outbound-policy';
import { giveLicence } from '../hosts/hosts.testing';
import { createChannel, testChannel } from './notifications.service';
import { notifyDeps, startReceiver, type Receiver } from './notifications.testing';

/**
 * A notification URL is an SSRF vector: with the default NOTIFY_ADDRESS_POLICY=public, loopback, private and
 * metadata addresses are refused when a channel is made or changed, AND again at each send (the name may resolve
 * elsewhere by then), and the socket goes to the address that was checked.
 */
describe('notification address policy', () => {
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver.close();
  });

  describe('at creation (the app, default policy public)', () => {
    let t: TestApp;
    let api: RoutesClient;
    beforeAll(async () => {
      t = await createTestApp({ jobs: true, env: { RATE_LIMIT_ENABLED: 'false' } });
      expect(t.config.NOTIFY_ADDRESS_POLICY).toBe('public');
      const owner = await buildUser(t.database.db, { orgRole: 'owner' });
      await giveLicence(t.database.db, owner.user.organisationId!, 'pro');
      api = routesClient(t, owner.auth);
    });
    afterAll(async () => {
      await t.close();
    });

    it('refuses loopback, private and metadata URLs with a clear 400', async () => {
      await api.refused(
        api.send('POST', '/api/notification-channels', { type: 'webhook', name: 'w', url: receiver.url() }),
        400,
        'address_not_allowed',
        /127\.0\.0\.1 is a loopback address, which NOTIFY_ADDRESS_POLICY=public does not allow/,
      );
      await api.refused(
        api.send('POST', '/api/notification-channels', { type: 'slack', name: 's', url: `http://localhost:${receiver.port}/x` }),
        400,
        'address_not_allowed',
        /loopback/,
      );
      await api.refused(
        api.send('POST', '/api/notification-channels', { type: 'ntfy', name: 'n', url: 'http://169.254.169.254/latest' }),
        400,
        'address_not_allowed',
        /metadata/,
      );
      await api.refused(
        api.send('POST', '/api/notification-channels', { type: 'gotify', name: 'g', url: 'http://192.168.1.10/', token: 'x' }),
        400,
        'address_not_allowed',
        /private/,
      );
      expect(receiver.requests).toEqual([]);
    });

    it('refuses a change of URL to a refused address', async () => {
      // A public IP literal passes (no DNS needed); changing it to loopback does not.
      const slack = await api.created<NotificationChannelCreated>('/api/notification-channels', {
        type: 'slack',
        name: 's',
        url: 'http://93.184.215.14/services/T0/B0/secret',
      });
      expect(slack.url).toBe('http://93.184.215.14/serv…');
      await api.refused(
        api.send('PATCH', `/api/notification-channels/${slack.id}`, { url: 'http://[::1]:9/x' }),
        400,
        'address_not_allowed',
        /loopback/,
      );
      await api.refused(
        api.send('PATCH', `/api/notification-channels/${slack.id}`, { url: 'http://10.0.0.5/x' }),
        400,
        'address_not_allowed',
        /private/,
      );
    });
  });

  describe('at send time (the name now resolves to loopback)', () => {
    it('refuses the send and dead-letters it; with policy any the socket goes to the checked address', async () => {
      const database = await openTestDatabase();
      try {
        const owner = await buildUser(database.db, { orgRole: 'owner' });
        const ctx = { user: owner.authUser, organisationId: owner.user.organisationId! };
        // hooks.example.test does not exist in DNS: the answers come from this resolver only.
        let answer = '93.184.215.14';
        const resolver: Resolver = () => Promise.resolve([{ address: answer, family: 4 }]);
        const url = `http://hooks.example.test:${receiver.port}/rebound`;
        const strict = notifyDeps(database.db, { NOTIFY_ADDRESS_POLICY: 'public' }, resolver);
        const channel = await createChannel(strict, ctx, { type: 'slack', name: 'Slack', url });

        answer = '127.0.0.1';
        const refused = await testChannel(strict, ctx, channel.id);
        expect(refused).toMatchObject({ ok: false, delivery: { status: 'dead', attempts: 1, last_status_code: null } });
        expect(refused.delivery.last_error).toMatch(/refused: hooks\.example\.test is a loopback address/);
        expect(receiver.requests).toEqual([]);

        const open = notifyDeps(database.db, { NOTIFY_ADDRESS_POLICY: 'any' }, resolver);
        const sent = await testChannel(open, ctx, channel.id);
        expect(sent.ok).toBe(true);
        expect(receiver.requests.map((r) => [r.path, r.headers.host])).toEqual([
          ['/rebound', `hooks.example.test:${receiver.port}`],
        ]);
      } finally {
        await database.close();
      }
    });
  });
});
