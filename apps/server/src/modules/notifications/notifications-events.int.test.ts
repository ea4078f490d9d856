import { generateKeyPairSync } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  DomainEventDataSchemas,
  WebhookPayloadSchema,
  type DomainEventType,
  type NotificationChannel,
  type NotificationChannelCreated,
  type NotificationDeliveryPage,
  type WebhookPayload,
} from '@proxai/contract';
import { generateFleet } from '@proxai/pve-sim';
import { events, notificationDeliveries } from '../../db/schema';
import { TEST_DATABASE_KINDS } from '../../testing/database';
import { buildUser } from '../../testing/factories';
import { routesClient, type RoutesClient } from '../../testing/routes-client';
import { until } from '../../testing/until';
import { startHostsTestbed, type HostsTestbed } from '../hosts/hosts-testbed';
import { tokenBody } from '../hosts/hosts.testing';
import { withEmailStepUp } from '../mfa/step-up.testing';
import { trackSecret } from '../../testing/secrets';
import { generateLicence, revokeLicence } from '../licenses/licenses.service';
import { changeRole, removeMember } from '../teams/teams.service';
import { eventMessageId, webhookEventRouter } from './event-webhooks';
import { insertDeliveries } from './notifications.repository';
import { expectSigned, startReceiver, type Received, type Receiver } from './notifications.testing';

/**
 * Organisation webhooks for every domain event (issue 21), through the real app (its outbox subscribers, delivery
 * pump and pg-boss jobs running) against simulated Proxmox nodes and a node:http receiver on 127.0.0.1
 * (NOTIFY_ADDRESS_POLICY=any): a guest start through the API reaches a subscribed webhook signed by Standard
 * Webhooks, the channels' scopes filter by host and guest tags, a re-dispatched event sends nothing new, and the
 * member and licence events reach their subscribers.
 */

const TAG = 'webhooks-e2e';

interface VmDto {
  id: string;
  vmid: number;
  name: string;
  state: string;
  host_id: string;
}

describe.each(TEST_DATABASE_KINDS)('organisation webhooks for domain events on %s', (kind) => {
  let bed: HostsTestbed;
  let receiver: Receiver;
  let api: RoutesClient;
  let org: string;
  /** The vmid of the guest this file starts. */
  let startVmid: number;
  /** A running guest on each node, which the API-key case stops. */
  let runningVmids: number[];

  beforeAll(async () => {
    receiver = await startReceiver();
    const spec = generateFleet({ nodes: 2, guests: 6, seed: 21, pbs: false });
    // The guest this file starts: stopped, unlocked, tagged (for the tag scopes), on the first node.
    const guest = spec.nodes[0]!.guests.find((g) => !g.template)!;
    Object.assign(guest, { status: 'stopped', tags: [TAG], uptimeSec: 0 });
    delete guest.lock;
    startVmid = guest.vmid!;
    runningVmids = spec.nodes.map((node) => {
      const running = node.guests.find((g) => !g.template && g !== guest)!;
      Object.assign(running, { status: 'running', uptimeSec: 600 });
      delete running.lock;
      return running.vmid;
    });
    bed = await startHostsTestbed({
      spec,
      taskDurationMs: 40,
      database: kind,
      env: { NOTIFY_ADDRESS_POLICY: 'any' },
      addBody: (n) => tokenBody(n),
    });
    api = routesClient(bed.t, bed.owner.auth);
    org = bed.owner.user.organisationId!;
  });
  afterAll(async () => {
    await bed?.close();
    await receiver?.close();
  });
  beforeEach(() => {
    receiver.requests.length = 0;
    receiver.state.fallback = { status: 200, body: 'ok' };
  });

  const db = () => bed.t.database.db;
  const webhook = (name: string, path: string, over: Record<string, unknown> = {}) =>
    api.created<NotificationChannelCreated>('/api/notification-channels', {
      type: 'webhook',
      name,
      url: receiver.url(path),
      ...over,
    });
  const payloadOf = (r: Received): WebhookPayload => WebhookPayloadSchema.parse(JSON.parse(r.body));
  const sentTo = (path: string) => receiver.requests.filter((r) => r.path === path);
  /** The requests received at `path` carrying an event of `type` whose data matches `match`. */
  const received = (path: string, type: DomainEventType, match: (data: Record<string, unknown>) => boolean) =>
    sentTo(path).filter((r) => {
      const p = payloadOf(r);
      return p.type === type && match(p.data);
    });
  const waitFor = (path: string, type: DomainEventType, match: (data: Record<string, unknown>) => boolean) =>
    until(
      async () => received(path, type, match),
      (rs) => rs.length > 0,
      15_000,
    );
  /** The newest outbox event of this organisation of `type` whose data matches. */
  const outboxEvent = async (type: DomainEventType, match: (data: Record<string, unknown>) => boolean) => {
    const rows = await db()
      .select()
      .from(events)
      .where(and(eq(events.organisationId, org), eq(events.type, type)))
      .orderBy(desc(events.id));
    return rows.find((r) => match(r.data));
  };
  /** The guest's state changes in the outbox, newest first. */
  const guestEvents = async (guestId: string) =>
    (
      await db()
        .select()
        .from(events)
        .where(and(eq(events.organisationId, org), eq(events.type, 'guest.state_changed')))
        .orderBy(desc(events.id))
    ).filter((e) => e.data.guest_id === guestId);
  const deliveriesOfEvent = (channelId: string, eventId: number) =>
    db()
      .select()
      .from(notificationDeliveries)
      .where(and(eq(notificationDeliveries.channelId, channelId), eq(notificationDeliveries.eventId, eventId)));
  const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

  it('sends guest.state_changed, signed, to a subscribed webhook after a start; scopes filter; a re-dispatch sends nothing new', async () => {
    const vms = (await api.send('GET', '/api/vms')).json<VmDto[]>();
    const v = vms.find((x) => x.vmid === startVmid && x.host_id === bed.hostIds[0])!;
    expect(v.state).toBe('stopped');
    const otherHost = bed.hostIds.find((h) => h !== v.host_id)!;

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

    const res = await api.send('POST', `/api/vms/${v.id}/action`, { action: 'start', vmid: v.vmid });
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

    // The delivery log shows it as the domain event, delivered, under the event's message id.
    const log = (
      await api.send('GET', `/api/notification-channels/${subscribed.id}/deliveries`)
    ).json<NotificationDeliveryPage>();
    expect(log.items.find((d) => d.message_id === eventMessageId(event.id))).toMatchObject({
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
      scope: { host_ids: [bed.hostIds[0]!] },
    });
    const email = `invitee-${Date.now()}@example.test`;
    const invited = await api.created<{ id: string }>('/api/invites', { email, role: 'operator' });

    const [request] = await waitFor('/members', 'member.invited', (d) => d.invite_id === invited.id);
    expect(request, 'member.invited reached the subscribed webhook').toBeDefined();
    expectSigned(request!, subscribed.secret!);
    expect(payloadOf(request!).data).toEqual({ invite_id: invited.id, email, role: 'operator' });
    const event = (await outboxEvent('member.invited', (d) => d.invite_id === invited.id))!;
    expect(event.actor).toMatchObject({ type: 'user', id: bed.owner.user.id, name: bed.owner.user.email });
    expect(await deliveriesOfEvent(hostScoped.id, event.id)).toEqual([]);

    // Joining, a role change and a removal: each in the transaction of its change, each sent.
    const token = /\/invite\/(\S+)/.exec(bed.t.app.mailer.outbox.filter((m) => m.to === email).at(-1)?.text ?? '')?.[1];
    const person = await buildUser(db(), { email, organisationId: null });
    const accepted = await bed.t.app.inject({
      method: 'POST',
      url: `/api/invites/${token}/accept`,
      headers: person.auth,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const ctx = { user: bed.owner.authUser, organisationId: org, language: 'en' as const };
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
    const licence = await generateLicence(db(), privateKey, staff, { organisation_id: org, plan_type: 'pro', duration_days: 30 });
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
    const patched = await api.send('PATCH', `/api/notification-channels/${hook.id}`, {
      events: ['licence.revoked', 'host.added', 'licence.revoked'],
    });
    expect(patched.statusCode, patched.body).toBe(200);
    // Without repeats, in the catalogue's order.
    expect(patched.json<NotificationChannel>().events).toEqual(['host.added', 'licence.revoked']);
    await api.refused(
      api.send('POST', '/api/notification-channels', {
        type: 'slack',
        name: 'chat',
        url: receiver.url('/slack'),
        events: ['host.added'],
      }),
      400,
      'bad_request',
      /generic webhooks receive domain events/,
    );
    await api.refused(
      api.send('POST', '/api/notification-channels', {
        owner: 'me',
        type: 'webhook',
        name: 'mine',
        url: receiver.url('/mine'),
        events: ['host.added'],
      }),
      400,
      'bad_request',
      /organisation's generic webhooks/,
    );
    // The alert messages reach every channel already: they are not a subscription; unknown types are refused.
    for (const events of [['alert.triggered'], ['host.exploded']]) {
      const res = await api.send('PATCH', `/api/notification-channels/${hook.id}`, { events });
      expect(res.statusCode, res.body).toBe(400);
    }
  });

  it("a key limited to a host makes webhooks within it, receives only that host's events, sees no other channel", async () => {
    const [mine, other] = bed.hostIds as [string, string];
    const made = await withEmailStepUp(bed.t.app, bed.owner.auth, bed.owner.user.email, {
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
    const key = routesClient(bed.t, { authorization: `Bearer ${secret}` });

    // Its {all} is all it sees; a scope beyond its hosts is refused, on creation and on change.
    const hook = await key.created<NotificationChannelCreated>('/api/notification-channels', {
      type: 'webhook',
      name: 'key hook',
      url: receiver.url('/key-hook'),
      events: ['guest.state_changed'],
    });
    expect(hook.scope).toEqual({ host_ids: [mine] });
    const beyond = /limited to some hosts or tags; a channel's scope must stay within them/;
    for (const scope of [{ host_ids: [mine, other] }, { tags: [TAG] }]) {
      await key.refused(
        key.send('POST', '/api/notification-channels', { type: 'webhook', name: 'wide', url: receiver.url('/wide'), scope }),
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
    const vms = (await api.send('GET', '/api/vms')).json<VmDto[]>();
    const [onHost, offHost] = [mine, other].map((h, i) => vms.find((v) => v.host_id === h && v.vmid === runningVmids[i])!);
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
    await stop(offHost!, api);
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
    const log = (await key.send('GET', `/api/notification-channels/${hook.id}/deliveries`)).json<NotificationDeliveryPage>();
    expect(log.items.some((d) => d.status === 'delivered')).toBe(true);
    const [foreign] = await deliveriesOfEvent(orgWide.id, offEvents[0]!.id);
    expect((await key.send('POST', `/api/notification-deliveries/${foreign!.id}/replay`)).statusCode).toBe(404);
  });
});
