import { BACKUP_COMPRESSIONS, BACKUP_MODES, type BackupCompression, type BackupMode, type Probe } from '@proxai/contract';
import { Suspense, use, type InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldError, Input, Label, Select } from '@/components/ui/input';
import { BACKUP_KEEPS, type BackupDraft, type RestoreTestDraft } from '../policy-form-state';
import type { ScheduleField } from '../schedule-form-state';
import { fieldAria, Toggle } from './form-parts';
import { ProbesEditorContext } from './probes-editor-slot';

type Messages = Partial<Record<ScheduleField, string>>;

/** vzdump's notes-template variables, written as Proxmox reads them (not translated, not interpolated). */
const NOTES_VARIABLES = ['guestname', 'vmid', 'node', 'cluster'].map((v) => `{{${v}}}`).join(' ');

function Field({
  id,
  field,
  label,
  hint,
  messages,
  ...props
}: {
  id: string;
  field: ScheduleField;
  label: string;
  hint?: string;
  messages: Messages;
} & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div>
      <Label htmlFor={`${id}-${field}`}>{label}</Label>
      <Input {...fieldAria(id, field, messages)} {...props} />
      {hint ? <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">{hint}</p> : null}
      <FieldError id={`${id}-${field}-error`} message={messages[field]} />
    </div>
  );
}

/** A backup policy: target storage, mode, compression, retention (prune-backups), notes, bandwidth, protection. */
export function BackupPolicyFields({
  value,
  onChange,
  id,
  messages,
}: {
  value: BackupDraft;
  onChange: (next: BackupDraft) => void;
  id: string;
  messages: Messages;
}) {
  const { t } = useTranslation('automation');
  const set = (patch: Partial<BackupDraft>) => onChange({ ...value, ...patch });
  return (
    <div className="space-y-3" data-testid="backup-fields">
      <div className="grid gap-3 sm:grid-cols-3">
        <Field
          id={id}
          field="storage"
          label={t('form.backup.storage')}
          hint={t('form.backup.storageHint')}
          messages={messages}
          value={value.storage}
          dir="ltr"
          spellCheck={false}
          placeholder="local"
          onChange={(e) => set({ storage: e.target.value })}
          data-testid="backup-storage"
        />
        <div>
          <Label htmlFor={`${id}-mode`}>{t('form.backup.mode')}</Label>
          <Select
            id={`${id}-mode`}
            value={value.mode}
            onChange={(e) => set({ mode: e.target.value as BackupMode })}
            data-testid="backup-mode"
          >
            {BACKUP_MODES.map((m) => (
              <option key={m} value={m}>
                {t(`form.backup.modes.${m}`)}
              </option>
            ))}
          </Select>
        </div>
        <div>
          <Label htmlFor={`${id}-compress`}>{t('form.backup.compress')}</Label>
          <Select
            id={`${id}-compress`}
            value={value.compress}
            onChange={(e) => set({ compress: e.target.value as BackupCompression })}
            data-testid="backup-compress"
          >
            {BACKUP_COMPRESSIONS.map((c) => (
              <option key={c} value={c}>
                {c === 'none' ? t('form.backup.noCompression') : c}
              </option>
            ))}
          </Select>
        </div>
      </div>
      <fieldset aria-describedby={messages.keep ? `${id}-keep-error` : `${id}-backup-keep-hint`}>
        <legend className="mb-1 text-sm font-medium text-slate-700 dark:text-slate-300">{t('form.backup.keep')}</legend>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {BACKUP_KEEPS.map((field, i) => (
            <div key={field}>
              <Label htmlFor={i === 0 ? `${id}-keep` : `${id}-${field}`}>{t(`form.backup.${field}`)}</Label>
              <Input
                id={i === 0 ? `${id}-keep` : `${id}-${field}`}
                type="number"
                inputMode="numeric"
                min={0}
                max={1000}
                value={value[field]}
                aria-invalid={messages.keep ? true : undefined}
                onChange={(e) => set({ [field]: e.target.value })}
                data-testid={`backup-${field}`}
              />
            </div>
          ))}
        </div>
        <p id={`${id}-backup-keep-hint`} className="mt-1 text-xs text-slate-500 dark:text-slate-400">
          {t('form.backup.keepHint')}
        </p>
        <FieldError id={`${id}-keep-error`} message={messages.keep} />
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field
          id={id}
          field="notes"
          label={t('form.backup.notes')}
          hint={`${t('form.backup.notesHint')} ${NOTES_VARIABLES}`}
          messages={messages}
          value={value.notesTemplate}
          dir="ltr"
          maxLength={1024}
          onChange={(e) => set({ notesTemplate: e.target.value })}
          data-testid="backup-notes"
        />
        <Field
          id={id}
          field="bwlimit"
          label={t('form.backup.bwlimit')}
          hint={t('form.backup.bwlimitHint')}
          messages={messages}
          type="number"
          inputMode="numeric"
          min={1}
          value={value.bwlimit}
          onChange={(e) => set({ bwlimit: e.target.value })}
          data-testid="backup-bwlimit"
        />
      </div>
      <Toggle
        checked={value.isProtected}
        onChange={(isProtected) => set({ isProtected })}
        label={t('form.backup.protected')}
        hint={t('form.backup.protectedHint')}
        testId="backup-protected"
      />
    </div>
  );
}

function ProbeList({ probes }: { probes: readonly Probe[] }) {
  const { t } = useTranslation('automation');
  return (
    <ul className="list-inside list-disc text-sm" data-testid="probes-readonly">
      {probes.map((p, i) => (
        <li key={i}>{t(`form.restoreTest.probeTypes.${p.type}`)}</li>
      ))}
    </ul>
  );
}

/** A restore-test policy: the probes run inside each restored guest, where to restore, how many guests per run. */
export function RestoreTestPolicyFields({
  value,
  onChange,
  id,
  messages,
  showErrors,
}: {
  value: RestoreTestDraft;
  onChange: (next: RestoreTestDraft) => void;
  id: string;
  messages: Messages;
  showErrors: boolean;
}) {
  const { t } = useTranslation('automation');
  const slot = use(ProbesEditorContext);
  const set = (patch: Partial<RestoreTestDraft>) => onChange({ ...value, ...patch });
  return (
    <div className="space-y-3" data-testid="restore-test-fields">
      <p className="text-xs text-slate-500 dark:text-slate-400">{t('form.restoreTest.intro')}</p>
      <fieldset aria-describedby={messages.probes ? `${id}-probes-error` : undefined}>
        <legend className="mb-1 text-sm font-medium text-slate-700 dark:text-slate-300">{t('form.restoreTest.probes')}</legend>
        {slot ? (
          <Suspense fallback={<ProbeList probes={value.probes} />}>
            <slot.Editor
              id={`${id}-probes`}
              value={value.probes}
              onChange={(probes) => set({ probes })}
              showErrors={showErrors}
            />
          </Suspense>
        ) : (
          <ProbeList probes={value.probes} />
        )}
        <FieldError id={`${id}-probes-error`} message={messages.probes} />
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-3">
        <Field
          id={id}
          field="targetNode"
          label={t('form.restoreTest.targetNode')}
          hint={t('form.restoreTest.targetNodeHint')}
          messages={messages}
          value={value.targetNode}
          dir="ltr"
          spellCheck={false}
          onChange={(e) => set({ targetNode: e.target.value })}
          data-testid="restore-test-node"
        />
        <Field
          id={id}
          field="targetStorage"
          label={t('form.restoreTest.targetStorage')}
          hint={t('form.restoreTest.targetStorageHint')}
          messages={messages}
          value={value.targetStorage}
          dir="ltr"
          spellCheck={false}
          onChange={(e) => set({ targetStorage: e.target.value })}
          data-testid="restore-test-storage"
        />
        <Field
          id={id}
          field="maxGuests"
          label={t('form.restoreTest.maxGuests')}
          hint={t('form.restoreTest.maxGuestsHint')}
          messages={messages}
          type="number"
          inputMode="numeric"
          min={1}
          max={50}
          value={value.maxGuests}
          onChange={(e) => set({ maxGuests: e.target.value })}
          data-testid="restore-test-max-guests"
        />
      </div>
      <fieldset aria-describedby={messages.timeouts ? `${id}-timeouts-error` : `${id}-timeouts-hint`}>
        <legend className="mb-1 text-sm font-medium text-slate-700 dark:text-slate-300">{t('form.restoreTest.timeouts')}</legend>
        <div className="grid gap-3 sm:grid-cols-3">
          <div>
            <Label htmlFor={`${id}-timeouts`}>{t('form.restoreTest.bootTimeout')}</Label>
            <Input
              id={`${id}-timeouts`}
              type="number"
              inputMode="numeric"
              min={5}
              max={3600}
              value={value.bootTimeout}
              aria-invalid={messages.timeouts ? true : undefined}
              onChange={(e) => set({ bootTimeout: e.target.value })}
              data-testid="restore-test-boot-timeout"
            />
          </div>
          <div>
            <Label htmlFor={`${id}-healthyTimeout`}>{t('form.restoreTest.healthyTimeout')}</Label>
            <Input
              id={`${id}-healthyTimeout`}
              type="number"
              inputMode="numeric"
              min={0}
              max={3600}
              value={value.healthyTimeout}
              aria-invalid={messages.timeouts ? true : undefined}
              onChange={(e) => set({ healthyTimeout: e.target.value })}
              data-testid="restore-test-healthy-timeout"
            />
          </div>
        </div>
        <p id={`${id}-timeouts-hint`} className="mt-1 text-xs text-slate-500 dark:text-slate-400">
          {t('form.restoreTest.timeoutsHint')}
        </p>
        <FieldError id={`${id}-timeouts-error`} message={messages.timeouts} />
      </fieldset>
    </div>
  );
}
