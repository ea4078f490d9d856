import { describe, expect, it } from 'vitest';
import { coversHost, type CoverWindow } from './maintenance';
import { guestDownReading, readingsOf, type Fleet, type FleetGuest, type FleetHost, type RuleForReading } from './readings';
import { AlertRuleInputSchema, AlertRuleSetInputSchema } from '@proxai/contract';
import { DEFAULT_RULES, levelOf } from './rules';

const NOW = new Date('2026-11-24T12:00:00Z');
const GIB = 1024 ** 3;

const host = (over: Partial<FleetHost> = {}): FleetHost => ({
  id: 'h1',
  name: 'pve1',
  status: 'online',
  lastSyncAt: new Date(NOW.getTime() - 5_000),
  pollFailures: 0,
  lastError: null,
  clusterName: null,
  ...over,
});
const guest = (over: Partial<FleetGuest> = {}): FleetGuest => ({
  id: 'g1',
  hostId: 'h1',
  vmid: 101,
  name: 'web',
  state: 'running',
  tags: [],
  memoryMb: 4096,
  ...over,
});
const rule = (kind: RuleForReading['kind'], over: Partial<RuleForReading> = {}): RuleForReading => {
  const d = DEFAULT_RULES.find((r) => r.kind === kind)!;
  return {
    id: 'r',
    kind,
    trigger: d.trigger,
    clear: d.clear,
    durationSeconds: d.duration_seconds,
    scope: { all: true },
    ...over,
  };
};
const fleet = (over: Partial<Fleet> = {}): Fleet => ({ hosts: [host()], guests: [], storages: [], latest: new Map(), ...over });

describe('rules', () => {
  it('checks thresholds per kind, in the contract', () => {
    const check = (r: (typeof DEFAULT_RULES)[number]) => AlertRuleInputSchema.safeParse(r);
    const message = (r: (typeof DEFAULT_RULES)[number]) => check(r).error?.issues[0]?.message;
    for (const r of DEFAULT_RULES) expect(check(r).success).toBe(true);
    const cpu = DEFAULT_RULES.find((r) => r.kind === 'cpu')!;
    expect(message({ ...cpu, trigger: 80, clear: 80 })).toMatch(/must be below the trigger/);
    expect(check({ ...cpu, trigger: 80, clear: 80 }).error?.issues[0]?.path).toEqual(['clear']);
    expect(message({ ...cpu, trigger: 120 })).toMatch(/at most 100/);
    expect(message({ ...cpu, clear: null })).toMatch(/needs a clear threshold/);
    const down = DEFAULT_RULES.find((r) => r.kind === 'guest_down')!;
    expect(message({ ...down, trigger: 5 })).toMatch(/no thresholds/);
    const stale = DEFAULT_RULES.find((r) => r.kind === 'collector_stale')!;
    expect(message({ ...stale, trigger: 1.5 })).toMatch(/whole number/);
    const offline = DEFAULT_RULES.find((r) => r.kind === 'host_offline')!;
    expect(message({ ...offline, trigger: 10 })).toMatch(/between 30 and 86400/);
    const id = '0b4f7e3c-5a3e-4c39-9f59-6f0b6f4bb0a1';
    expect(
      AlertRuleSetInputSchema.safeParse({
        items: [
          { ...cpu, id },
          { ...cpu, id },
        ],
      }).success,
    ).toBe(false);
  });

  it('reads a percentage with hysteresis: high at the trigger, low at the clear threshold, between in between', () => {
    const r = { kind: 'cpu' as const, trigger: 80, clear: 75 };
    expect([81, 80, 79, 76, 75, 10].map((v) => levelOf(r, v))).toEqual(['high', 'high', 'between', 'between', 'low', 'low']);
    expect(levelOf(r, null)).toBe('unknown');
  });
});

describe('readings of the fleet', () => {
  it('reads host_offline as high since the failed poll, with the trigger as duration', () => {
    const failedAt = new Date(NOW.getTime() - 30_000);
    const [r] = readingsOf(
      rule('host_offline'),
      fleet({ hosts: [host({ status: 'offline', pollFailures: 1, lastSyncAt: failedAt })] }),
      NOW,
      20,
    );
    expect(r).toMatchObject({
      subjectKey: 'host:h1',
      durationSeconds: 120,
      reading: { level: 'high', value: 30, since: failedAt.getTime() },
    });
    const [online] = readingsOf(rule('host_offline'), fleet(), NOW, 20);
    expect(online!.reading.level).toBe('low');
  });

  it('reads collector_stale in poll intervals, only while the host is not known offline', () => {
    const stale = (ageS: number, status: FleetHost['status'] = 'online') =>
      readingsOf(
        rule('collector_stale'),
        fleet({ hosts: [host({ status, lastSyncAt: new Date(NOW.getTime() - ageS * 1000) })] }),
        NOW,
        20,
      )[0]!.reading;
    expect(stale(39)).toMatchObject({ level: 'low', value: 2 });
    expect(stale(41)).toMatchObject({ level: 'high', value: 2.1 });
    expect(stale(300, 'offline').level).toBe('low');
    expect(stale(300, 'unknown').level).toBe('unknown');
  });

  it("prefers the guest agent's memory figure (without page cache) over PVE's", () => {
    const latest: Fleet['latest'] = new Map([
      ['guest:g1', { at: NOW, values: { mem: 3.8 * GIB, maxmem: 4 * GIB, mem_agent: 1 * GIB } }],
    ]);
    const [r] = readingsOf(rule('memory'), fleet({ guests: [guest()], latest }), NOW, 20).filter(
      (x) => x.subject.kind === 'guest',
    );
    expect(r!.reading).toMatchObject({ level: 'low', value: 25 });
    latest.set('guest:g1', { at: NOW, values: { mem: 3.8 * GIB, maxmem: 4 * GIB } });
    const [pve] = readingsOf(rule('memory'), fleet({ guests: [guest()], latest }), NOW, 20).filter(
      (x) => x.subject.kind === 'guest',
    );
    expect(pve!.reading).toMatchObject({ level: 'high', value: 95 });
  });

  it('reads node and guest CPU in percent; a stopped guest reads 0; a missing sample is unknown', () => {
    const latest = new Map([
      ['node:h1', { at: NOW, values: { cpu: 0.5 } }],
      ['guest:g1', { at: NOW, values: { cpu: 0.953 } }],
    ]);
    const out = readingsOf(
      rule('cpu'),
      fleet({ guests: [guest(), guest({ id: 'g2', state: 'stopped' }), guest({ id: 'g3' })], latest }),
      NOW,
      20,
    );
    expect(out.map((r) => [r.subjectKey, r.reading.value, r.reading.level])).toEqual([
      ['host:h1', 50, 'low'],
      ['guest:g1', 95.3, 'high'],
      ['guest:g2', 0, 'low'],
      ['guest:g3', null, 'unknown'],
    ]);
  });

  it('scopes by hosts and by guest tags (a tags scope never selects a host)', () => {
    const f = fleet({
      hosts: [host(), host({ id: 'h2', name: 'pve2' })],
      guests: [guest({ tags: ['prod'] }), guest({ id: 'g2', hostId: 'h2' })],
    });
    const byHost = readingsOf(rule('cpu', { scope: { host_ids: ['h2'] } }), f, NOW, 20).map((r) => r.subjectKey);
    expect(byHost).toEqual(['host:h2', 'guest:g2']);
    const byTag = readingsOf(rule('cpu', { scope: { tags: ['prod'] } }), f, NOW, 20).map((r) => r.subjectKey);
    expect(byTag).toEqual(['guest:g1']);
  });

  it('reads a shared storage once per cluster, and only while it is available', () => {
    const storage = (id: string, hostId: string, node: string, over = {}) => ({
      id,
      hostId,
      node,
      name: 'nfs',
      shared: true,
      used: 90,
      total: 100,
      status: 'available',
      ...over,
    });
    const f = fleet({
      hosts: [host({ clusterName: 'c' }), host({ id: 'h2', name: 'pve2', clusterName: 'c' })],
      storages: [
        storage('s2', 'h2', 'pve2'),
        storage('s1', 'h1', 'pve1'),
        storage('s3', 'h1', 'pve1', { name: 'local', shared: false, status: 'unknown' }),
      ],
    });
    const out = readingsOf(rule('storage'), f, NOW, 20);
    expect(out.map((r) => [r.subjectKey, r.reading.level])).toEqual([
      ['storage:s1', 'high'],
      ['storage:s3', 'unknown'],
    ]);
  });

  it('holds guest_down while the guest stays stopped, and clears it once it runs or is gone', () => {
    expect(guestDownReading(guest({ state: 'stopped' })).level).toBe('high');
    expect(guestDownReading(guest()).level).toBe('low');
    expect(guestDownReading(undefined).level).toBe('low');
  });
});

describe('maintenance windows', () => {
  const spec = { days: ['tue' as const], start: '11:00', durationMinutes: 120, timezone: 'UTC' };
  it('covers the hosts of its schedules, or every host when no schedule uses it, only while open', () => {
    const windows: CoverWindow[] = [{ spec, hosts: new Set(['h1']) }];
    expect(coversHost(windows, 'h1', NOW)).toBe(true);
    expect(coversHost(windows, 'h2', NOW)).toBe(false);
    expect(coversHost(windows, 'h1', new Date('2026-11-24T13:00:00Z'))).toBe(false);
    expect(coversHost([{ spec, hosts: 'all' }], 'h2', NOW)).toBe(true);
  });
});
