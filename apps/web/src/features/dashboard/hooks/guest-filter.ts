import type { Vm } from '@proxai/contract';

export type GuestSortKey = 'name' | 'vmid' | 'state' | 'cpu' | 'memory' | 'storage' | 'host';
export type SortDirection = 'asc' | 'desc';

export interface GuestFilter {
  query: string;
  /** 'all' or a PVE state ('running', 'stopped', …). */
  state: string;
  /** 'all' or a host id. */
  hostId: string;
  sort: GuestSortKey;
  direction: SortDirection;
}

export const DEFAULT_FILTER: GuestFilter = { query: '', state: 'all', hostId: 'all', sort: 'name', direction: 'asc' };

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** Filters by name (or vmid), state and host, then sorts; stable and cheap enough for 5,000 guests per keystroke. */
export function filterGuests(vms: readonly Vm[], filter: GuestFilter, hostNames: ReadonlyMap<string, string>): Vm[] {
  const q = filter.query.trim().toLowerCase();
  const kept = vms.filter(
    (v) =>
      (filter.state === 'all' || v.state === filter.state) &&
      (filter.hostId === 'all' || v.host_id === filter.hostId) &&
      (!q || v.name.toLowerCase().includes(q) || String(v.vmid).startsWith(q)),
  );
  const dir = filter.direction === 'asc' ? 1 : -1;
  const key = filter.sort;
  const compare = (a: Vm, b: Vm): number => {
    switch (key) {
      case 'name':
        return collator.compare(a.name, b.name);
      case 'state':
        return collator.compare(a.state, b.state);
      case 'host':
        return collator.compare(hostNames.get(a.host_id) ?? '', hostNames.get(b.host_id) ?? '');
      case 'vmid':
      case 'cpu':
      case 'memory':
      case 'storage':
        return a[key] - b[key];
    }
  };
  return kept.sort((a, b) => compare(a, b) * dir || a.vmid - b.vmid);
}
