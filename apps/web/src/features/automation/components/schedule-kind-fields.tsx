import { SCHEDULE_KINDS, type BulkAction } from '@proxai/contract';
import { useTranslation } from 'react-i18next';
import { Checkbox } from '@/components/ui/checkbox';
import { FieldError, Input, Label, Select } from '@/components/ui/input';
import type { ScheduleField, ScheduleFormState } from '../schedule-form-state';
import { fieldAria, Section } from './form-parts';
import { BackupPolicyFields, RestoreTestPolicyFields } from './policy-kind-fields';

const ACTIONS: readonly BulkAction[] = ['start', 'stop', 'restart'];
const KEEPS = [
  ['keepLast', 'last'],
  ['keepHourly', 'hourly'],
  ['keepDaily', 'daily'],
  ['keepWeekly', 'weekly'],
] as const;

/**
 * What a schedule does: a snapshot policy (prefix, what to keep, RAM), a power action, a backup policy or restore
 * tests. The kind is fixed once created.
 */
export function KindFields({
  form,
  onChange,
  isEditing,
  id,
  messages,
  showErrors,
}: {
  form: ScheduleFormState;
  onChange: (patch: Partial<ScheduleFormState>) => void;
  isEditing: boolean;
  id: string;
  messages: Partial<Record<ScheduleField, string>>;
  /** The form was sent once: the probes editor shows each probe's problems. */
  showErrors: boolean;
}) {
  const { t } = useTranslation('automation');
  return (
    <Section title={t('form.kind')}>
      <div className="flex flex-wrap gap-4">
        {SCHEDULE_KINDS.map((kind) => (
          <label key={kind} className="inline-flex items-center gap-2 text-sm">
            <input
              type="radio"
              name={`${id}-kind`}
              checked={form.kind === kind}
              disabled={isEditing}
              onChange={() => onChange({ kind })}
              className="h-4 w-4 accent-brand-600"
              data-testid={`kind-${kind}`}
            />
            {t(`kinds.${kind}`)}
          </label>
        ))}
      </div>
      {isEditing ? <p className="text-xs text-slate-500 dark:text-slate-400">{t('form.kindFixed')}</p> : null}
      {form.kind === 'backup' ? (
        <BackupPolicyFields value={form.backup} onChange={(backup) => onChange({ backup })} id={id} messages={messages} />
      ) : form.kind === 'restore-test' ? (
        <RestoreTestPolicyFields
          value={form.restoreTest}
          onChange={(restoreTest) => onChange({ restoreTest })}
          id={id}
          messages={messages}
          showErrors={showErrors}
        />
      ) : form.kind === 'snapshot' ? (
        <div className="space-y-3">
          <div className="max-w-xs">
            <Label htmlFor={`${id}-prefix`}>{t('form.prefix')}</Label>
            <Input
              {...fieldAria(id, 'prefix', messages)}
              value={form.prefix}
              dir="ltr"
              onChange={(e) => onChange({ prefix: e.target.value })}
              data-testid="schedule-prefix"
            />
            <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">{t('form.prefixHint')}</p>
            <FieldError id={`${id}-prefix-error`} message={messages.prefix} />
          </div>
          <fieldset aria-describedby={messages.keep ? `${id}-keep-error` : `${id}-keep-hint`}>
            <legend className="mb-1 text-sm font-medium text-slate-700 dark:text-slate-300">{t('form.keep.title')}</legend>
            <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
              {KEEPS.map(([field, label], i) => (
                <div key={field}>
                  <Label htmlFor={i === 0 ? `${id}-keep` : `${id}-${field}`}>{t(`form.keep.${label}`)}</Label>
                  <Input
                    id={i === 0 ? `${id}-keep` : `${id}-${field}`}
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={1000}
                    value={form[field]}
                    aria-invalid={messages.keep ? true : undefined}
                    onChange={(e) => onChange({ [field]: e.target.value })}
                    data-testid={`keep-${label}`}
                  />
                </div>
              ))}
            </div>
            <p id={`${id}-keep-hint`} className="mt-1 text-xs text-slate-500 dark:text-slate-400">
              {t('form.keep.hint')}
            </p>
            <FieldError id={`${id}-keep-error`} message={messages.keep} />
          </fieldset>
          <label className="flex items-start gap-2 text-sm">
            <Checkbox
              className="mt-0.5"
              checked={form.vmstate}
              onChange={(e) => onChange({ vmstate: e.target.checked })}
              data-testid="schedule-vmstate"
            />
            <span>
              <span className="font-medium">{t('form.vmstate')}</span>
              <span className="block text-xs text-slate-500 dark:text-slate-400">{t('form.vmstateHint')}</span>
            </span>
          </label>
        </div>
      ) : (
        <div className="max-w-xs">
          <Label htmlFor={`${id}-action`}>{t('form.action')}</Label>
          <Select
            {...fieldAria(id, 'action', messages)}
            value={form.action}
            onChange={(e) => onChange({ action: e.target.value as BulkAction })}
            data-testid="schedule-action"
          >
            {ACTIONS.map((a) => (
              <option key={a} value={a}>
                {t(`actions.${a}`)}
              </option>
            ))}
          </Select>
          <FieldError id={`${id}-action-error`} message={messages.action} />
        </div>
      )}
    </Section>
  );
}
