import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DomainEventDataSchemas, type NotificationChannel, type NotificationDeliveryPage } from '@proxai/contract';
import { TEST_DATABASE_KINDS } from '../../testing/database';
import { buildUser } from '../../testing/factories';
import { until } from '../../testing/until';
import { generateLicence, revokeLicence } from '../licenses/licenses.service';
import { changeRole, removeMember } from '../teams/teams.service';
import { eventMessageId, webhookEventRouter } from './event-webhooks';
import { insertDeliveries } from './notifications.repository';
import { expectSigned } from './notifications.testing';
import { useWebhookEventsBed, webhookEventsHelpers, WEBHOOK_EVENTS_TAG as TAG, type VmDto } from './webhook-events.testing';

/**
 * Organisation webhooks for every domain event (issue 21), through the real app (its outbox subscribers, delivery
 * pump and pg-boss jobs running) against simulated Proxmox nodes and a node:http receiver on 127.0.0.1
 * (NOTIFY_ADDRESS_POLICY=any): a guest start through the API reaches a subscribed webhook signed by Standard
 * Webhooks, the channels' scopes filter by host and guest tags, a re-dispatched event sends nothing new, and the
 * member and licence events reach their subscribers. An API key's own webhooks: notifications-events-keys.
 */
describe.each(TEST_DATABASE_KINDS)('organisation webhooks for domain events on %s', (kind) => {
  const w = useWebhookEventsBed(kind);
  const { db, webhook, payloadOf, sentTo, received, waitFor, outboxEvent, guestEvents, deliveriesOfEvent } =
    webhookEventsHelpers(w);
  const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

  it('sends guest.state_changed, signed, to a subscribed webhook after a start; scopes filter; a re-dispatch sends nothing new', async () => {
    const vms = (await w.api.send('GET', '/api/vms')).json<VmDto[]>();
    const v = vms.find((x) => x.vmid === w.startVmid && x.host_id === w.bed.hostIds[0])!;
    expect(v.state).toBe('stopped');
    const otherHost = w.bed.hostIds.find((h) => h !== v.host_id)!;

    const subscribed = await webhook('fleet events', '/all', { events: ['guest.state_changed'] });
    expect(subscribed.events).toEqual(['guest.state_changed']);
    const byHost = await webhook('its host', '/its-host', { events: ['guest.state_changed'], scope: { host_ids: [v.host_id] } });
    const elsewhere = await webhook('other host', '/other-host', {
      events: ['guest.state_changed'],
      scope: { host_ids: [otherHost] },
    });
    const byTag = await webhook('tagged', '/tagged', { events: ['guest.state_changed'], scope: { tags: [TAG] } });
    const otherTag = await webhook('other tag', '/other-tag', { events: ['guest.state_changed'], scope: { tags: ['nope'] } });
    const alertsOnly = await webhook('alerts only', '/alerts-only');
    expect(alertsOnly.events).toEqual([]);

    const res = await w.api.send('POST', `/api/vms/${v.id}/action`, { action: 'start', vmid: v.vmid });
    expect(res.statusCode, res.body).toBe(202);

    const ofGuest = (d: Record<string, unknown>) => d.guest_id === v.id;
    const isStarted = (d: Record<string, unknown>) => ofGuest(d) && d.state === 'running';
    await waitFor('/all', 'guest.state_changed', isStarted);
    // Every state the start went through (stopped → starting → running), each its own event and message.
    const outbox = (await guestEvents(v.id)).reverse();
    expect(outbox.length).toBeGreaterThan(0);
    expect(outbox[0]!.data.previous).toBe('stopped');
    expect(outbox.at(-1)!.data.state).toBe('running');
    const all = await until(
      async () => received('/all', 'guest.state_changed', ofGuest),
      (rs) => rs.length >= outbox.length,
    );
    expect(all.map((r) => r.headers['webhook-id']).sort()).toEqual(outbox.map((e) => eventMessageId(e.id)).sort());
    for (const request of all) expectSigned(request, subscribed.secret!);
    const event = outbox.at(-1)!;
    const request = all.find((r) => r.headers['webhook-id'] === eventMessageId(event.id))!;
    const body = payloadOf(request);
    expect(body.type).toBe('guest.state_changed');
    expect(body.timestamp).toBe(event.at.toISOString());
    // `data` is the event's data, exactly as the contract's catalogue gives it.
    expect(DomainEventDataSchemas['guest.state_changed'].parse(body.data)).toEqual({
      guest_id: v.id,
      host_id: v.host_id,
      vmid: v.vmid,
      name: v.name,
      state: 'running',
      previous: outbox.at(-2)?.data.state ?? 'stopped',
    });

    // The same events reach the channels whose scope covers them (the guest's host, its tag), not the others.
    for (const path of ['/its-host', '/tagged']) {
      const got = await until(
        async () => received(path, 'guest.state_changed', ofGuest),
        (rs) => rs.length >= outbox.length,
      );
      expect(got.map((r) => r.headers['webhook-id']).sort(), path).toEqual(outbox.map((e) => eventMessageId(e.id)).sort());
    }
    // One pass routed each event to every channel: those it skipped have no delivery, and never will.
    for (const channel of [elsewhere, otherTag, alertsOnly]) {
      for (const e of outbox) expect(await deliveriesOfEvent(channel.id, e.id), channel.name).toEqual([]);
      expect(received(new URL(channel.url!).pathname, 'guest.state_changed', ofGuest), channel.name).toEqual([]);
    }
    expect(byHost.events).toEqual(['guest.state_changed']);
    expect(byTag.scope).toEqual({ tags: [TAG] });

    // The delivery log shows it as the domain event, delivered, under the event's message id (once the pump has
    // written the answer it had: the receiver may have the request first).
    const delivered = await until(
      async () =>
        (await w.api.send('GET', `/api/notification-channels/${subscribed.id}/deliveries`))
          .json<NotificationDeliveryPage>()
          .items.find((d) => d.message_id === eventMessageId(event.id)),
      (d) => d?.status === 'delivered',
    );
    expect(delivered).toMatchObject({
      event_type: 'guest.state_changed',
      status: 'delivered',
      attempts: 1,
      severity: null,
      summary: `guest.state_changed: ${v.name} ${String(event.data.previous)} → running`,
    });

    // At least once: the dispatcher hands the event again (a late commit's re-read, a crash before its cursor moved).
    const router = webhookEventRouter();
    await db().transaction((tx) => router.handle(tx, [event]));
    await db().transaction((tx) => router.handle(tx, [event]));
    expect(await deliveriesOfEvent(subscribed.id, event.id)).toHaveLength(1);
    // The unique (channel, event) key holds even for a row made another way (another dedupe key).
    const [first] = await deliveriesOfEvent(subscribed.id, event.id);
    const { id: _id, createdAt: _c, ...copy } = first!;
    expect(await insertDeliveries(db(), [{ ...copy, dedupeKey: `other:${event.id}`, status: 'pending' }])).toEqual([]);
    // Past a few pump ticks: still one request per event and receiver.
    await pause(2500);
    expect(received('/all', 'guest.state_changed', isStarted)).toHaveLength(1);
    expect(sentTo('/all').filter((r) => r.headers['webhook-id'] === eventMessageId(event.id))).toHaveLength(1);
  });

  it('sends the member events to a subscribed webhook, not to one scoped to hosts (they have no host)', async () => {
    const subscribed = await webhook('members', '/members', {
      events: ['member.invited', 'member.joined', 'member.role_changed', 'member.removed'],
    });
    const hostScoped = await webhook('members of a host', '/members-host', {
      events: ['member.invited'],
      scope: { host_ids: [w.bed.hostIds[0]!] },
    });
    const email = `invitee-${Date.now()}@example.test`;
    const invited = await w.api.created<{ id: string }>('/api/invites', { email, role: 'operator' });

    const [request] = await waitFor('/members', 'member.invited', (d) => d.invite_id === invited.id);
    expect(request, 'member.invited reached the subscribed webhook').toBeDefined();
    expectSigned(request!, subscribed.secret!);
    expect(payloadOf(request!).data).toEqual({ invite_id: invited.id, email, role: 'operator' });
    const event = (await outboxEvent('member.invited', (d) => d.invite_id === invited.id))!;
    expect(event.actor).toMatchObject({ type: 'user', id: w.bed.owner.user.id, name: w.bed.owner.user.email });
    expect(await deliveriesOfEvent(hostScoped.id, event.id)).toEqual([]);

    // Joining, a role change and a removal: each in the transaction of its change, each sent.
    const token = /\/invite\/(\S+)/.exec(w.bed.t.app.mailer.outbox.filter((m) => m.to === email).at(-1)?.text ?? '')?.[1];
    const person = await buildUser(db(), { email, organisationId: null });
    const accepted = await w.bed.t.app.inject({
      method: 'POST',
      url: `/api/invites/${token}/accept`,
      headers: person.auth,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const ctx = { user: w.bed.owner.authUser, organisationId: w.org, language: 'en' as const };
    await changeRole(db(), ctx, person.user.id, 'readonly');
    await removeMember(db(), ctx, person.user.id);
    const isPerson = (d: Record<string, unknown>) => d.user_id === person.user.id;
    // Each is its own delivery (jobs run side by side): they may arrive in any order.
    const types = ['member.joined', 'member.role_changed', 'member.removed'] as const;
    await until(
      async () => types.map((type) => received('/members', type, isPerson).length),
      (counts) => counts.every((n) => n > 0),
      15_000,
    );
    expect(received('/members', 'member.joined', isPerson).map((r) => payloadOf(r).data)).toEqual([
      { user_id: person.user.id, email, role: 'operator' },
    ]);
    expect(received('/members', 'member.role_changed', isPerson).map((r) => payloadOf(r).data)).toEqual([
      { user_id: person.user.id, email, role: 'readonly', previous: 'operator' },
    ]);
    expect(received('/members', 'member.removed', isPerson).map((r) => payloadOf(r).data)).toEqual([
      { user_id: person.user.id, email, left: false },
    ]);
    for (const r of sentTo('/members')) expectSigned(r, subscribed.secret!);
  });

  it('sends licence.generated and licence.revoked to the organisation of the licence', async () => {
    const subscribed = await webhook('licences', '/licences', { events: ['licence.generated', 'licence.revoked'] });
    const admin = await buildUser(db(), { role: 'admin', organisationId: null });
    const { privateKey } = generateKeyPairSync('ed25519');
    const staff = { user: admin.authUser, ip: '127.0.0.1' };
    const licence = await generateLicence(db(), privateKey, staff, {
      organisation_id: w.org,
      plan_type: 'pro',
      duration_days: 30,
    });
    await revokeLicence(db(), privateKey, staff, licence.id, 'issued by mistake');
    const ofLicence = (d: Record<string, unknown>) => d.licence_id === licence.id;
    const [generated] = await waitFor('/licences', 'licence.generated', ofLicence);
    expect(payloadOf(generated!).data).toEqual({ licence_id: licence.id, plan_type: 'pro', expires_at: licence.expires_at });
    const [revoked] = await waitFor('/licences', 'licence.revoked', ofLicence);
    expect(payloadOf(revoked!).data).toEqual({ licence_id: licence.id, reason: 'issued by mistake' });
    expectSigned(revoked!, subscribed.secret!);
  });

  it('subscribes only organisation webhooks, to catalogue types; a PATCH changes the subscriptions', async () => {
    const hook = await webhook('patched', '/patched');
    const patched = await w.api.send('PATCH', `/api/notification-channels/${hook.id}`, {
      events: ['licence.revoked', 'host.added', 'licence.revoked'],
    });
    expect(patched.statusCode, patched.body).toBe(200);
    // Without repeats, in the catalogue's order.
    expect(patched.json<NotificationChannel>().events).toEqual(['host.added', 'licence.revoked']);
    await w.api.refused(
      w.api.send('POST', '/api/notification-channels', {
        type: 'slack',
        name: 'chat',
        url: w.receiver.url('/slack'),
        events: ['host.added'],
      }),
      400,
      'bad_request',
      /generic webhooks receive domain events/,
    );
    await w.api.refused(
      w.api.send('POST', '/api/notification-channels', {
        owner: 'me',
        type: 'webhook',
        name: 'mine',
        url: w.receiver.url('/mine'),
        events: ['host.added'],
      }),
      400,
      'bad_request',
      /organisation's generic webhooks/,
    );
    // The alert messages reach every channel already: they are not a subscription; unknown types are refused.
    for (const events of [['alert.triggered'], ['host.exploded']]) {
      const res = await w.api.send('PATCH', `/api/notification-channels/${hook.id}`, { events });
      expect(res.statusCode, res.body).toBe(400);
    }
  });
});
