import type { Host, Vm, VmAction } from '@proxai/contract';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Boxes } from 'lucide-react';
import { useCallback, useDeferredValue, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { Card, Skeleton } from '@/components/ui/card';
import { ApiError } from '@/lib/api-client';
import { useVmAction } from '../api/vm-action';
import { DEFAULT_FILTER, filterGuests, type GuestFilter } from '../hooks/guest-filter';
import { GuestFilters } from './guest-filters';
import { GUEST_ROW_HEIGHT, GuestRow, useGuestRowText } from './guest-row';

/** Virtualised guest table: only the visible rows exist in the DOM, so 5,000 guests scroll smoothly. */
export function GuestList({
  vms,
  hosts,
  isLoading,
  canAct,
}: {
  vms?: Vm[];
  hosts?: Host[];
  isLoading: boolean;
  canAct: boolean;
}) {
  const { t } = useTranslation('dashboard');
  const [filter, setFilter] = useState<GuestFilter>(DEFAULT_FILTER);
  const deferredFilter = useDeferredValue(filter);
  const hostNames = useMemo(() => new Map((hosts ?? []).map((h) => [h.id, h.name])), [hosts]);
  const states = useMemo(() => [...new Set((vms ?? []).map((v) => v.state))].sort(), [vms]);
  const shown = useMemo(() => filterGuests(vms ?? [], deferredFilter, hostNames), [vms, deferredFilter, hostNames]);

  const commandWord = (action: VmAction) => t(`commands.${action}`);
  const { run, pending } = useVmAction({
    onSuccess: ({ action }) => toast.success(t('toast.vmSent', { command: commandWord(action) })),
    onError: ({ action }, error) =>
      toast.error(t('toast.vmFailed', { command: commandWord(action) }), {
        description: error instanceof ApiError ? error.detail : undefined,
      }),
  });
  const rowText = useGuestRowText();
  const handleAction = useCallback((vm: Vm, action: VmAction) => run({ id: vm.id, vmid: vm.vmid, action }), [run]);

  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: shown.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => GUEST_ROW_HEIGHT,
    // Rows beyond the visible ones: enough for wheel and keyboard scrolling, few enough for a fast first render.
    overscan: 4,
    getItemKey: (i) => shown[i]?.id ?? i,
    initialRect: { width: 1024, height: 640 },
    // Let React batch scroll updates instead of flushing synchronously on every scroll event.
    useFlushSync: false,
  });

  const total = vms?.length ?? 0;
  return (
    <section aria-labelledby="vms-title" className="space-y-4">
      <div className="flex items-baseline justify-between gap-3">
        <h2 id="vms-title" className="text-xl font-semibold">
          {t('vms.title')}
        </h2>
        {total > 0 ? (
          <p className="text-sm text-slate-500 dark:text-slate-400" aria-live="polite" data-testid="vm-count">
            {t('vms.count', { shown: shown.length, total })}
          </p>
        ) : null}
      </div>
      {isLoading ? (
        <div role="status" aria-label={t('loading')} className="space-y-2">
          {[0, 1, 2, 3, 4].map((i) => (
            <Skeleton key={i} className="h-14" />
          ))}
        </div>
      ) : total === 0 ? (
        <Card className="flex flex-col items-center gap-2 py-10 text-center" data-testid="vms-empty">
          <Boxes className="h-10 w-10 text-slate-400" aria-hidden="true" />
          <p className="font-medium">{t('vms.empty')}</p>
          <p className="max-w-md text-sm text-slate-500 dark:text-slate-400">{t('vms.emptyText')}</p>
        </Card>
      ) : (
        <>
          <GuestFilters filter={filter} onChange={setFilter} hosts={hosts ?? []} states={states} />
          <Card className="overflow-hidden p-0">
            <div role="table" aria-label={t('vms.title')} aria-rowcount={shown.length}>
              <div
                role="row"
                className="hidden grid-cols-[minmax(0,2fr)_7rem_4rem_6rem_6rem_minmax(0,1fr)_auto] gap-3 border-b border-slate-200 bg-slate-50 px-4 py-2 text-xs font-semibold uppercase tracking-wide text-slate-500 md:grid dark:border-slate-800 dark:bg-slate-900/60 dark:text-slate-400"
              >
                <span role="columnheader">{t('vms.columns.name')}</span>
                <span role="columnheader">{t('vms.columns.state')}</span>
                <span role="columnheader">{t('vms.columns.cpu')}</span>
                <span role="columnheader">{t('vms.columns.memory')}</span>
                <span role="columnheader">{t('vms.columns.storage')}</span>
                <span role="columnheader">{t('vms.columns.host')}</span>
                <span role="columnheader" className="w-[7.75rem] text-end">
                  {t('vms.columns.actions')}
                </span>
              </div>
              {shown.length === 0 ? (
                <p className="p-6 text-center text-sm text-slate-500 dark:text-slate-400" data-testid="vms-no-match">
                  {t('vms.noMatch')}
                </p>
              ) : (
                <div ref={scrollRef} className="max-h-[70vh] overflow-y-auto" data-testid="vm-scroll">
                  <div role="rowgroup" className="relative" style={{ height: virtualizer.getTotalSize() }}>
                    {virtualizer.getVirtualItems().map((item) => {
                      const vm = shown[item.index]!;
                      return (
                        <GuestRow
                          key={item.key}
                          vm={vm}
                          hostName={hostNames.get(vm.host_id) ?? ''}
                          pending={pending.get(vm.id)}
                          canAct={canAct}
                          onAction={handleAction}
                          text={rowText}
                          start={item.start}
                        />
                      );
                    })}
                  </div>
                </div>
              )}
            </div>
          </Card>
        </>
      )}
    </section>
  );
}
