import type { GuestSnapshot, Vm } from '@proxai/contract';
import { History, RotateCcw, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { LoadError, LoadingRows } from '@/components/ui/load-states';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog } from '@/components/ui/dialog';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useSnapshotOperation, useSnapshots, type SnapshotOperation } from '../api/snapshots';
import { CreateSnapshotForm } from './snapshot-form';

export interface SnapshotsDialogProps {
  vm: Vm;
  /** Create, roll back and delete are offered to members who may act on guests; a read-only member only reads. */
  canWrite: boolean;
  onClose: () => void;
}

/** A guest's snapshots: the list (newest first), and taking, rolling back to and deleting one, each as a task. */
export function SnapshotsDialog({ vm, canWrite, onClose }: SnapshotsDialogProps) {
  const { t, i18n } = useTranslation('dashboard');
  const snapshots = useSnapshots(vm.id);
  const operation = useSnapshotOperation(vm.id);
  const [asking, setAsking] = useState<{ kind: 'rollback' | 'delete'; name: string } | null>(null);
  const date = useMemo(
    () => new Intl.DateTimeFormat(i18n.resolvedLanguage ?? i18n.language, { dateStyle: 'medium', timeStyle: 'short' }),
    [i18n.resolvedLanguage, i18n.language],
  );
  const running = operation.isPending ? operation.variables : undefined;

  function perform(op: SnapshotOperation, onDone?: () => void) {
    const name = op.kind === 'create' ? op.snapshot.name : op.name;
    operation.mutate(op, {
      onSuccess: () => {
        toast.success(t(`snapshots.done.${op.kind}`, { name, guest: vm.name }));
        onDone?.();
      },
      onError: (error) =>
        toast.error(t(`snapshots.failed.${op.kind}`, { name }), {
          description: error instanceof ApiError ? error.detail : undefined,
        }),
    });
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t('snapshots.title', { name: vm.name })}
      description={t('snapshots.description', { vmid: vm.vmid })}
      closeLabel={t('snapshots.close')}
      size="lg"
    >
      <div className="space-y-5" data-testid="snapshots-dialog">
        {running ? (
          <p
            role="status"
            className="flex items-center gap-2 rounded-lg bg-sky-50 p-2 text-sm text-sky-800 dark:bg-sky-950/50 dark:text-sky-200"
            data-testid="snapshot-running"
          >
            <span className="h-3 w-3 animate-spin rounded-full border-2 border-current border-t-transparent" aria-hidden="true" />
            {t(`snapshots.running.${running.kind}`, {
              name: running.kind === 'create' ? running.snapshot.name : running.name,
            })}
          </p>
        ) : null}
        {snapshots.isPending ? (
          <LoadingRows label={t('loading')} rows={2} className="h-12" testId="snapshots" />
        ) : snapshots.isError ? (
          <LoadError
            message={t('snapshots.loadError')}
            error={snapshots.error}
            retryLabel={t('snapshots.retry')}
            onRetry={() => void snapshots.refetch()}
            testId="snapshots"
          />
        ) : snapshots.data.length === 0 ? (
          <div className="flex flex-col items-center gap-1 py-6 text-center" data-testid="snapshots-empty">
            <History className="h-8 w-8 text-slate-400" aria-hidden="true" />
            <p className="font-medium">{t('snapshots.empty')}</p>
            <p className="text-sm text-slate-500 dark:text-slate-400">{t('snapshots.emptyText')}</p>
          </div>
        ) : (
          <ul className="divide-y divide-slate-100 dark:divide-slate-800" aria-label={t('snapshots.listLabel')}>
            {snapshots.data.map((s) => (
              <SnapshotItem
                key={s.name}
                snapshot={s}
                when={s.created_at ? date.format(new Date(s.created_at)) : t('snapshots.noDate')}
                canWrite={canWrite}
                isBusy={operation.isPending}
                onAsk={(kind) => setAsking({ kind, name: s.name })}
              />
            ))}
          </ul>
        )}
        {canWrite ? (
          <CreateSnapshotForm
            vm={vm}
            isBusy={operation.isPending}
            serverError={running?.kind === 'create' ? null : createError(operation.error, operation.variables)}
            onCreate={(snapshot, reset) => perform({ kind: 'create', snapshot }, reset)}
          />
        ) : null}
      </div>
      {asking ? (
        <ConfirmDialog
          open
          onOpenChange={(open) => {
            if (!open) setAsking(null);
          }}
          title={t(`snapshots.confirm.${asking.kind}.title`, { name: asking.name, guest: vm.name })}
          description={t(`snapshots.confirm.${asking.kind}.text`, { name: asking.name, guest: vm.name })}
          confirmLabel={t(`snapshots.confirm.${asking.kind}.button`)}
          cancelLabel={t('snapshots.cancel')}
          closeLabel={t('snapshots.close')}
          isDestructive
          onConfirm={() => {
            perform(asking);
            setAsking(null);
          }}
        />
      ) : null}
    </Dialog>
  );
}

/** The server's refusal of the last creation, to show in the form (its field errors, else its detail). */
function createError(error: unknown, last: SnapshotOperation | undefined): ApiError | null {
  return last?.kind === 'create' && error instanceof ApiError && error.status < 500 ? error : null;
}

function SnapshotItem({
  snapshot,
  when,
  canWrite,
  isBusy,
  onAsk,
}: {
  snapshot: GuestSnapshot;
  when: string;
  canWrite: boolean;
  isBusy: boolean;
  onAsk: (kind: 'rollback' | 'delete') => void;
}) {
  const { t } = useTranslation('dashboard');
  return (
    <li className="flex flex-wrap items-center gap-3 py-3" data-testid="snapshot-item" data-name={snapshot.name}>
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="truncate font-mono text-sm font-medium" dir="ltr">
            {snapshot.name}
          </span>
          {snapshot.vmstate ? (
            <span className="rounded-full bg-violet-100 px-2 py-0.5 text-xs font-medium text-violet-800 dark:bg-violet-950 dark:text-violet-300">
              {t('snapshots.withRam')}
            </span>
          ) : null}
          {snapshot.by_policy ? (
            <span
              className="rounded-full bg-sky-100 px-2 py-0.5 text-xs font-medium text-sky-800 dark:bg-sky-950 dark:text-sky-300"
              data-testid="snapshot-policy"
            >
              {t('snapshots.byPolicy')}
            </span>
          ) : null}
        </p>
        <p className="text-xs text-slate-500 dark:text-slate-400">
          {when}
          {snapshot.description ? ` · ${snapshot.description}` : ''}
        </p>
      </div>
      {canWrite ? (
        <div className="flex gap-1">
          <Button
            variant="outline"
            size="sm"
            disabled={isBusy}
            onClick={() => onAsk('rollback')}
            aria-label={t('snapshots.rollbackNamed', { name: snapshot.name })}
            data-testid="snapshot-rollback"
          >
            <RotateCcw className="h-4 w-4" aria-hidden="true" />
            {t('snapshots.rollback')}
          </Button>
          <Button
            variant="ghost"
            size="sm"
            disabled={isBusy}
            onClick={() => onAsk('delete')}
            aria-label={t('snapshots.deleteNamed', { name: snapshot.name })}
            data-testid="snapshot-delete"
          >
            <Trash2 className="h-4 w-4 text-rose-600" aria-hidden="true" />
            {t('snapshots.delete')}
          </Button>
        </div>
      ) : null}
    </li>
  );
}
