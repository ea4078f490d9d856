import {
  BACKUP_COMPRESSIONS,
  BACKUP_MODES,
  type BackupCompression,
  type BackupMode,
  type BackupNow,
  type Vm,
} from '@proxai/contract';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FieldError, Input, Label, Select } from '@/components/ui/input';
import { toast } from '@/lib/toast';
import { useBackUpNow } from '../api/back-up-now';
import { isStorageId } from '../targets';
import { MutationProblem } from './query-problem';

/**
 * "Back up now": one vzdump of the guest, to the storage chosen (empty: the first backup storage of its node, a PBS
 * one first), in the mode and compression chosen, with optional notes. A task the task panel follows.
 */
export function BackUpNowDialog({
  guest,
  storages,
  onClose,
}: {
  guest: Vm;
  /** The backup storages of the guest's host, offered as suggestions. */
  storages: readonly string[];
  onClose: () => void;
}) {
  const { t } = useTranslation('backups');
  const id = useId();
  const backUp = useBackUpNow();
  const [storage, setStorage] = useState('');
  const [mode, setMode] = useState<BackupMode>('snapshot');
  const [compress, setCompress] = useState<BackupCompression>('zstd');
  const [notes, setNotes] = useState('{{guestname}}');
  const [storageError, setStorageError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<unknown>(null);

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setServerError(null);
    if (storage.trim() && !isStorageId(storage)) {
      setStorageError(t('backUpNow.errors.storage'));
      return document.getElementById(`${id}-storage`)?.focus();
    }
    setStorageError(null);
    const body: Partial<BackupNow> = {
      mode,
      compress,
      ...(storage.trim() ? { storage: storage.trim() } : {}),
      ...(notes.trim() ? { notes: notes.trim() } : {}),
    };
    backUp.mutate(
      { guestId: guest.id, body },
      {
        onSuccess: () => {
          toast.success(t('backUpNow.started', { name: guest.name }));
          onClose();
        },
        onError: (error) => setServerError(error),
      },
    );
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !backUp.isPending) onClose();
      }}
      title={t('backUpNow.title', { name: guest.name })}
      description={t('backUpNow.description')}
      closeLabel={t('close')}
    >
      <form onSubmit={handleSubmit} noValidate className="space-y-3" data-testid="back-up-now-form">
        <div>
          <Label htmlFor={`${id}-storage`}>{t('backUpNow.storage')}</Label>
          <Input
            id={`${id}-storage`}
            value={storage}
            list={`${id}-storages`}
            dir="ltr"
            spellCheck={false}
            placeholder={storages[0] ?? ''}
            onChange={(e) => setStorage(e.target.value)}
            aria-invalid={storageError ? true : undefined}
            aria-describedby={storageError ? `${id}-storage-error` : `${id}-storage-hint`}
            disabled={backUp.isPending}
            data-testid="back-up-now-storage"
          />
          <datalist id={`${id}-storages`}>
            {storages.map((s) => (
              <option key={s} value={s} />
            ))}
          </datalist>
          <p id={`${id}-storage-hint`} className="mt-1 text-xs text-slate-500 dark:text-slate-400">
            {t('backUpNow.storageHint')}
          </p>
          <FieldError id={`${id}-storage-error`} message={storageError ?? undefined} />
        </div>
        <div className="grid grid-cols-2 gap-3">
          <div>
            <Label htmlFor={`${id}-mode`}>{t('backUpNow.mode')}</Label>
            <Select
              id={`${id}-mode`}
              value={mode}
              onChange={(e) => setMode(e.target.value as BackupMode)}
              disabled={backUp.isPending}
              data-testid="back-up-now-mode"
            >
              {BACKUP_MODES.map((m) => (
                <option key={m} value={m}>
                  {t(`backUpNow.modes.${m}`)}
                </option>
              ))}
            </Select>
          </div>
          <div>
            <Label htmlFor={`${id}-compress`}>{t('backUpNow.compress')}</Label>
            <Select
              id={`${id}-compress`}
              value={compress}
              onChange={(e) => setCompress(e.target.value as BackupCompression)}
              disabled={backUp.isPending}
              data-testid="back-up-now-compress"
            >
              {BACKUP_COMPRESSIONS.map((c) => (
                <option key={c} value={c}>
                  {c === 'none' ? t('backUpNow.noCompression') : c}
                </option>
              ))}
            </Select>
          </div>
        </div>
        <div>
          <Label htmlFor={`${id}-notes`}>{t('backUpNow.notes')}</Label>
          <Input
            id={`${id}-notes`}
            value={notes}
            maxLength={1024}
            dir="ltr"
            onChange={(e) => setNotes(e.target.value)}
            disabled={backUp.isPending}
            data-testid="back-up-now-notes"
          />
        </div>
        <MutationProblem error={serverError} fallback={t('backUpNow.failed')} testId="back-up-now-error" />
        <div className="flex justify-end gap-2 pt-2">
          <Button variant="ghost" onClick={onClose} disabled={backUp.isPending}>
            {t('cancel')}
          </Button>
          <Button type="submit" isLoading={backUp.isPending} data-testid="back-up-now-submit">
            {t('backUpNow.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
