import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type {
  NotificationChannel,
  NotificationChannelCreated,
  NotificationDeliveryPage,
  NotificationTestResult,
} from '@proxai/contract';
import { createTestApp, type TestApp } from '../../testing/app';
import { routesClient, type RoutesClient } from '../../testing/routes-client';
import { TEST_DATABASE_KINDS } from '../../testing/database';
import { buildUser } from '../../testing/factories';
import { until } from '../../testing/until';
import { startSmtpPeer } from '../auth/smtp-peer';
import { giveLicence } from '../hosts/hosts.testing';
import { alertData, emitAlert, expectSigned, startReceiver, type Receiver } from './notifications.testing';

/**
 * Notification channels through the real app (its outbox subscriber, delivery pump and pg-boss jobs running),
 * against a node:http receiver and an SMTP server on 127.0.0.1 (NOTIFY_ADDRESS_POLICY=any for them).
 */
describe.each(TEST_DATABASE_KINDS)('notification channels on %s', (kind) => {
  let t: TestApp;
  let receiver: Receiver;
  let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
  let api: RoutesClient;
  let org: string;
  let ownerEmail: string;
  let ownerAuth: Record<string, string>;

  beforeAll(async () => {
    receiver = await startReceiver();
    smtp = await startSmtpPeer();
    t = await createTestApp({
      jobs: true,
      database: kind,
      env: { RATE_LIMIT_ENABLED: 'false', NOTIFY_ADDRESS_POLICY: 'any', SMTP_URL: smtp.url },
    });
    const owner = await buildUser(t.database.db, { orgRole: 'owner' });
    ownerAuth = owner.auth;
    org = owner.user.organisationId!;
    ownerEmail = owner.user.email;
    await giveLicence(t.database.db, org, 'pro');
    api = routesClient(t, owner.auth);
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
    await smtp.close();
  });
  beforeEach(() => {
    receiver.requests.length = 0;
    receiver.script.length = 0;
  });

  const deliveries = async (channelId: string) =>
    (await api.send('GET', `/api/notification-channels/${channelId}/deliveries?limit=20`)).json<NotificationDeliveryPage>().items;

  it('signs webhooks (Standard Webhooks), shows the secret once, and delivers alert events on its own', async () => {
    const created = await api.created<NotificationChannelCreated>('/api/notification-channels', {
      type: 'webhook',
      name: 'Ops webhook',
      url: receiver.url('/hooks/proxai?src=1'),
    });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/=]{40,}$/);
    // A new channel receives every alert until narrowed.
    expect(created).toMatchObject({
      min_severity: 'info',
      scope: { all: true },
      enabled: true,
      url: `${receiver.url('/hooks/proxai')}`,
    });
    const listed = (await api.send('GET', '/api/notification-channels')).json<{ items: NotificationChannel[] }>();
    expect(JSON.stringify(listed)).not.toContain(created.secret!);
    expect(JSON.stringify(listed)).not.toContain('whsec_');

    const test = (await api.send('POST', `/api/notification-channels/${created.id}/test`)).json<NotificationTestResult>();
    expect(test).toMatchObject({
      ok: true,
      delivery: { status: 'delivered', attempts: 1, last_status_code: 200, event_type: 'test' },
    });
    const req = receiver.requests[0]!;
    expect(req.path).toBe('/hooks/proxai?src=1');
    expect(req.headers['content-type']).toBe('application/json');
    expect(req.headers['webhook-id']).toBe(test.delivery.message_id);
    expectSigned(req, created.secret!);
    expect(JSON.parse(req.body)).toMatchObject({ type: 'test', data: { channel_id: created.id } });

    // An alert event in the outbox reaches the receiver through the subscriber, the pump and a job.
    const data = alertData({ severity: 'critical' });
    await emitAlert(t.database.db, org, 'alert.triggered', data);
    const got = await until(
      async () => receiver.requests.filter((r) => r.body.includes(data.alert_id)),
      (r) => r.length > 0,
    );
    expectSigned(got[0]!, created.secret!);
    expect(JSON.parse(got[0]!.body)).toMatchObject({
      type: 'alert.triggered',
      data: { alert_id: data.alert_id, severity: 'critical' },
    });
    const log = await until(
      () => deliveries(created.id),
      (items) => items.some((d) => d.alert_id === data.alert_id && d.status === 'delivered'),
    );
    expect(log.find((d) => d.alert_id === data.alert_id)).toMatchObject({ event_type: 'alert.triggered', attempts: 1 });
    // Tampering breaks the signature (the check can fail).
    expect(() => expectSigned({ ...req, body: req.body.replace('test', 'tEst') }, created.secret!)).toThrow();
  });

  it('rotates the secret: both signatures are sent for 24 h and both verify', async () => {
    const created = await api.created<NotificationChannelCreated>('/api/notification-channels', {
      type: 'webhook',
      name: 'Rotated',
      url: receiver.url(),
    });
    const rotated = (
      await api.send('POST', `/api/notification-channels/${created.id}/rotate-secret`)
    ).json<NotificationChannelCreated>();
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(created.secret);
    expect(Date.parse(rotated.previous_secret_expires_at!) - Date.now()).toBeGreaterThan(23.9 * 3600_000);
    await api.send('POST', `/api/notification-channels/${created.id}/test`);
    const req = receiver.requests[0]!;
    expect(String(req.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expectSigned(req, rotated.secret!);
    expectSigned(req, created.secret!);
  });

  it('honours Retry-After: a 429 with Retry-After: 2 is retried 2 s later, then delivered', async () => {
    const created = await api.created<NotificationChannelCreated>('/api/notification-channels', {
      type: 'webhook',
      name: 'Rate limited',
      url: receiver.url('/limited'),
    });
    receiver.script.push({ status: 429, headers: { 'Retry-After': '2' }, body: 'slow down' });
    const test = (await api.send('POST', `/api/notification-channels/${created.id}/test`)).json<NotificationTestResult>();
    expect(test).toMatchObject({
      ok: false,
      delivery: { status: 'retrying', last_status_code: 429, last_error: 'HTTP 429: slow down' },
    });
    const both = await until(
      async () => receiver.requests.filter((r) => r.path === '/limited'),
      (r) => r.length >= 2,
      15_000,
    );
    const gap = both[1]!.at - both[0]!.at;
    expect(gap).toBeGreaterThanOrEqual(1900);
    expect(gap).toBeLessThan(8000);
    expect(both[1]!.headers['webhook-id']).toBe(both[0]!.headers['webhook-id']);
    await until(
      () => deliveries(created.id),
      (items) => items[0]?.status === 'delivered',
    );
  });

  it('speaks Slack, Discord, Teams, ntfy and Gotify in their own formats', async () => {
    const make = (body: Record<string, unknown>) =>
      api.created<NotificationChannelCreated>('/api/notification-channels', { language: 'en', ...body });
    // Without a language, a channel writes in its creator's (this owner reads the app in French), until changed.
    const slack = await api.created<NotificationChannelCreated>('/api/notification-channels', {
      type: 'slack',
      name: 'Slack',
      url: receiver.url('/services/T000/B000/XXXX'),
    });
    expect(slack.language).toBe('fr');
    expect(slack.secret).toBeNull();
    expect(slack.url).not.toContain('XXXX');
    const discord = await make({ type: 'discord', name: 'Discord', url: receiver.url('/api/webhooks/1/abc') });
    const teams = await make({ type: 'teams', name: 'Teams', url: receiver.url('/workflows/teams') });
    const ntfy = await make({ type: 'ntfy', name: 'ntfy', url: receiver.url('/proxai-alerts'), token: 'tk_secret123' });
    const gotify = await make({ type: 'gotify', name: 'Gotify', url: receiver.url('/gotify'), token: 'AppToken.1' });
    expect(ntfy.has_token).toBe(true);
    for (const c of [slack, discord, teams, ntfy, gotify]) {
      const res = (await api.send('POST', `/api/notification-channels/${c.id}/test`)).json<NotificationTestResult>();
      expect(res.ok, c.type).toBe(true);
    }
    const [s, d, tm, n, g] = receiver.requests;
    expect(s!.path).toBe('/services/T000/B000/XXXX');
    expect(JSON.parse(s!.body)).toMatchObject({
      text: 'Notification de test ProxAI',
      blocks: [{ type: 'header' }, { type: 'section', text: { type: 'mrkdwn', text: expect.stringContaining('test') } }],
    });
    expect(JSON.parse(d!.body)).toMatchObject({
      embeds: [{ title: 'ProxAI test notification', description: expect.any(String) }],
    });
    expect(JSON.parse(tm!.body)).toMatchObject({
      type: 'message',
      attachments: [
        {
          contentType: 'application/vnd.microsoft.card.adaptive',
          content: {
            type: 'AdaptiveCard',
            body: [{ type: 'TextBlock', text: 'ProxAI test notification' }, { type: 'TextBlock' }],
          },
        },
      ],
    });
    expect(n!.path).toBe('/proxai-alerts');
    expect(n!.headers).toMatchObject({ title: 'ProxAI test notification', priority: '3', authorization: 'Bearer tk_secret123' });
    expect(n!.headers.tags).toContain('proxai');
    expect(n!.body).toContain('test notification');
    expect(g!.path).toBe('/gotify/message');
    expect(g!.headers['x-gotify-key']).toBe('AppToken.1');
    expect(JSON.parse(g!.body)).toMatchObject({
      title: 'ProxAI test notification',
      message: expect.any(String),
      priority: expect.any(Number),
    });

    // The language is the channel's own: changed, its next message follows; one the UI does not have is refused.
    const english = await api.send('PATCH', `/api/notification-channels/${slack.id}`, { language: 'en' });
    expect(english.json()).toMatchObject({ language: 'en' });
    await api.refused(
      api.send('PATCH', `/api/notification-channels/${slack.id}`, { language: 'xx' }),
      400,
      'validation_failed',
      /language/,
    );
    await api.send('POST', `/api/notification-channels/${slack.id}/test`);
    expect(JSON.parse(receiver.requests.at(-1)!.body)).toMatchObject({ text: 'ProxAI test notification' });
  });

  it('sends e-mail through SMTP: a channel, and each person by their preferences', async () => {
    const mailChannel = await api.created<NotificationChannelCreated>('/api/notification-channels', {
      type: 'email',
      name: 'On-call list',
      address: 'oncall@example.test',
      min_severity: 'critical',
    });
    const res = (await api.send('POST', `/api/notification-channels/${mailChannel.id}/test`)).json<NotificationTestResult>();
    expect(res.ok).toBe(true);
    // In the language of the admin who made the channel (French here).
    expect(smtp.mails.at(-1)).toMatchObject({
      to: ['oncall@example.test'],
      subject: 'Notification de test ProxAI',
      text: expect.stringContaining('Ceci est une notification de test de ProxAI.'),
    });

    // The owner wants warnings and above; the channel only critical: a warning reaches the owner alone.
    const prefs = await api.send('PUT', '/api/notification-preferences', { min_severity: 'warning' });
    expect(prefs.json()).toMatchObject({ email: true, min_severity: 'warning', quiet_hours: null });
    const data = alertData({
      kind: 'memory',
      severity: 'warning',
      summary: 'Memory of db-01 above 90 %',
      subject: { kind: 'guest' as const, id: '00000000-0000-4000-8000-aaaaaaaaaaac', name: 'db-01' },
    });
    await emitAlert(t.database.db, org, 'alert.triggered', data);
    const mails = await until(
      async () => smtp.mails.filter((m) => m.subject.includes('db-01')),
      (m) => m.length > 0,
    );
    expect(mails).toHaveLength(1);
    // Each person's e-mail is in the language they read the app in (the owner: French).
    expect(mails[0]).toMatchObject({
      to: [ownerEmail],
      subject: '[Avertissement] Mémoire de db-01 à 91\u00a0% (seuil 80\u00a0%)',
    });
    expect(mails[0]!.text).toContain('Valeur\u00a0: 91 (seuil 80)');
    // The delivery log says what was sent in the reader's language (Accept-Language), whatever the channel's.
    const log = async (language: string) =>
      (
        await api.send('GET', `/api/notification-channels/${mailChannel.id}/deliveries?limit=5`, undefined, {
          ...ownerAuth,
          'accept-language': language,
        })
      ).json<NotificationDeliveryPage>().items[0]!.summary;
    expect(await log('fr')).toBe('Notification de test ProxAI');
    expect(await log('de')).toBe('ProxAI-Testbenachrichtigung');
  });

  it('lets owners and admins manage channels, every member their own preferences; webhooks need Pro', async () => {
    const operator = (await buildUser(t.database.db, { organisationId: org, orgRole: 'operator' })).auth;
    const body = { type: 'slack', name: 'x', url: receiver.url('/s') };
    await api.refused(
      api.send('POST', '/api/notification-channels', body, operator),
      403,
      'forbidden',
      /\(operator\) does not allow this \(notifications\.manage\)/,
    );
    expect((await api.send('GET', '/api/notification-channels', undefined, operator)).statusCode).toBe(200);
    const put = await api.send('PUT', '/api/notification-preferences', { email: false }, operator);
    expect(put.json()).toMatchObject({ email: false, min_severity: 'warning' });
    await api.refused(
      api.send(
        'PUT',
        '/api/notification-preferences',
        { quiet_hours: { start: '22:00', end: '07:00', timezone: 'Mars/Olympus' } },
        operator,
      ),
      400,
      'bad_request',
      /Unknown time zone/,
    );

    const free = await buildUser(t.database.db, { orgRole: 'owner' });
    const webhook = { type: 'webhook', name: 'w', url: receiver.url() };
    await api.refused(api.send('POST', '/api/notification-channels', webhook, free.auth), 403, 'plan_required', /Pro plan/);
    expect((await api.send('POST', '/api/notification-channels', body, free.auth)).statusCode).toBe(201);
    // Another organisation sees nothing of this one.
    const mine = await api.created<NotificationChannel>('/api/notification-channels', body);
    expect((await api.send('GET', `/api/notification-channels/${mine.id}`, undefined, free.auth)).statusCode).toBe(404);
    await api.refused(
      api.send('POST', '/api/notification-channels', { type: 'gotify', name: 'g', url: receiver.url() }),
      400,
      'bad_request',
      /application token/,
    );
    await api.refused(
      api.send('POST', '/api/notification-channels', { type: 'email', name: 'e' }),
      400,
      'bad_request',
      /address/,
    );
    // Bad input gets a clear 4xx, never a 500.
    await api.refused(
      api.send('GET', `/api/notification-channels/${mine.id}/deliveries?cursor=garbage`),
      400,
      'bad_request',
      /cursor/,
    );
    await api.refused(
      api.send('POST', `/api/notification-channels/${mine.id}/rotate-secret`),
      400,
      'bad_request',
      /Only generic webhooks/,
    );
    await api.refused(
      api.send('POST', '/api/notification-deliveries/00000000-0000-4000-8000-000000000000/replay'),
      404,
      'not_found',
      /Delivery not found/,
    );
    const slow = await api.created<NotificationChannel>('/api/notification-channels', {
      type: 'webhook',
      name: 'r',
      url: receiver.url('/r'),
    });
    receiver.script.push({ status: 503 });
    const retrying = (await api.send('POST', `/api/notification-channels/${slow.id}/test`)).json<NotificationTestResult>();
    expect(retrying.delivery.status).toBe('retrying');
    await api.refused(
      api.send('POST', `/api/notification-deliveries/${retrying.delivery.id}/replay`),
      409,
      'invalid_state',
      /retrying/,
    );
  });
});
