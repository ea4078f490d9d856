import { describe, expect, it } from 'vitest';
import { DOMAIN_EVENT_DOMAINS, DOMAIN_EVENT_TYPES, domainOfEvent, WEBHOOK_EVENT_TYPES } from '@proxai/contract';
import { eventMessageId, eventSummary, scopeCovers, subjectOf } from './event-webhooks';

const HOST = '00000000-0000-4000-8000-00000000000a';
const GUEST = '00000000-0000-4000-8000-00000000000b';

describe('domain events for webhooks', () => {
  it('subscribes to the whole catalogue but the alert messages, each in a listed domain', () => {
    expect(WEBHOOK_EVENT_TYPES).not.toContain('alert.triggered');
    expect(WEBHOOK_EVENT_TYPES).not.toContain('alert.resolved');
    expect(WEBHOOK_EVENT_TYPES).not.toContain('alert.escalated');
    expect(WEBHOOK_EVENT_TYPES).toContain('alert.acknowledged');
    expect(WEBHOOK_EVENT_TYPES).toHaveLength(DOMAIN_EVENT_TYPES.length - 3);
    expect(new Set(DOMAIN_EVENT_TYPES.map(domainOfEvent))).toEqual(new Set(DOMAIN_EVENT_DOMAINS));
    expect(domainOfEvent('restore_test.ended')).toBe('restore_test');
    expect(domainOfEvent('api_key.revoked')).toBe('api_key');
  });

  it('reads the host and guest each event names', () => {
    expect(subjectOf('host.offline', { host_id: HOST, name: 'pve1', reason: null })).toEqual({
      hostId: HOST,
      guestId: null,
      guestVmid: null,
      taskId: null,
    });
    expect(subjectOf('guest.state_changed', { host_id: HOST, guest_id: GUEST, vmid: 100 })).toMatchObject({
      hostId: HOST,
      guestId: GUEST,
      guestVmid: null,
    });
    // guest.appeared / gone name the guest by host and vmid only.
    expect(subjectOf('guest.gone', { host_id: HOST, vmid: 101, name: 'old' })).toMatchObject({ hostId: HOST, guestVmid: 101 });
    expect(subjectOf('backup.failed', { host_id: HOST, guest_id: null, vmid: 102 })).toMatchObject({ guestVmid: 102 });
    expect(subjectOf('task.ended', { task: { id: 't', target: { host_id: HOST, guest_id: GUEST } } })).toMatchObject({
      hostId: HOST,
      guestId: GUEST,
      taskId: null,
    });
    expect(subjectOf('task.progress', { task_id: 'tid', status: 'running', progress: 5 })).toMatchObject({
      hostId: null,
      taskId: 'tid',
    });
    expect(subjectOf('alert.acknowledged', { host_id: HOST, subject: { kind: 'guest', id: GUEST, name: 'web' } })).toMatchObject({
      hostId: HOST,
      guestId: GUEST,
    });
    expect(subjectOf('restore_test.ended', { guest_id: GUEST })).toMatchObject({ hostId: null, guestId: GUEST });
    // The leftover is the test's copy on its target host, not the guest.
    expect(subjectOf('restore_test.leftover', { host_id: HOST, vmid: 9001 })).toMatchObject({ hostId: HOST, guestId: null });
    for (const type of ['member.joined', 'licence.revoked', 'api_key.created', 'schedule.fired']) {
      expect(subjectOf(type, { user_id: GUEST, schedule_id: GUEST })).toEqual({
        hostId: null,
        guestId: null,
        guestVmid: null,
        taskId: null,
      });
    }
  });

  it('covers an event as a scope covers an alert: all, its host, or a tag of the guest it names', () => {
    const onHost = { hostId: HOST, tags: ['web', 'prod'] };
    const noHost = { hostId: null, tags: null };
    expect(scopeCovers({ all: true }, noHost)).toBe(true);
    expect(scopeCovers({ host_ids: [HOST] }, onHost)).toBe(true);
    expect(scopeCovers({ host_ids: [GUEST] }, onHost)).toBe(false);
    expect(scopeCovers({ host_ids: [HOST] }, noHost)).toBe(false);
    expect(scopeCovers({ tags: ['prod'] }, onHost)).toBe(true);
    expect(scopeCovers({ tags: ['db'] }, onHost)).toBe(false);
    // A host event names no guest: no tag can match.
    expect(scopeCovers({ tags: ['prod'] }, { hostId: HOST, tags: null })).toBe(false);
  });

  it('derives the message id from the event and writes a line for the log', () => {
    expect(eventMessageId(42)).toBe('msg_evt_42');
    expect(eventSummary('guest.state_changed', { name: 'web-01', previous: 'stopped', state: 'running' })).toBe(
      'guest.state_changed: web-01 stopped → running',
    );
    expect(eventSummary('member.invited', { email: 'a@example.org' })).toBe('member.invited: a@example.org');
    expect(eventSummary('task.ended', { task: { kind: 'guest.start', status: 'succeeded' } })).toBe(
      'task.ended: guest.start succeeded',
    );
    expect(eventSummary('licence.revoked', { licence_id: 'L1', reason: 'x' })).toBe('licence.revoked: L1');
    expect(eventSummary('schedule.changed', { schedule_id: null, window_id: null })).toBe('schedule.changed');
  });
});
