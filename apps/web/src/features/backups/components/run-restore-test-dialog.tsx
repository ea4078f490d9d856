import type { Probe, RestoreTestCreate, Vm } from '@proxai/contract';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FieldError, Input, Label, Select } from '@/components/ui/input';
import { toast } from '@/lib/toast';
import { useBackups } from '../api/list-backups';
import { useRunRestoreTest } from '../api/run-restore-test';
import { formatDateTime } from '@/lib/format-instant';
import { areProbesValid } from '../probes';
import { targetProblems } from '../targets';
import { ProbesEditor } from './probes-editor';
import { MutationProblem } from './query-problem';

type Field = 'guest' | 'node' | 'storage' | 'probes';

/**
 * "Run restore test": which guest (fixed on its own page), which backup (the newest by default), where to restore it
 * (its node and storages by default) and the probes to run inside the isolated copy. Once accepted, the test's page
 * opens and follows it.
 */
export function RunRestoreTestDialog({
  guest: fixedGuest,
  guests,
  onClose,
}: {
  /** The guest of the page it was opened from; null lets the person pick one of `guests`. */
  guest: Vm | null;
  guests: readonly Vm[];
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('backups');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const id = useId();
  const navigate = useNavigate();
  const run = useRunRestoreTest();
  const [guestId, setGuestId] = useState(fixedGuest?.id ?? '');
  const [backup, setBackup] = useState('');
  const [node, setNode] = useState('');
  const [storage, setStorage] = useState('');
  const [probes, setProbes] = useState<Probe[]>([{ type: 'agent_ping' }]);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [wasSent, setWasSent] = useState(false);
  const [serverError, setServerError] = useState<unknown>(null);
  const guest = fixedGuest ?? guests.find((g) => g.id === guestId) ?? null;
  const backups = useBackups({ guestId }, guestId !== '');
  const choices = useMemo(() => backups.data?.pages.flatMap((p) => p.items) ?? [], [backups.data]);
  const nodes = useMemo(
    () => [...new Set(guests.filter((g) => !guest || g.host_id === guest.host_id).map((g) => g.node))].sort(),
    [guests, guest],
  );
  const sortedGuests = useMemo(() => [...guests].sort((a, b) => a.name.localeCompare(b.name)), [guests]);

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setWasSent(true);
    setServerError(null);
    const e: Partial<Record<Field, string>> = targetProblems(node, storage);
    if (!guestId) e.guest = 'runTest.errors.guest';
    if (!areProbesValid(probes)) e.probes = 'runTest.errors.probes';
    setErrors(e);
    const first = (['guest', 'node', 'storage', 'probes'] as const).find((f) => e[f]);
    if (first) return document.getElementById(`${id}-${first}`)?.focus();
    const body: RestoreTestCreate = {
      guest_id: guestId,
      probes,
      ...(backup ? { backup } : {}),
      ...(node.trim() ? { target_node: node.trim() } : {}),
      ...(storage.trim() ? { target_storage: storage.trim() } : {}),
    };
    run.mutate(body, {
      onSuccess: (accepted) => {
        toast.success(t('runTest.started', { name: guest?.name ?? '' }));
        onClose();
        void navigate(`/restore-tests/${accepted.id}`);
      },
      onError: (error) => setServerError(error),
    });
  }

  const aria = (f: Field) => ({
    id: `${id}-${f}`,
    'aria-invalid': errors[f] ? true : undefined,
    'aria-describedby': errors[f] ? `${id}-${f}-error` : undefined,
    disabled: run.isPending,
  });
  const error = (f: Field) => (errors[f] ? t(errors[f]) : undefined);

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !run.isPending) onClose();
      }}
      title={fixedGuest ? t('runTest.titleFor', { name: fixedGuest.name }) : t('runTest.title')}
      description={t('runTest.description')}
      closeLabel={t('close')}
      size="xl"
    >
      <form onSubmit={handleSubmit} noValidate className="space-y-4" data-testid="run-test-form">
        {fixedGuest ? null : (
          <div>
            <Label htmlFor={`${id}-guest`}>{t('runTest.guest')}</Label>
            <Select
              {...aria('guest')}
              value={guestId}
              onChange={(e) => {
                setGuestId(e.target.value);
                setBackup('');
              }}
              data-testid="run-test-guest"
            >
              <option value="">{t('runTest.pickGuest')}</option>
              {sortedGuests.map((g) => (
                <option key={g.id} value={g.id}>
                  {g.name} ({g.vmid})
                </option>
              ))}
            </Select>
            <FieldError id={`${id}-guest-error`} message={error('guest')} />
          </div>
        )}
        <div>
          <Label htmlFor={`${id}-backup`}>{t('runTest.backup')}</Label>
          <Select
            id={`${id}-backup`}
            value={backup}
            onChange={(e) => setBackup(e.target.value)}
            disabled={run.isPending || !guestId}
            aria-busy={backups.isFetching || undefined}
            data-testid="run-test-backup"
          >
            <option value="">{t('runTest.latest')}</option>
            {choices.map((b) => (
              <option key={b.id} value={b.volid}>
                {formatDateTime(b.backup_time, language)} · {b.storage ?? b.datastore}
              </option>
            ))}
          </Select>
          {guestId && backups.isSuccess && choices.length === 0 ? (
            <p className="mt-1 text-xs text-amber-700 dark:text-amber-400" data-testid="run-test-no-backup">
              {t('runTest.noBackup')}
            </p>
          ) : null}
        </div>
        <div className="grid gap-3 sm:grid-cols-2">
          <div>
            <Label htmlFor={`${id}-node`}>{t('runTest.node')}</Label>
            <Input
              {...aria('node')}
              value={node}
              list={`${id}-nodes`}
              dir="ltr"
              spellCheck={false}
              placeholder={guest?.node ?? ''}
              onChange={(e) => setNode(e.target.value)}
              data-testid="run-test-node"
            />
            <datalist id={`${id}-nodes`}>
              {nodes.map((n) => (
                <option key={n} value={n} />
              ))}
            </datalist>
            <FieldError id={`${id}-node-error`} message={error('node')} />
          </div>
          <div>
            <Label htmlFor={`${id}-storage`}>{t('runTest.storage')}</Label>
            <Input
              {...aria('storage')}
              value={storage}
              dir="ltr"
              spellCheck={false}
              onChange={(e) => setStorage(e.target.value)}
              data-testid="run-test-storage"
            />
            <FieldError id={`${id}-storage-error`} message={error('storage')} />
          </div>
        </div>
        <fieldset aria-describedby={errors.probes ? `${id}-probes-error` : undefined}>
          <legend className="mb-1 text-sm font-semibold">{t('runTest.probes')}</legend>
          <p className="mb-2 text-xs text-slate-500 dark:text-slate-400">{t('runTest.probesHint')}</p>
          <ProbesEditor id={`${id}-probes`} value={probes} onChange={setProbes} showErrors={wasSent} disabled={run.isPending} />
          <FieldError id={`${id}-probes-error`} message={error('probes')} />
        </fieldset>
        <MutationProblem error={serverError} fallback={t('runTest.failed')} testId="run-test-error" />
        <div className="flex justify-end gap-2 border-t border-slate-200 pt-4 dark:border-slate-800">
          <Button variant="ghost" onClick={onClose} disabled={run.isPending}>
            {t('cancel')}
          </Button>
          <Button type="submit" isLoading={run.isPending} data-testid="run-test-submit">
            {t('runTest.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
