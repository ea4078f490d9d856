import { describe, expect, it } from 'vitest';
import type { NotificationChannel, NotificationChannelCreated, NotificationDeliveryPage } from '@proxai/contract';
import { TEST_DATABASE_KINDS } from '../../testing/database';
import { routesClient, type RoutesClient } from '../../testing/routes-client';
import { trackSecret } from '../../testing/secrets';
import { until } from '../../testing/until';
import { withEmailStepUp } from '../mfa/step-up.testing';
import { expectSigned } from './notifications.testing';
import { useWebhookEventsBed, webhookEventsHelpers, WEBHOOK_EVENTS_TAG as TAG, type VmDto } from './webhook-events.testing';

/**
 * Webhooks under an API key's host scope (issue 21, ADR 019), through the real app against two simulated Proxmox
 * nodes and a node:http receiver on 127.0.0.1: the channels a host-scoped key makes, sees and is refused, and the
 * events its webhook receives.
 */
describe.each(TEST_DATABASE_KINDS)('webhooks of a host-scoped API key on %s', (kind) => {
  const w = useWebhookEventsBed(kind);
  const { webhook, payloadOf, sentTo, waitFor, guestEvents, deliveriesOfEvent } = webhookEventsHelpers(w);

  it("a key limited to a host makes webhooks within it, receives only that host's events, sees no other channel", async () => {
    const [mine, other] = w.bed.hostIds as [string, string];
    const made = await withEmailStepUp(w.bed.t.app, w.bed.owner.auth, w.bed.owner.user.email, {
      method: 'POST',
      url: '/api/api-keys',
      payload: {
        name: 'host-scoped hooks',
        scopes: ['fleet.read', 'guests.operate', 'notifications.read', 'notifications.manage'],
        host_ids: [mine],
        expires_at: new Date(Date.now() + 86_400_000).toISOString(),
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    const secret = made.json<{ secret: string }>().secret;
    trackSecret(secret);
    const key = routesClient(w.bed.t, { authorization: `Bearer ${secret}` });

    // Its {all} is all it sees; a scope beyond its hosts is refused, on creation and on change.
    const hook = await key.created<NotificationChannelCreated>('/api/notification-channels', {
      type: 'webhook',
      name: 'key hook',
      url: w.receiver.url('/key-hook'),
      events: ['guest.state_changed'],
    });
    expect(hook.scope).toEqual({ host_ids: [mine] });
    const beyond = /limited to some hosts or tags; a channel's scope must stay within them/;
    for (const scope of [{ host_ids: [mine, other] }, { tags: [TAG] }]) {
      await key.refused(
        key.send('POST', '/api/notification-channels', { type: 'webhook', name: 'wide', url: w.receiver.url('/wide'), scope }),
        403,
        'forbidden',
        beyond,
      );
    }
    await key.refused(
      key.send('PATCH', `/api/notification-channels/${hook.id}`, { scope: { host_ids: [other] } }),
      403,
      'forbidden',
      beyond,
    );
    const widened = await key.send('PATCH', `/api/notification-channels/${hook.id}`, { scope: { all: true } });
    expect(widened.json<NotificationChannel>().scope).toEqual({ host_ids: [mine] });

    // The organisation's channels: it sees those within its hosts, and no other (404, as an unknown id).
    const orgWide = await webhook('org wide', '/org-wide', { events: ['guest.state_changed'] });
    const onMine = await webhook('on mine', '/on-mine', { scope: { host_ids: [mine] } });
    const listed = (await key.send('GET', '/api/notification-channels')).json<{ items: NotificationChannel[] }>();
    expect(listed.items.map((c) => c.id)).toEqual(expect.arrayContaining([hook.id, onMine.id]));
    expect(listed.items.every((c) => 'host_ids' in c.scope && c.scope.host_ids.every((h) => h === mine))).toBe(true);
    for (const [method, path] of [
      ['GET', ''],
      ['PATCH', ''],
      ['DELETE', ''],
      ['POST', '/test'],
      ['POST', '/rotate-secret'],
      ['GET', '/deliveries'],
      ['GET', '/dead-letters'],
    ] as const) {
      const res = await key.send(
        method,
        `/api/notification-channels/${orgWide.id}${path}`,
        method === 'PATCH' ? { name: 'x' } : undefined,
      );
      expect(res.statusCode, `${method} ${path}: ${res.body}`).toBe(404);
    }
    expect((await key.send('GET', `/api/notification-channels/${onMine.id}`)).statusCode).toBe(200);

    // A stop on each host: the key's webhook gets its host's, signed; the other host's never reaches it.
    const vms = (await w.api.send('GET', '/api/vms')).json<VmDto[]>();
    const [onHost, offHost] = [mine, other].map((h, i) => vms.find((v) => v.host_id === h && v.vmid === w.runningVmids[i])!);
    expect(onHost!.state).toBe('running');
    expect(offHost!.state).toBe('running');
    const stop = async (v: VmDto, client: RoutesClient) => {
      const res = await client.send('POST', `/api/vms/${v.id}/action`, { action: 'stop', vmid: v.vmid });
      expect(res.statusCode, res.body).toBe(202);
    };
    // The key cannot touch the other host's guest; the owner stops it.
    expect((await key.send('POST', `/api/vms/${offHost!.id}/action`, { action: 'stop', vmid: offHost!.vmid })).statusCode).toBe(
      404,
    );
    await stop(offHost!, w.api);
    await stop(onHost!, key);
    const stopped = (id: string) => (d: Record<string, unknown>) => d.guest_id === id && d.state === 'stopped';
    const [mineStopped] = await waitFor('/key-hook', 'guest.state_changed', stopped(onHost!.id));
    expectSigned(mineStopped!, hook.secret!);
    // The other stop reached the organisation-wide webhook: it was routed, and not to the key's.
    await waitFor('/org-wide', 'guest.state_changed', stopped(offHost!.id));
    const offEvents = await guestEvents(offHost!.id);
    expect(offEvents.length).toBeGreaterThan(0);
    for (const e of offEvents) expect(await deliveriesOfEvent(hook.id, e.id)).toEqual([]);
    expect(sentTo('/key-hook').every((r) => payloadOf(r).data.host_id === mine)).toBe(true);

    // Its webhook's log is its own to read; a delivery of a channel it does not see cannot be replayed by it.
    // The receiver may have the request before the delivery is marked delivered (the pump writes it after the answer).
    const log = await until(
      async () => (await key.send('GET', `/api/notification-channels/${hook.id}/deliveries`)).json<NotificationDeliveryPage>(),
      (page) => page.items.some((d) => d.status === 'delivered'),
    );
    expect(log.items.some((d) => d.status === 'delivered')).toBe(true);
    const [foreign] = await deliveriesOfEvent(orgWide.id, offEvents[0]!.id);
    expect((await key.send('POST', `/api/notification-deliveries/${foreign!.id}/replay`)).statusCode).toBe(404);
  });
});
