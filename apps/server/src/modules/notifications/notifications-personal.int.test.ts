import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { NotificationChannel, NotificationChannelCreated, NotificationTestResult } from '@proxai/contract';
import { createTestApp, type TestApp } from '../../testing/app';
import { TEST_DATABASE_KINDS } from '../../testing/database';
import { buildUser } from '../../testing/factories';
import { routesClient, type RoutesClient } from '../../testing/routes-client';
import { until } from '../../testing/until';
import { startSmtpPeer } from '../auth/smtp-peer';
import { alertData, emitAlert, startReceiver, type Receiver } from './notifications.testing';

/**
 * Personal channels (issue 18: "each person chooses what reaches them"): any member adds their own, nobody else
 * sees or changes them, and alert events reach them through the same delivery rows as the organisation's channels.
 */
describe.each(TEST_DATABASE_KINDS)('personal notification channels on %s', (kind) => {
  let t: TestApp;
  let receiver: Receiver;
  let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
  let api: RoutesClient;
  let org: string;
  let member: Awaited<ReturnType<typeof buildUser>>;
  let admin: Awaited<ReturnType<typeof buildUser>>;

  beforeAll(async () => {
    receiver = await startReceiver();
    smtp = await startSmtpPeer();
    t = await createTestApp({
      jobs: true,
      database: kind,
      env: { RATE_LIMIT_ENABLED: 'false', NOTIFY_ADDRESS_POLICY: 'any', SMTP_URL: smtp.url },
    });
    const owner = await buildUser(t.database.db, { orgRole: 'owner' });
    org = owner.user.organisationId!;
    member = await buildUser(t.database.db, { organisationId: org, orgRole: 'readonly' });
    admin = await buildUser(t.database.db, { organisationId: org, orgRole: 'admin' });
    api = routesClient(t, member.auth);
    // Only personal channels in this organisation: members' e-mail off, so the mails below are the channels'.
    for (const who of [owner, member, admin]) await api.send('PUT', '/api/notification-preferences', { email: false }, who.auth);
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
    await smtp.close();
  });
  beforeEach(() => {
    receiver.requests.length = 0;
  });

  const listed = async (owner: string, auth = member.auth) =>
    (await api.send('GET', `/api/notification-channels?owner=${owner}`, undefined, auth)).json<{ items: NotificationChannel[] }>()
      .items;

  it('lets any member add their own channel, visible and changeable by them alone', async () => {
    // A read-only member may not add an organisation channel, but may add their own.
    const body = { type: 'ntfy', name: 'My phone', url: receiver.url('/my-topic'), token: 'tk_mine' };
    await api.refused(
      api.send('POST', '/api/notification-channels', body),
      403,
      'forbidden',
      /\(readonly\) does not allow this \(notifications\.manage\)/,
    );
    const mine = await api.created<NotificationChannelCreated>('/api/notification-channels', { ...body, owner: 'me' });
    expect(mine).toMatchObject({ owner: 'me', type: 'ntfy', min_severity: 'info', scope: { all: true }, paused_by_plan: null });

    expect((await listed('me')).map((c) => c.id)).toEqual([mine.id]);
    expect((await listed('organisation')).map((c) => c.id)).not.toContain(mine.id);
    // The default list is the organisation's.
    const plain = (await api.send('GET', '/api/notification-channels')).json<{ items: NotificationChannel[] }>().items;
    expect(plain.map((c) => c.id)).not.toContain(mine.id);
    await api.refused(api.send('GET', '/api/notification-channels?owner=someone'), 400, 'validation_failed', /owner/);

    // An admin of the same organisation neither sees it nor changes, tests or deletes it: it does not exist for them.
    expect((await listed('me', admin.auth)).map((c) => c.id)).not.toContain(mine.id);
    expect((await listed('organisation', admin.auth)).map((c) => c.id)).not.toContain(mine.id);
    const url = `/api/notification-channels/${mine.id}`;
    for (const [method, path, payload] of [
      ['GET', url, undefined],
      ['PATCH', url, { name: 'Taken over' }],
      ['POST', `${url}/test`, undefined],
      ['GET', `${url}/deliveries`, undefined],
      ['DELETE', url, undefined],
    ] as const) {
      await api.refused(api.send(method, path, payload, admin.auth), 404, 'not_found', /Notification channel not found/);
    }

    // Its owner changes and tests it.
    const renamed = await api.send('PATCH', url, { name: 'Phone', min_severity: 'critical' });
    expect(renamed.json()).toMatchObject({ name: 'Phone', min_severity: 'critical', owner: 'me' });
    const test = (await api.send('POST', `${url}/test`)).json<NotificationTestResult>();
    expect(test).toMatchObject({ ok: true, delivery: { status: 'delivered', channel_id: mine.id } });
    expect(receiver.requests.at(-1)).toMatchObject({ path: '/my-topic' });
    expect(receiver.requests.at(-1)!.headers.authorization).toBe('Bearer tk_mine');
    expect((await api.send('DELETE', url)).statusCode).toBe(200);
    expect(await listed('me')).toEqual([]);
  });

  it("sends a personal e-mail channel to the account's address only", async () => {
    const mail = await api.created<NotificationChannel>('/api/notification-channels', {
      owner: 'me',
      type: 'email',
      name: 'My inbox',
      min_severity: 'warning',
    });
    expect(mail).toMatchObject({ owner: 'me', address: member.user.email });
    await api.refused(
      api.send('POST', '/api/notification-channels', { owner: 'me', type: 'email', name: 'x', address: 'boss@example.test' }),
      400,
      'bad_request',
      /your account's address only/,
    );
    await api.refused(
      api.send('PATCH', `/api/notification-channels/${mail.id}`, { address: 'boss@example.test' }),
      400,
      'bad_request',
      /your account's address only/,
    );
    // Giving one's own address is accepted (any case).
    const same = await api.send('PATCH', `/api/notification-channels/${mail.id}`, { address: member.user.email.toUpperCase() });
    expect(same.statusCode, same.body).toBe(200);

    const data = alertData({
      kind: 'disk',
      severity: 'warning',
      summary: 'Disk of nas-01 above 90 %',
      subject: { kind: 'guest' as const, id: '00000000-0000-4000-8000-aaaaaaaaaaab', name: 'nas-01' },
    });
    await emitAlert(t.database.db, org, 'alert.triggered', data);
    const mails = await until(
      async () => smtp.mails.filter((m) => m.subject.includes('nas-01')),
      (m) => m.length > 0,
    );
    expect(mails.map((m) => m.to)).toEqual([[member.user.email]]);
    // Written in the language of the person it is for (this account reads the app in French).
    expect(mails[0]!.subject).toBe('[Avertissement] Disque de nas-01 à 91\u00a0% (seuil 80\u00a0%)');
    await api.send('DELETE', `/api/notification-channels/${mail.id}`);
  });

  it('routes alert events to each personal channel by its own severity and scope', async () => {
    const everything = await api.created<NotificationChannel>('/api/notification-channels', {
      owner: 'me',
      type: 'slack',
      name: 'My Slack',
      url: receiver.url('/services/mine'),
    });
    const criticalOnly = await api.created<NotificationChannel>(
      '/api/notification-channels',
      { owner: 'me', type: 'discord', name: 'Admin pager', url: receiver.url('/api/webhooks/admin'), min_severity: 'critical' },
      admin.auth,
    );
    const data = alertData({
      kind: 'memory',
      severity: 'warning',
      summary: 'Memory of app-02 above 90 %',
      subject: { kind: 'guest' as const, id: '00000000-0000-4000-8000-aaaaaaaaaaab', name: 'app-02' },
    });
    await emitAlert(t.database.db, org, 'alert.triggered', data);
    const got = await until(
      async () => receiver.requests.filter((r) => r.body.includes('app-02')),
      (r) => r.length > 0,
    );
    // Wait a little more: the critical-only channel must stay silent, not merely be late.
    await new Promise((r) => setTimeout(r, 1500));
    expect(receiver.requests.filter((r) => r.body.includes('app-02')).map((r) => r.path)).toEqual(['/services/mine']);
    expect(got[0]!.path).toBe('/services/mine');
    const log = (await api.send('GET', `/api/notification-channels/${everything.id}/deliveries`)).json<{
      items: { alert_id: string; status: string }[];
    }>().items;
    expect(log.find((d) => d.alert_id === data.alert_id)?.status).toBe('delivered');
    const adminLog = (
      await api.send('GET', `/api/notification-channels/${criticalOnly.id}/deliveries`, undefined, admin.auth)
    ).json<{ items: unknown[] }>().items;
    expect(adminLog).toEqual([]);
  });
});
