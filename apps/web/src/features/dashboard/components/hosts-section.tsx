import type { Host, Vm } from '@proxai/contract';
import { Eye, Plus, Server } from 'lucide-react';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Card, Skeleton } from '@/components/ui/card';
import { ApiError } from '@/lib/api-client';
import { useReloadDashboard } from '../api/dashboard-queries';
import { useDeleteHost, useSyncHost } from '../api/host-mutations';
import type { DashboardPermissions } from '../org-role';
import { HostCard, useHostCardText } from './host-card';

// The add-host dialog (form, validation, Radix dialog) is not needed for the first guest rows: its code
// loads once the page is idle, or at once when the button is pointed at or pressed.
const loadAddHostDialog = () => import('./add-host-dialog');
const AddHostDialog = lazy(async () => ({ default: (await loadAddHostDialog()).AddHostDialog }));

export function HostsSection({
  hosts,
  vms,
  isLoading,
  permissions,
}: {
  hosts?: Host[];
  vms?: Vm[];
  isLoading: boolean;
  /** From the member's org_role: buttons the server would refuse are not shown. */
  permissions: DashboardPermissions;
}) {
  const { t } = useTranslation('dashboard');
  const { canManageHosts, canSyncHosts, isReadOnly } = permissions;
  const cardText = useHostCardText();
  const [isAdding, setIsAdding] = useState(false);
  // Mounted from the first opening on, so closing keeps its animation and the form its reset logic.
  const [hasOpened, setHasOpened] = useState(false);
  const openAddHost = () => {
    setHasOpened(true);
    setIsAdding(true);
  };
  useEffect(() => {
    if (!canManageHosts) return;
    const timer = setTimeout(() => void loadAddHostDialog(), 2000);
    return () => clearTimeout(timer);
  }, [canManageHosts]);
  const syncHost = useSyncHost();
  const deleteHost = useDeleteHost();
  const reload = useReloadDashboard();
  const [syncing, setSyncing] = useState<ReadonlySet<string>>(new Set());

  const guestCounts = useMemo(() => {
    const m = new Map<string, number>();
    for (const v of vms ?? []) m.set(v.host_id, (m.get(v.host_id) ?? 0) + 1);
    return m;
  }, [vms]);

  function handleSync(host: Host) {
    setSyncing((s) => new Set(s).add(host.id));
    syncHost.mutate(host.id, {
      onSuccess: (data) => toast.success(data.message || t('toast.hostSynced')),
      onError: (err) => toast.error(err instanceof ApiError && err.detail ? err.detail : t('toast.hostSyncFailed')),
      onSettled: () =>
        setSyncing((s) => {
          const next = new Set(s);
          next.delete(host.id);
          return next;
        }),
    });
  }

  function handleDelete(host: Host) {
    if (!window.confirm(t('hosts.confirmDelete'))) return;
    deleteHost.mutate(host.id, {
      onSuccess: () => toast.success(t('toast.hostDeleted')),
      onError: () => toast.error(t('toast.hostDeleteFailed')),
    });
  }

  return (
    <section aria-labelledby="hosts-title" className="space-y-4">
      <div className="flex items-center justify-between gap-3">
        <h2 id="hosts-title" className="text-xl font-semibold">
          {t('hosts.title')}
        </h2>
        {canManageHosts ? (
          <Button
            onClick={openAddHost}
            onPointerEnter={() => void loadAddHostDialog()}
            onFocus={() => void loadAddHostDialog()}
            data-testid="add-host-button"
          >
            <Plus className="h-4 w-4" aria-hidden="true" />
            {t('hosts.add')}
          </Button>
        ) : null}
      </div>
      {isReadOnly ? (
        <p
          className="flex items-center gap-2 rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-600 dark:bg-slate-800/60 dark:text-slate-300"
          data-testid="readonly-hint"
        >
          <Eye className="h-4 w-4 shrink-0" aria-hidden="true" />
          {t('hosts.readOnlyHint')}
        </p>
      ) : null}
      {isLoading ? (
        <div role="status" aria-label={t('loading')} className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-36" />
          ))}
        </div>
      ) : !hosts || hosts.length === 0 ? (
        <Card className="flex flex-col items-center gap-3 py-10 text-center" data-testid="hosts-empty">
          <Server className="h-10 w-10 text-slate-400" aria-hidden="true" />
          <p className="font-medium">{t('hosts.empty')}</p>
          <p className="max-w-md text-sm text-slate-500 dark:text-slate-400">
            {t(canManageHosts ? 'hosts.emptyText' : 'hosts.emptyTextNoAdd')}
          </p>
          {canManageHosts ? (
            <Button onClick={openAddHost} onPointerEnter={() => void loadAddHostDialog()}>
              <Plus className="h-4 w-4" aria-hidden="true" />
              {t('hosts.add')}
            </Button>
          ) : null}
        </Card>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {hosts.map((h) => (
            <HostCard
              key={h.id}
              host={h}
              guestCount={guestCounts.get(h.id) ?? 0}
              isSyncing={syncing.has(h.id)}
              isDeleting={deleteHost.isPending && deleteHost.variables === h.id}
              canSync={canSyncHosts}
              canDelete={canManageHosts}
              onSync={handleSync}
              onDelete={handleDelete}
              onChanged={() => void reload()}
              text={cardText}
            />
          ))}
        </div>
      )}
      {canManageHosts && hasOpened ? (
        <Suspense fallback={null}>
          <AddHostDialog open={isAdding} onOpenChange={setIsAdding} />
        </Suspense>
      ) : null}
    </section>
  );
}
