import type { Backup, RestoreRequest, Vm } from '@proxai/contract';
import { AlertTriangle } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog } from '@/components/ui/dialog';
import { FieldError, Input, Label } from '@/components/ui/input';
import { toast } from '@/lib/toast';
import { useRestoreBackup } from '../api/restore-backup';
import { formatDateTime } from '@/lib/format-instant';
import { targetProblems } from '../targets';
import { MutationProblem } from './query-problem';

type Field = 'vmid' | 'node' | 'storage';

export interface RestoreDialogProps {
  backup: Backup;
  /** The guest the backup was taken of, when it is still registered. */
  guest: Vm | null;
  /** Node names offered for the target (the guests' nodes on the backup's host). */
  nodes: readonly string[];
  canRestoreOriginal: boolean;
  onClose: () => void;
}

/**
 * A real restore of one backup: to a new guest (a free VMID, new MAC addresses) or over the original guest, which
 * Proxmox overwrites (admins only, the guest stopped, and the person must say they understand).
 */
export function RestoreDialog({ backup, guest, nodes, canRestoreOriginal, onClose }: RestoreDialogProps) {
  const { t, i18n } = useTranslation('backups');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const id = useId();
  const restore = useRestoreBackup();
  const [target, setTarget] = useState<'new' | 'original'>('new');
  const [vmid, setVmid] = useState('');
  const [node, setNode] = useState('');
  const [storage, setStorage] = useState('');
  const [start, setStart] = useState(false);
  const [isUnderstood, setIsUnderstood] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [serverError, setServerError] = useState<unknown>(null);
  const canOverwrite = canRestoreOriginal && backup.guest_id !== null;
  const isGuestStopped = guest?.state === 'stopped';
  const name = guest?.name ?? String(backup.vmid);

  function validate(): Partial<Record<Field, string>> {
    const e: Partial<Record<Field, string>> = targetProblems(node, storage);
    if (target === 'new' && vmid.trim() && !/^\d{3,9}$/.test(vmid.trim())) e.vmid = 'restore.errors.vmid';
    return e;
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    setServerError(null);
    const first = (['vmid', 'node', 'storage'] as const).find((f) => found[f]);
    if (first) return document.getElementById(`${id}-${first}`)?.focus();
    const body: RestoreRequest = {
      backup_id: backup.id,
      target,
      start,
      ...(target === 'new' && vmid.trim() ? { vmid: Number(vmid.trim()) } : {}),
      ...(node.trim() ? { target_node: node.trim() } : {}),
      ...(storage.trim() ? { target_storage: storage.trim() } : {}),
    };
    restore.mutate(body, {
      onSuccess: () => {
        toast.success(t('restore.started', { name }));
        onClose();
      },
      onError: (error) => setServerError(error),
    });
  }

  const field = (f: Field, label: string, value: string, set: (v: string) => void, extra: Record<string, unknown> = {}) => (
    <div>
      <Label htmlFor={`${id}-${f}`}>{label}</Label>
      <Input
        id={`${id}-${f}`}
        value={value}
        onChange={(e) => set(e.target.value)}
        aria-invalid={errors[f] ? true : undefined}
        aria-describedby={errors[f] ? `${id}-${f}-error` : `${id}-${f}-hint`}
        dir="ltr"
        spellCheck={false}
        disabled={restore.isPending}
        data-testid={`restore-${f}`}
        {...extra}
      />
      <p id={`${id}-${f}-hint`} className="mt-1 text-xs text-slate-500 dark:text-slate-400">
        {t(`restore.hints.${f}`)}
      </p>
      <FieldError id={`${id}-${f}-error`} message={errors[f] ? t(errors[f]) : undefined} />
    </div>
  );

  const isBlocked = target === 'original' && (!isUnderstood || !isGuestStopped);
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !restore.isPending) onClose();
      }}
      title={t('restore.title', { name })}
      description={t('restore.description', { time: formatDateTime(backup.backup_time, language), volid: backup.volid })}
      closeLabel={t('close')}
      size="lg"
    >
      <form onSubmit={handleSubmit} noValidate className="space-y-4" data-testid="restore-form">
        <fieldset className="space-y-2">
          <legend className="mb-1 text-sm font-semibold">{t('restore.target')}</legend>
          {(['new', 'original'] as const).map((value) => (
            <label key={value} className="flex items-start gap-2 text-sm">
              <input
                type="radio"
                name={`${id}-target`}
                className="mt-0.5 h-4 w-4 accent-brand-600"
                checked={target === value}
                disabled={restore.isPending || (value === 'original' && !canOverwrite)}
                onChange={() => setTarget(value)}
                data-testid={`restore-target-${value}`}
              />
              <span>
                <span className="font-medium">{t(`restore.targets.${value}`)}</span>
                <span className="block text-xs text-slate-500 dark:text-slate-400">
                  {value === 'original' && !canOverwrite
                    ? t(backup.guest_id ? 'restore.originalAdminOnly' : 'restore.originalUnknown')
                    : t(`restore.targetHints.${value}`)}
                </span>
              </span>
            </label>
          ))}
        </fieldset>
        {target === 'original' ? (
          <div
            role="alert"
            className="space-y-2 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950/50 dark:text-red-200"
            data-testid="restore-original-warning"
          >
            <p className="flex items-center gap-2 font-semibold">
              <AlertTriangle className="h-4 w-4 shrink-0" aria-hidden="true" />
              {t('restore.overwriteTitle', { name })}
            </p>
            <p>{t('restore.overwriteText')}</p>
            {!isGuestStopped ? <p className="font-medium">{t('restore.mustBeStopped')}</p> : null}
            <label className="flex items-start gap-2">
              <Checkbox
                className="mt-0.5"
                checked={isUnderstood}
                onChange={(e) => setIsUnderstood(e.target.checked)}
                data-testid="restore-understood"
              />
              <span>{t('restore.understood', { name })}</span>
            </label>
          </div>
        ) : null}
        <div className="grid gap-3 sm:grid-cols-3">
          {target === 'new' ? field('vmid', t('restore.vmid'), vmid, setVmid, { inputMode: 'numeric' }) : null}
          {field('node', t('restore.node'), node, setNode, { list: `${id}-nodes`, placeholder: guest?.node ?? '' })}
          {field('storage', t('restore.storage'), storage, setStorage)}
        </div>
        <datalist id={`${id}-nodes`}>
          {nodes.map((n) => (
            <option key={n} value={n} />
          ))}
        </datalist>
        <label className="flex items-center gap-2 text-sm">
          <Checkbox checked={start} onChange={(e) => setStart(e.target.checked)} data-testid="restore-start" />
          {t('restore.start')}
        </label>
        <MutationProblem error={serverError} fallback={t('restore.failed')} testId="restore-error" />
        <div className="flex justify-end gap-2 border-t border-slate-200 pt-4 dark:border-slate-800">
          <Button variant="ghost" onClick={onClose} disabled={restore.isPending}>
            {t('cancel')}
          </Button>
          <Button
            type="submit"
            variant={target === 'original' ? 'danger' : 'primary'}
            isLoading={restore.isPending}
            disabled={isBlocked}
            data-testid="restore-submit"
          >
            {t(target === 'original' ? 'restore.submitOriginal' : 'restore.submitNew')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
