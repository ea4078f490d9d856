import { describe, expect, it } from 'vitest';
import type { HostFacts } from '../hosts/host-facts';
import { adviceItems, adviceSummary, type Fleet } from './advice-rules';

const GiB = 1024 ** 3;
const facts = (over: Partial<HostFacts> = {}): HostFacts => ({
  memory: { total: 64 * GiB, used: 16 * GiB },
  rootfs: { total: 100 * GiB, used: 20 * GiB },
  storages: [],
  pendingUpdates: 0,
  pendingUpdateNames: [],
  pveVersion: '8.2.4',
  collectedAt: new Date().toISOString(),
  ...over,
});
const now = new Date('2026-01-10T12:00:00Z');

describe('advice rules', () => {
  it('a healthy fleet has no item and an all-clear sentence', () => {
    const fleet: Fleet = {
      hosts: [{ name: 'pve1', status: 'online', lastError: null, pveVersion: '8.2.4', facts: facts() }],
      guests: [{ name: 'web', vmid: 100, state: 'running', hostName: 'pve1', lastBackupAt: new Date(now.getTime() - 3600_000) }],
    };
    const items = adviceItems(fleet, 'en', now);
    expect(items).toEqual([]);
    expect(adviceSummary(fleet, items, 'en')).toMatch(/^All clear: 1 host/);
    expect(adviceSummary(fleet, items, 'fr')).toMatch(/^Tout va bien/);
  });

  it('ranks critical before warning before info, with the facts in the texts', () => {
    const fleet: Fleet = {
      hosts: [
        { name: 'old', status: 'online', lastError: null, pveVersion: '7.4-16', facts: facts({ pveVersion: '7.4-16' }) },
        {
          name: 'full',
          status: 'online',
          lastError: null,
          pveVersion: '8.2.4',
          facts: facts({
            memory: { total: 100, used: 85 },
            storages: [{ storage: 'local-lvm', type: 'lvmthin', total: 1000, used: 950, active: true }],
            pendingUpdates: 2,
            pendingUpdateNames: ['pve-manager', 'libc6'],
          }),
        },
        { name: 'down', status: 'offline', lastError: 'Connection refused by https://x:8006', pveVersion: null, facts: null },
      ],
      guests: [
        { name: 'a', vmid: 100, state: 'stopped', hostName: 'full', lastBackupAt: null },
        { name: 'b', vmid: 101, state: 'running', hostName: 'down', lastBackupAt: null },
      ],
    };
    const items = adviceItems(fleet, 'en', now);
    expect(items.map((i) => i.severity)).toEqual(['critical', 'critical', 'critical', 'warning', 'warning', 'warning', 'info']);
    expect(items[0]!.title).toBe('old runs Proxmox VE 7.4-16, which no longer receives updates');
    expect(items.map((i) => i.title)).toContain('Host down is offline');
    expect(items.map((i) => i.title)).toContain('Storage local-lvm on full is 95% full');
    expect(items.map((i) => i.title)).toContain('Memory pressure on full (85% used)');
    expect(items.map((i) => i.title)).toContain('2 package updates pending on full');
    expect(items.map((i) => i.title)).toContain('1 guest without a backup in the last 24 h');
    expect(items.at(-1)!.title).toBe('1 stopped guest');
    expect(adviceItems(fleet, 'fr', now).map((i) => i.title)).toContain("L'hôte down est hors ligne");
    expect(adviceItems(fleet, 'de', now).map((i) => i.title)).toContain('Host down ist offline');
    expect(adviceItems(fleet, 'ja', now).at(-1)!.title).toBe('停止中のゲスト 1 台');
    expect(adviceSummary(fleet, adviceItems(fleet, 'es', now), 'es')).toContain(
      'Proxmox VE 7.4-16, que ya no recibe actualizaciones',
    );
    expect(adviceSummary(fleet, items, 'de')).toMatch(/^3 kritische/);
  });
});
