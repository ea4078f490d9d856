import type { AdviceItem, AdviceSeverity, Language } from '@proxai/contract';
import type { HostFacts } from '../hosts/host-facts';
import { itemTexts, SUMMARY } from './advice-texts';

export interface FleetHost {
  name: string;
  status: string;
  lastError: string | null;
  pveVersion: string | null;
  facts: HostFacts | null;
}

export interface FleetGuest {
  name: string;
  vmid: number;
  state: string;
  hostName: string;
  lastBackupAt: Date | null;
}

export interface Fleet {
  hosts: FleetHost[];
  guests: FleetGuest[];
  /** The plan's limits (-1: unlimited); absent when unknown. */
  plan?: { name: string; maxHosts: number; maxVms: number };
}

const RANK: Record<AdviceSeverity, number> = { critical: 0, warning: 1, info: 2 };
const DAY_MS = 86_400_000;
const MAX_NAMES = 5;

function pct(used: number, total: number): number {
  return total > 0 ? Math.round((used / total) * 100) : 0;
}

function bytes(n: number): string {
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB'];
  let v = n;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${v.toFixed(v >= 10 || i === 0 ? 0 : 1)} ${units[i]}`;
}

function pressure(ratio: number): AdviceSeverity | null {
  if (ratio >= 90) return 'critical';
  if (ratio >= 80) return 'warning';
  return null;
}

function names(list: string[], more: (n: number) => string): string {
  const shown = list.slice(0, MAX_NAMES).join(', ');
  return list.length > MAX_NAMES ? `${shown}${more(list.length - MAX_NAMES)}` : shown;
}

/** Parses '8.2.4' / '7.4-16' into [major, minor]. */
function versionOf(v: string | null): [number, number] | null {
  const m = /^(\d+)\.(\d+)/.exec(v ?? '');
  return m ? [Number(m[1]), Number(m[2])] : null;
}

/** The rule engine: every item comes from the fleet's real state, ranked by severity (stable within one). */
export function adviceItems(fleet: Fleet, lang: Language, now = new Date()): AdviceItem[] {
  const tx = itemTexts(lang);
  const items: AdviceItem[] = [];
  for (const h of fleet.hosts) {
    if (h.status !== 'online') {
      items.push({
        severity: 'critical',
        title: tx.hostOffline(h.name),
        detail: h.lastError ?? '',
        action: tx.hostOfflineAction,
      });
      continue;
    }
    const f = h.facts;
    if (!f) continue;
    if (f.memory) {
      const p = pct(f.memory.used, f.memory.total);
      const sev = pressure(p);
      if (sev)
        items.push({
          severity: sev,
          title: tx.memory(h.name, p),
          detail: tx.memoryDetail(bytes(f.memory.used), bytes(f.memory.total)),
          action: tx.memoryAction,
        });
    }
    if (f.rootfs) {
      const p = pct(f.rootfs.used, f.rootfs.total);
      const sev = pressure(p);
      if (sev)
        items.push({
          severity: sev,
          title: tx.rootfs(h.name, p),
          detail: tx.diskDetail(bytes(f.rootfs.used), bytes(f.rootfs.total)),
          action: tx.diskAction,
        });
    }
    for (const s of f.storages) {
      if (!s.active || s.total <= 0) continue;
      const p = pct(s.used, s.total);
      const sev = pressure(p);
      if (sev)
        items.push({
          severity: sev,
          title: tx.storage(s.storage, h.name, p),
          detail: tx.diskDetail(bytes(s.used), bytes(s.total)),
          action: tx.diskAction,
        });
    }
    if (f.pendingUpdates > 0) {
      const important = f.pendingUpdateNames.some((p) =>
        /^(pve-manager|proxmox-ve|pve-kernel|proxmox-kernel|qemu-server|pve-qemu-kvm)/.test(p),
      );
      items.push({
        severity: important ? 'warning' : 'info',
        title: tx.updates(h.name, f.pendingUpdates),
        detail: names(f.pendingUpdateNames, tx.andMore),
        action: tx.updatesAction,
      });
    }
    const v = versionOf(f.pveVersion ?? h.pveVersion);
    if (v && v[0] < 8)
      items.push({
        severity: 'critical',
        title: tx.oldPve(h.name, f.pveVersion ?? ''),
        detail: tx.oldPveDetail,
        action: tx.oldPveAction,
      });
    else if (v && v[0] === 8 && v[1] < 2)
      items.push({
        severity: 'info',
        title: tx.olderPve(h.name, f.pveVersion ?? ''),
        detail: tx.olderPveDetail,
        action: tx.olderPveAction,
      });
  }
  // A fleet past its plan is shown whole (never hidden guests): say so, and what it blocks.
  const { plan } = fleet;
  if (plan && plan.maxVms !== -1 && fleet.guests.length > plan.maxVms) {
    items.push({
      severity: 'critical',
      title: tx.overPlanGuests(fleet.guests.length, plan.maxVms, plan.name),
      detail: tx.overPlanDetail,
      action: tx.overPlanAction,
    });
  }
  if (plan && plan.maxHosts !== -1 && fleet.hosts.length > plan.maxHosts) {
    items.push({
      severity: 'critical',
      title: tx.overPlanHosts(fleet.hosts.length, plan.maxHosts, plan.name),
      detail: tx.overPlanDetail,
      action: tx.overPlanAction,
    });
  }
  const onlineHosts = new Set(fleet.hosts.filter((h) => h.status === 'online').map((h) => h.name));
  const known = fleet.guests.filter((g) => onlineHosts.has(g.hostName));
  const noBackup = known.filter((g) => !g.lastBackupAt || now.getTime() - g.lastBackupAt.getTime() > DAY_MS);
  if (noBackup.length > 0) {
    items.push({
      severity: 'warning',
      title: tx.noBackup(noBackup.length),
      detail: names(
        noBackup.map((g) => `${g.name} (${g.vmid})`),
        tx.andMore,
      ),
      action: tx.noBackupAction,
    });
  }
  const stopped = known.filter((g) => g.state === 'stopped');
  if (stopped.length > 0) {
    items.push({
      severity: 'info',
      title: tx.stopped(stopped.length),
      detail: names(
        stopped.map((g) => `${g.name} (${g.vmid})`),
        tx.andMore,
      ),
      action: tx.stoppedAction,
    });
  }
  return items
    .map((item, i) => ({ item, i }))
    .sort((a, b) => RANK[a.item.severity] - RANK[b.item.severity] || a.i - b.i)
    .map(({ item }) => item);
}

export function adviceSummary(fleet: Fleet, items: AdviceItem[], lang: Language): string {
  const count = (s: AdviceSeverity) => items.filter((i) => i.severity === s).length;
  return SUMMARY[lang]({
    critical: count('critical'),
    warning: count('warning'),
    info: count('info'),
    hosts: fleet.hosts.length,
    guests: fleet.guests.length,
    top: items[0]?.title,
  });
}
