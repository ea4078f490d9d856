import { describe, expect, it } from 'vitest';
import type { RuleForReading } from './readings';
import type { GuestBackupState } from '../backups/backup-alerts.repository';
import { readingsOfStates } from './backup-readings';

const now = new Date('2024-07-01T12:00:00Z');
const hoursAgo = (h: number) => new Date(now.getTime() - h * 3600_000);

const guest = (over: Partial<GuestBackupState>): GuestBackupState => ({
  id: '00000000-0000-4000-8000-000000000001',
  hostId: '00000000-0000-4000-8000-0000000000aa',
  vmid: 100,
  name: 'web',
  tags: [],
  lastBackupAt: hoursAgo(2),
  inventoryRead: true,
  lastTask: null,
  ...over,
});

const rule = (over: Partial<RuleForReading>): RuleForReading => ({
  id: 'r',
  kind: 'backup_missing',
  trigger: 26,
  clear: null,
  durationSeconds: 0,
  scope: { all: true },
  ...over,
});

describe('backup_missing readings', () => {
  it('is high past the trigger or without any backup, low within it, and unread inventories give none', () => {
    const readings = readingsOfStates(
      rule({}),
      [
        guest({ id: 'a', lastBackupAt: hoursAgo(30) }),
        guest({ id: 'b', lastBackupAt: null }),
        guest({ id: 'c', lastBackupAt: hoursAgo(3) }),
        guest({ id: 'd', lastBackupAt: null, inventoryRead: false }),
      ],
      now,
    );
    expect(readings.map((r) => [r.subject.id, r.reading.level, r.reading.value])).toEqual([
      ['a', 'high', 30],
      ['b', 'high', null],
      ['c', 'low', 3],
    ]);
    expect(readings[1]!.summary).toBe('web (100) has no backup in the inventory');
  });

  it('keeps to its scope (tags select guests)', () => {
    const readings = readingsOfStates(
      rule({ scope: { tags: ['prod'] } }),
      [guest({ id: 'a', tags: ['prod'] }), guest({ id: 'b', tags: ['dev'] })],
      now,
    );
    expect(readings.map((r) => r.subject.id)).toEqual(['a']);
  });
});

describe('backup_failed readings', () => {
  it('is high while the newest backup task failed and no newer backup exists; a guest never backed up by the portal gives none', () => {
    const failed = { status: 'failed' as const, error: 'VM is locked (snapshot)', endedAt: hoursAgo(5) };
    const readings = readingsOfStates(
      rule({ kind: 'backup_failed', trigger: null }),
      [
        guest({ id: 'a', lastTask: failed, lastBackupAt: hoursAgo(30) }),
        guest({ id: 'b', lastTask: failed, lastBackupAt: hoursAgo(1) }),
        guest({ id: 'c', lastTask: { status: 'succeeded', error: null, endedAt: hoursAgo(1) } }),
        guest({ id: 'd', lastTask: null }),
      ],
      now,
    );
    expect(readings.map((r) => [r.subject.id, r.reading.level])).toEqual([
      ['a', 'high'],
      ['b', 'low'],
      ['c', 'low'],
    ]);
    expect(readings[0]!.summary).toBe('Backup of web (100) failed: VM is locked (snapshot)');
    expect(readings[0]!.reading.since).toBe(hoursAgo(5).getTime());
  });
});
