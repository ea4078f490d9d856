import { describe, expect, it } from 'vitest';
import { alertText } from './alert-text';
import { render, textOf, titleOf, type Message, type OpenChannel } from './formatters';

const at = new Date('2026-11-25T14:05:00Z');
const alert = (over: Partial<Message> = {}, payload: Record<string, unknown> = {}): Message => ({
  eventType: 'alert.triggered',
  messageId: 'msg_1',
  severity: 'warning',
  summary: 'CPU of web-01 at 91.5 % (trigger 80 %)',
  payload: { kind: 'cpu', subject: { kind: 'guest', id: 'g', name: 'web-01' }, value: 91.5, threshold: 80, ...payload },
  occurredAt: at,
  ...over,
});
const channel = (over: Partial<OpenChannel>): OpenChannel => ({
  type: 'email',
  url: null,
  address: 'ops@example.test',
  token: null,
  secrets: [],
  language: 'en',
  ...over,
});

describe('alert lines in a channel’s language', () => {
  it('words each kind from its fields, with units and plurals of the language', () => {
    expect(alertText({ kind: 'cpu', subject: { name: 'web-01' }, value: 91.5, threshold: 80, summary: '' }, 'en')).toBe(
      'CPU of web-01 at 91.5% (trigger 80%)',
    );
    expect(alertText({ kind: 'cpu', subject: { name: 'web-01' }, value: 91.5, threshold: 80, summary: '' }, 'fr')).toBe(
      'CPU de web-01 à 91,5\u00a0% (seuil 80\u00a0%)',
    );
    expect(alertText({ kind: 'host_offline', subject: { name: 'pve1' }, value: 300, threshold: 60, summary: '' }, 'de')).toBe(
      'pve1 seit 5 Minuten nicht erreichbar (Schwelle 60 Sekunden)',
    );
    expect(alertText({ kind: 'collector_stale', subject: { name: 'pve1' }, value: 1, threshold: 3, summary: '' }, 'en')).toBe(
      'No poll of pve1 for 1 interval (trigger 3)',
    );
    expect(alertText({ kind: 'collector_stale', subject: { name: 'pve1' }, value: 4, threshold: 3, summary: '' }, 'en')).toBe(
      'No poll of pve1 for 4 intervals (trigger 3)',
    );
    expect(alertText({ kind: 'backup_missing', subject: { name: 'db' }, value: null, threshold: 26, summary: '' }, 'fr')).toBe(
      "db n'a aucune sauvegarde dans l'inventaire",
    );
    expect(alertText({ kind: 'backup_failed', subject: { name: 'db' }, summary: '' }, 'ja')).toBe(
      'db の最後のバックアップが失敗しました',
    );
  });

  it('keeps the English summary for a kind it does not know, or a subject without a name', () => {
    expect(alertText({ kind: 'quantum_flux', subject: { name: 'x' }, summary: 'Flux high' }, 'fr')).toBe('Flux high');
    expect(alertText({ kind: 'cpu', subject: null, value: 1, threshold: 2, summary: 'CPU high' }, 'fr')).toBe('CPU high');
  });
});

describe('messages in a channel’s language', () => {
  it('titles and bodies of alerts, resolves and escalations in French', () => {
    expect(titleOf(alert(), 'fr')).toBe('[Avertissement] CPU de web-01 à 91,5\u00a0% (seuil 80\u00a0%)');
    expect(titleOf(alert({ eventType: 'alert.resolved' }), 'fr')).toMatch(/^\[Résolu\] CPU de web-01/);
    expect(titleOf(alert({ eventType: 'alert.escalated' }, { level: 2 }), 'fr')).toMatch(
      /^\[Avertissement\] Escaladé \(niveau 2\)\u00a0?: CPU de web-01/,
    );
    const body = textOf(alert({ eventType: 'alert.resolved' }, { duration_seconds: 600 }), 'fr').split('\n');
    expect(body).toEqual([
      'CPU de web-01 à 91,5\u00a0% (seuil 80\u00a0%)',
      'Objet\u00a0: invité web-01',
      'Valeur\u00a0: 91,5 (seuil 80)',
      'Durée\u00a0: 10 minutes',
      expect.stringMatching(/^Date\u00a0: 25 nov\. 2026, 14:05 UTC$/),
    ]);
  });

  it('lists a group and a digest in the language, with its plural forms', () => {
    const group = [
      { kind: 'cpu', severity: 'critical', subject: { name: 'a' }, value: 99, threshold: 90, summary: 'x' },
      { kind: 'memory', severity: 'warning', subject: { name: 'b' }, value: 85, threshold: 80, summary: 'y' },
    ];
    expect(textOf(alert({}, { group }), 'de')).toContain(
      '2 Alarme auf diesem Host:\n- Kritisch: CPU von a bei 99\u00a0% (Schwelle 90\u00a0%)',
    );
    const digest: Message = {
      eventType: 'alert.digest',
      messageId: 'msg_2',
      severity: 'warning',
      summary: '1 alert event(s) during quiet hours, 0 resolved',
      payload: {
        from: '2026-11-24T22:00:00Z',
        to: '2026-11-25T07:00:00Z',
        entries: [
          {
            type: 'alert.triggered',
            at: '2026-11-24T23:10:00Z',
            alert_id: 'a',
            severity: 'warning',
            summary: 'Disk of db at 91 %',
            subject: { kind: 'guest', id: 'g', name: 'db' },
            kind: 'disk',
            value: 91,
            threshold: 90,
          },
        ],
      },
      occurredAt: at,
    };
    expect(titleOf(digest, 'en')).toBe('ProxAI: 1 alert event during quiet hours, 0 resolved');
    expect(titleOf(digest, 'es')).toBe('ProxAI: 1 evento de alerta durante las horas de silencio, 0 resuelto(s)');
    expect(textOf(digest, 'en').split('\n')).toEqual([
      'What happened during the quiet hours (Nov 24, 2026, 10:00 PM UTC to Nov 25, 2026, 7:00 AM UTC):',
      '',
      'Nov 24, 2026, 11:10 PM UTC  triggered · Warning: Disk of db at 91% (trigger 90%)',
    ]);
  });

  it('writes an e-mail and a chat message in the channel’s language; a test message too', () => {
    const mail = render(channel({ language: 'it' }), alert(), at);
    expect(mail).toMatchObject({ kind: 'email', subject: expect.stringMatching(/^\[Attenzione\] CPU di web-01/) });
    const slack = render(channel({ type: 'slack', url: 'https://hooks.slack.test/x', language: 'zh' }), alert(), at);
    expect(slack.kind === 'http' && JSON.parse(slack.request.body).text).toMatch(/web-01/);
    const test: Message = { ...alert(), eventType: 'test', severity: null, payload: {} };
    expect(render(channel({ language: 'pt' }), test, at)).toMatchObject({
      subject: 'Notificação de teste do ProxAI',
      text: 'Esta é uma notificação de teste do ProxAI.',
    });
  });
});
