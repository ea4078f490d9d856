import type { SnapshotCreate, Vm } from '@proxai/contract';
import { Camera } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { FieldError, Input, Label, Textarea } from '@/components/ui/input';
import type { ApiError } from '@/lib/api-client';
import { isSnapshotName } from '../snapshot-name';

/**
 * "Take a snapshot": a name Proxmox accepts (checked here first), a description, and the VM's RAM when it has
 * some in use. `serverError` is the server's refusal of the last one, shown by its field or under the form.
 */
export function CreateSnapshotForm({
  vm,
  isBusy,
  serverError,
  onCreate,
}: {
  vm: Vm;
  isBusy: boolean;
  serverError: ApiError | null;
  onCreate: (snapshot: Required<SnapshotCreate>, reset: () => void) => void;
}) {
  const { t } = useTranslation('dashboard');
  const id = useId();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [vmstate, setVmstate] = useState(false);
  const [nameError, setNameError] = useState<string>();
  const isContainer = vm.type === 'lxc';
  // RAM is saved only from a running VM: a container has none, a stopped VM none in use.
  const ramHint = isContainer ? 'snapshots.form.ramContainer' : vm.state !== 'running' ? 'snapshots.form.ramStopped' : null;
  const serverNameError = serverError?.errors?.find((e) => e.path.endsWith('name'))?.message;
  const formError = serverError && !serverNameError ? serverError.detail : null;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = name.trim();
    if (!isSnapshotName(trimmed)) {
      setNameError(t(trimmed ? 'snapshots.form.nameInvalid' : 'snapshots.form.nameRequired'));
      return;
    }
    setNameError(undefined);
    onCreate({ name: trimmed, description: description.trim(), vmstate: !ramHint && vmstate }, () => {
      setName('');
      setDescription('');
      setVmstate(false);
    });
  }

  const error = nameError ?? serverNameError;
  return (
    <form
      onSubmit={handleSubmit}
      noValidate
      className="space-y-3 rounded-lg border border-slate-200 p-4 dark:border-slate-800"
      aria-labelledby={`${id}-title`}
      data-testid="snapshot-form"
    >
      <h3 id={`${id}-title`} className="flex items-center gap-2 font-semibold">
        <Camera className="h-4 w-4" aria-hidden="true" />
        {t('snapshots.form.title')}
      </h3>
      <div>
        <Label htmlFor={`${id}-name`}>{t('snapshots.form.name')}</Label>
        <Input
          id={`${id}-name`}
          value={name}
          onChange={(e) => setName(e.target.value)}
          placeholder="before-upgrade"
          dir="ltr"
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-name-hint${error ? ` ${id}-name-error` : ''}`}
          data-testid="snapshot-name"
        />
        <p id={`${id}-name-hint`} className="mt-1 text-xs text-slate-500 dark:text-slate-400">
          {t('snapshots.form.nameHint')}
        </p>
        <FieldError id={`${id}-name-error`} message={error} />
      </div>
      <div>
        <Label htmlFor={`${id}-description`}>{t('snapshots.form.description')}</Label>
        <Textarea
          id={`${id}-description`}
          rows={2}
          maxLength={500}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          data-testid="snapshot-description"
        />
      </div>
      <div className="flex items-start gap-2">
        <Checkbox
          id={`${id}-ram`}
          className="mt-0.5"
          checked={!ramHint && vmstate}
          disabled={ramHint !== null}
          onChange={(e) => setVmstate(e.target.checked)}
          aria-describedby={ramHint ? `${id}-ram-hint` : undefined}
          data-testid="snapshot-ram"
        />
        <div>
          <label htmlFor={`${id}-ram`} className="text-sm font-medium">
            {t('snapshots.form.ram')}
          </label>
          <p id={`${id}-ram-hint`} className="text-xs text-slate-500 dark:text-slate-400">
            {t(ramHint ?? 'snapshots.form.ramHint')}
          </p>
        </div>
      </div>
      {formError ? (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400" data-testid="snapshot-form-error">
          {formError}
        </p>
      ) : null}
      <div className="flex justify-end">
        <Button type="submit" isLoading={isBusy} data-testid="snapshot-create">
          {t('snapshots.form.submit')}
        </Button>
      </div>
    </form>
  );
}
