import type { Host, Vm, VmAction } from '@proxai/contract';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Boxes } from 'lucide-react';
import { lazy, Suspense, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { Card, Skeleton } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { cn } from '@/components/ui/cn';
import { ApiError } from '@/lib/api-client';
import { useBulkAction, type BulkSummary } from '../api/bulk-action';
import { useVmAction } from '../api/vm-action';
import { DEFAULT_FILTER, filterGuests, type GuestFilter } from '../hooks/guest-filter';
import { useGuestTaskProgress } from '../hooks/guest-task-progress';
import { GuestFilters } from './guest-filters';
import { GUEST_COLUMNS, GUEST_ROW_HEIGHT, GuestRow, useGuestRowText } from './guest-row';

// Neither is needed for the first rows: the action bar (and its confirmation) loads at the first ticked box, the
// snapshots dialog when a row's button is pointed at or pressed.
const loadBulkActionBar = () => import('./bulk-action-bar');
const BulkActionBar = lazy(async () => ({ default: (await loadBulkActionBar()).BulkActionBar }));
const loadSnapshotsDialog = () => import('./snapshots-dialog');
const SnapshotsDialog = lazy(async () => ({ default: (await loadSnapshotsDialog()).SnapshotsDialog }));

const NONE: ReadonlySet<string> = new Set();

/** Rows drawn beyond the visible ones: enough for wheel and keyboard scrolling, few enough to draw fast. */
const OVERSCAN = 4;

/** The columns between the name and the actions, shown from the md breakpoint up. */
const MIDDLE_COLUMNS = ['state', 'cpu', 'memory', 'storage', 'host'] as const;

/** Pointing at or focusing a row's snapshots button or a selection box loads what it opens (one listener). */
function preloadFor(event: { target: EventTarget }) {
  if (!(event.target instanceof Element)) return;
  const testId = event.target.closest('[data-testid]')?.getAttribute('data-testid');
  if (testId === 'vm-snapshots') void loadSnapshotsDialog();
  else if (testId === 'guest-select' || testId === 'guest-select-all') void loadBulkActionBar();
}

/**
 * Virtualised guest table: only the visible rows exist in the DOM, so 5,000 guests scroll smoothly. Members who
 * may act on guests tick rows (or every guest the filter shows, not only the rows drawn) for a bulk action.
 */
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
  const progress = useGuestTaskProgress();

  // The selection: ticked guests the filter shows (a guest the filter hides is neither counted nor acted on).
  const [selected, setSelected] = useState(NONE);
  const selectedShown = useMemo(
    () => (canAct && selected.size > 0 ? shown.filter((v) => selected.has(v.id)) : []),
    [canAct, selected, shown],
  );
  const isAllShownSelected = shown.length > 0 && selectedShown.length === shown.length;
  const handleToggle = useCallback(
    (vm: Vm) =>
      setSelected((s) => {
        const next = new Set(s);
        if (!next.delete(vm.id)) next.add(vm.id);
        return next;
      }),
    [],
  );
  const handleToggleAll = () => setSelected(isAllShownSelected ? NONE : new Set(shown.map((v) => v.id)));
  const bulk = useBulkAction({
    onAccepted: ({ action, ids }) => {
      setSelected(NONE);
      toast.info(t('bulk.sent', { command: commandWord(action), count: ids.length }));
    },
    onDone: ({ action }, summary: BulkSummary) =>
      (summary.failed > 0 ? toast.error : toast.success)(t('bulk.done', { command: commandWord(action), ...summary })),
    onError: ({ action }, error) =>
      toast.error(t('bulk.failed', { command: commandWord(action) }), {
        description: error instanceof ApiError ? error.detail : undefined,
      }),
  });

  const [snapshotsOf, setSnapshotsOf] = useState<Vm | null>(null);
  const handleSnapshots = useCallback((vm: Vm) => setSnapshotsOf(vm), []);

  const scrollRef = useRef<HTMLDivElement>(null);
  // Rows beyond the visible ones, for wheel and keyboard scrolling: none in the first render, which only the visible
  // rows wait for, and four from right after it (before anyone can scroll).
  const [overscan, setOverscan] = useState(0);
  useEffect(() => setOverscan(OVERSCAN), []);
  const virtualizer = useVirtualizer({
    count: shown.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => GUEST_ROW_HEIGHT,
    overscan,
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
            <div
              role="table"
              aria-label={t('vms.title')}
              aria-rowcount={shown.length}
              onPointerOver={preloadFor}
              onFocus={preloadFor}
            >
              <div
                role="row"
                className={cn(
                  'items-center gap-3 border-b border-slate-200 bg-slate-50 px-4 py-2 text-xs font-semibold uppercase tracking-wide text-slate-500 dark:border-slate-800 dark:bg-slate-900/60 dark:text-slate-400',
                  canAct ? `grid ${GUEST_COLUMNS.selectable}` : `hidden md:grid ${GUEST_COLUMNS.plain}`,
                )}
              >
                {canAct ? (
                  <span role="columnheader" className="flex items-center">
                    <Checkbox
                      checked={isAllShownSelected}
                      indeterminate={selectedShown.length > 0 && !isAllShownSelected}
                      disabled={shown.length === 0}
                      onChange={handleToggleAll}
                      aria-label={t('vms.selectAll', { count: shown.length })}
                      data-testid="guest-select-all"
                    />
                  </span>
                ) : null}
                <span role="columnheader">{t('vms.columns.name')}</span>
                {MIDDLE_COLUMNS.map((c) => (
                  <span key={c} role="columnheader" className="hidden md:block">
                    {t(`vms.columns.${c}`)}
                  </span>
                ))}
                <span role="columnheader" className="hidden w-[10.75rem] text-end md:block">
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
                          pending={pending.get(vm.id) ?? bulk.pending.get(vm.id)}
                          canAct={canAct}
                          onAction={handleAction}
                          onSnapshots={handleSnapshots}
                          selectable={canAct}
                          selected={canAct && selected.has(vm.id)}
                          onToggle={handleToggle}
                          progress={progress.get(vm.id)}
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
      {selectedShown.length > 0 ? (
        <Suspense fallback={null}>
          <BulkActionBar
            count={selectedShown.length}
            isStarting={bulk.isStarting}
            onRun={(action) => bulk.run({ action, ids: selectedShown.map((v) => v.id) })}
            onClear={() => setSelected(NONE)}
          />
        </Suspense>
      ) : null}
      {snapshotsOf ? (
        <Suspense fallback={null}>
          <SnapshotsDialog vm={snapshotsOf} canWrite={canAct} onClose={() => setSnapshotsOf(null)} />
        </Suspense>
      ) : null}
    </section>
  );
}
