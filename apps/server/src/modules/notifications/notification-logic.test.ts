import { createHmac } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { afterAttempt, backoffMs, classifyAnswer } from './delivery';
import { gotifyMessageUrl, render, textOf, webhookRequest, type Message, type OpenChannel } from './formatters';
import type { DeliveryRow } from './notifications.repository';
import { retryAfterMs } from './outbound-http';
import { quietUntil } from './routing';

const now = new Date('2030-06-01T12:00:00Z');
const message = (over: Partial<Message> = {}): Message => ({
  eventType: 'alert.triggered',
  messageId: 'msg_1',
  severity: 'critical',
  summary: 'Host pve1 offline',
  payload: { subject: { kind: 'host', id: 'h', name: 'pve1' }, value: null, threshold: null },
  occurredAt: now,
  ...over,
});
const channel = (over: Partial<OpenChannel>): OpenChannel => ({
  type: 'webhook',
  url: 'https://example.test/h',
  address: null,
  token: null,
  secrets: [],
  language: 'en',
  ...over,
});

describe('quiet hours', () => {
  const q = { start: '22:00', end: '07:00', timezone: 'Europe/Paris', bypass_severity: 'critical' as const };
  it('holds until the end of the hours across midnight, in the zone, with the bypass', () => {
    // 23:30 and 02:00 Paris (winter, UTC+1) end at 07:00 Paris = 06:00 UTC.
    expect(quietUntil(q, 'warning', new Date('2030-01-10T22:30:00Z'))?.toISOString()).toBe('2030-01-11T06:00:00.000Z');
    expect(quietUntil(q, 'info', new Date('2030-01-11T01:00:00Z'))?.toISOString()).toBe('2030-01-11T06:00:00.000Z');
    expect(quietUntil(q, 'warning', new Date('2030-01-11T06:00:00Z'))).toBeNull();
    expect(quietUntil(q, 'warning', new Date('2030-01-11T12:00:00Z'))).toBeNull();
    expect(quietUntil(q, 'critical', new Date('2030-01-10T22:30:00Z'))).toBeNull();
    expect(quietUntil({ ...q, bypass_severity: null }, 'critical', new Date('2030-01-10T22:30:00Z'))).not.toBeNull();
    expect(quietUntil(null, 'info', now)).toBeNull();
  });
  it('follows summer time (UTC+2) and same-day hours', () => {
    expect(quietUntil(q, 'warning', new Date('2030-07-10T21:00:00Z'))?.toISOString()).toBe('2030-07-11T05:00:00.000Z');
    const lunch = { start: '12:00', end: '13:30', timezone: 'UTC', bypass_severity: null };
    expect(quietUntil(lunch, 'critical', new Date('2030-07-10T12:10:00Z'))?.toISOString()).toBe('2030-07-10T13:30:00.000Z');
    expect(quietUntil(lunch, 'critical', new Date('2030-07-10T13:30:00Z'))).toBeNull();
  });
});

describe('retries', () => {
  it('reads Retry-After as seconds or an HTTP date, capped at an hour', () => {
    expect(retryAfterMs('2', now)).toBe(2000);
    expect(retryAfterMs(new Date(now.getTime() + 120_000).toUTCString(), now)).toBe(120_000);
    expect(retryAfterMs('86400', now)).toBe(3600_000);
    expect(retryAfterMs('soon', now)).toBeNull();
    expect(retryAfterMs(null, now)).toBeNull();
  });
  it('classifies answers: 2xx delivered, 408/429/5xx retried, other 4xx and 3xx final', () => {
    expect(classifyAnswer(204, null, '', now)).toMatchObject({ ok: true });
    for (const s of [408, 429, 500, 503]) expect(classifyAnswer(s, null, '', now)).toMatchObject({ ok: false, permanent: false });
    for (const s of [400, 401, 404, 410, 301])
      expect(classifyAnswer(s, null, '', now)).toMatchObject({ ok: false, permanent: true });
  });
  it('backs off exponentially, never past the 24 h, then gives up', () => {
    expect([1, 2, 3, 8, 20].map(backoffMs)).toEqual([30_000, 60_000, 120_000, 3600_000, 3600_000]);
    const row = { attempts: 3, retryUntil: new Date(now.getTime() + 10_000) } as DeliveryRow;
    const fail = { ok: false as const, permanent: false, statusCode: 503, error: 'HTTP 503' };
    expect(afterAttempt(row, fail, now).nextAttemptAt).toEqual(row.retryUntil);
    expect(afterAttempt(row, fail, row.retryUntil!)).toMatchObject({ status: 'dead' });
  });
});

describe('formats', () => {
  it('signs id.timestamp.body with every secret given', () => {
    const secrets = [`whsec_${Buffer.alloc(32, 1).toString('base64')}`, `whsec_${Buffer.alloc(32, 2).toString('base64')}`];
    const req = webhookRequest('https://example.test/h', message(), secrets, new Date());
    const ts = req.headers['webhook-timestamp']!;
    const sigs = req.headers['webhook-signature']!.split(' ');
    expect(sigs).toHaveLength(2);
    secrets.forEach((s, i) => {
      const mac = createHmac('sha256', Buffer.from(s.slice(6), 'base64'))
        .update(`msg_1.${ts}.${req.body}`)
        .digest('base64');
      expect(sigs[i]).toBe(`v1,${mac}`);
      expect(() => new Webhook(s).verify(req.body, req.headers)).not.toThrow();
    });
  });
  it('renders ntfy headers as Latin-1 (non-ASCII titles as RFC 2047) and Gotify under the server path', () => {
    const r = render(channel({ type: 'ntfy', token: 'tk' }), message({ summary: 'Hôte pve1 hors ligne' }), now);
    if (r.kind !== 'http') throw new Error('not http');
    expect(r.request.headers.Title).toMatch(/^=\?UTF-8\?B\?/);
    expect(Buffer.from(r.request.headers.Title!.slice(10, -2), 'base64').toString()).toBe('[Critical] Hôte pve1 hors ligne');
    expect(r.request.headers).toMatchObject({ Priority: '5', Authorization: 'Bearer tk' });
    expect(gotifyMessageUrl('https://push.example.test/gotify/')).toBe('https://push.example.test/gotify/message');
    expect(gotifyMessageUrl('https://push.example.test/message?token=x')).toBe('https://push.example.test/message');
  });
  it('lists every alert of a grouped message', () => {
    const group = [
      { severity: 'critical', summary: 'Disk of pve1 full' },
      { severity: 'warning', summary: 'CPU of pve1 above 80 %' },
    ];
    expect(textOf(message({ payload: { group } }))).toContain(
      '2 alerts on this host:\n- Critical: Disk of pve1 full\n- Warning: CPU of pve1 above 80 %',
    );
  });
  it('lists a digest entry by entry, resolves included', () => {
    const text = textOf(
      message({
        eventType: 'alert.digest',
        summary: '2 alert event(s) during quiet hours, 1 resolved',
        payload: {
          from: '2030-01-10T22:30:00.000Z',
          to: '2030-01-11T06:00:00.000Z',
          entries: [
            {
              type: 'alert.triggered',
              at: '2030-01-10T22:30:00.000Z',
              alert_id: 'a',
              severity: 'warning',
              summary: 'CPU high',
              subject: { kind: 'guest', id: 'g', name: 'web' },
            },
            {
              type: 'alert.resolved',
              at: '2030-01-11T01:15:00.000Z',
              alert_id: 'a',
              severity: 'warning',
              summary: 'CPU high',
              subject: { kind: 'guest', id: 'g', name: 'web' },
            },
          ],
        },
      }),
    );
    expect(text.split('\n').slice(2)).toEqual([
      'Jan 10, 2030, 10:30 PM UTC  triggered · Warning: CPU high',
      'Jan 11, 2030, 1:15 AM UTC  resolved · Warning: CPU high',
    ]);
  });
});
