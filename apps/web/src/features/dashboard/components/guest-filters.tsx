import type { Host } from '@proxai/contract';
import { ArrowDownWideNarrow, ArrowUpNarrowWide, Search } from 'lucide-react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input, Label, Select } from '@/components/ui/input';
import type { GuestFilter, GuestSortKey } from '../hooks/guest-filter';

const SORT_KEYS: GuestSortKey[] = ['name', 'vmid', 'state', 'cpu', 'memory', 'storage', 'host'];

/** Memoised: the list re-renders on every scroll frame, the filters need not. */
export const GuestFilters = memo(function GuestFilters({
  filter,
  onChange,
  hosts,
  states,
}: {
  filter: GuestFilter;
  onChange: (f: GuestFilter) => void;
  hosts: Host[];
  states: string[];
}) {
  const { t } = useTranslation('dashboard');
  const set = <K extends keyof GuestFilter>(k: K, v: GuestFilter[K]) => onChange({ ...filter, [k]: v });
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))_auto] lg:items-end">
      <div>
        <Label htmlFor="vm-search">{t('vms.search')}</Label>
        <div className="relative">
          <Search
            className="pointer-events-none absolute start-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400"
            aria-hidden="true"
          />
          <Input
            id="vm-search"
            type="search"
            className="ps-9"
            value={filter.query}
            onChange={(e) => set('query', e.target.value)}
            placeholder={t('vms.searchPlaceholder')}
            data-testid="vm-search"
          />
        </div>
      </div>
      <div>
        <Label htmlFor="vm-state">{t('vms.state')}</Label>
        <Select id="vm-state" value={filter.state} onChange={(e) => set('state', e.target.value)} data-testid="vm-state-filter">
          <option value="all">{t('vms.allStates')}</option>
          {states.map((s) => (
            <option key={s} value={s}>
              {t(`vms.states.${s}`, { defaultValue: s })}
            </option>
          ))}
        </Select>
      </div>
      <div>
        <Label htmlFor="vm-host">{t('vms.host')}</Label>
        <Select id="vm-host" value={filter.hostId} onChange={(e) => set('hostId', e.target.value)} data-testid="vm-host-filter">
          <option value="all">{t('vms.allHosts')}</option>
          {hosts.map((h) => (
            <option key={h.id} value={h.id}>
              {h.name}
            </option>
          ))}
        </Select>
      </div>
      <div>
        <Label htmlFor="vm-sort">{t('vms.sortBy')}</Label>
        <Select
          id="vm-sort"
          value={filter.sort}
          onChange={(e) => set('sort', e.target.value as GuestSortKey)}
          data-testid="vm-sort"
        >
          {SORT_KEYS.map((k) => (
            <option key={k} value={k}>
              {t(`vms.columns.${k}`)}
            </option>
          ))}
        </Select>
      </div>
      <Button
        variant="outline"
        size="icon"
        aria-label={t(filter.direction === 'asc' ? 'vms.sortAsc' : 'vms.sortDesc')}
        title={t(filter.direction === 'asc' ? 'vms.sortAsc' : 'vms.sortDesc')}
        onClick={() => set('direction', filter.direction === 'asc' ? 'desc' : 'asc')}
      >
        {filter.direction === 'asc' ? (
          <ArrowUpNarrowWide className="h-4 w-4" aria-hidden="true" />
        ) : (
          <ArrowDownWideNarrow className="h-4 w-4" aria-hidden="true" />
        )}
      </Button>
    </div>
  );
});
