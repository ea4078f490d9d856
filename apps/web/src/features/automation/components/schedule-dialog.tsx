import type { MaintenanceWindow, Schedule } from '@proxai/contract';
import { use, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FieldError, Input, Label, Select } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useSaveSchedule } from '../api/schedules';
import { useAutomationText } from '../automation-text';
import {
  emptyScheduleForm,
  fieldOfServerError,
  scheduleInput,
  schedulePatch,
  scheduleToForm,
  validateScheduleForm,
  type ScheduleField,
  type ScheduleFormState,
} from '../schedule-form-state';
import { CronHelper } from './cron-helper';
import { fieldAria, Section, Toggle } from './form-parts';
import { ProbesEditorContext } from './probes-editor-slot';
import { KindFields } from './schedule-kind-fields';
import { SelectorFields } from './selector-fields';
import { TimeZoneSelect } from './time-zone-select';

/** The order errors are met in the form, to focus the first. */
const FIELD_ORDER: readonly ScheduleField[] = [
  'name',
  'prefix',
  'keep',
  'action',
  'storage',
  'notes',
  'bwlimit',
  'probes',
  'targetNode',
  'targetStorage',
  'maxGuests',
  'timeouts',
  'target',
  'hosts',
  'guests',
  'vmids',
  'tags',
  'pools',
  'cron',
  'timezone',
  'window',
];

export interface ScheduleDialogProps {
  /** The schedule to change, or null to create one. */
  schedule: Schedule | null;
  windows: readonly MaintenanceWindow[];
  /** The person's zone: a new schedule's default, and the zone its next runs are shown in. */
  myTimeZone: string;
  onClose: () => void;
}

/** Creating or changing a schedule: what it does, on which guests, when, in which window. */
export function ScheduleDialog({ schedule, windows, myTimeZone, onClose }: ScheduleDialogProps) {
  const { t } = useTranslation('automation');
  const text = useAutomationText();
  const id = useId();
  const save = useSaveSchedule();
  const [form, setForm] = useState<ScheduleFormState>(() =>
    schedule ? scheduleToForm(schedule, myTimeZone) : emptyScheduleForm(myTimeZone),
  );
  /** Message keys of our checks, or the server's own words (`server: true`). */
  const [errors, setErrors] = useState<Partial<Record<ScheduleField, { text: string; server?: boolean }>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [wasSent, setWasSent] = useState(false);
  const [isPlanRequired, setIsPlanRequired] = useState(false);
  const probesSlot = use(ProbesEditorContext);
  const change = (patch: Partial<ScheduleFormState>) => setForm((f) => ({ ...f, ...patch }));
  const message = (field: ScheduleField) => {
    const e = errors[field];
    return e ? (e.server ? e.text : t(e.text)) : undefined;
  };

  function focusFirst(fields: Iterable<ScheduleField>) {
    const set = new Set(fields);
    const first = FIELD_ORDER.find((f) => set.has(f));
    if (first) requestAnimationFrame(() => document.getElementById(`${id}-${first}`)?.focus());
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setWasSent(true);
    const found = validateScheduleForm(form);
    if (form.kind === 'restore-test' && probesSlot && !probesSlot.isValid(form.restoreTest.probes)) {
      found.probes = 'form.errors.probes';
    }
    setErrors(Object.fromEntries(Object.entries(found).map(([k, v]) => [k, { text: v }])));
    setFormError(null);
    setIsPlanRequired(false);
    if (Object.keys(found).length > 0) return focusFirst(Object.keys(found) as ScheduleField[]);
    save.mutate(schedule ? { id: schedule.id, patch: schedulePatch(form) } : { id: null, input: scheduleInput(form) }, {
      onSuccess: (saved) => {
        toast.success(t(schedule ? 'form.updated' : 'form.created', { name: saved.name }));
        onClose();
      },
      onError: (error) => {
        // A refusal the form cannot place by a field: at the top of the form, brought into view.
        const showAtTop = (text: string) => {
          setFormError(text);
          requestAnimationFrame(() => document.getElementById(`${id}-form-error`)?.focus());
        };
        if (!(error instanceof ApiError)) return showAtTop(t('form.saveFailed'));
        // Backup policies with retention and restore tests are in the Pro plan (the trial includes them).
        if (error.status === 403 && error.code === 'plan_required') {
          setIsPlanRequired(true);
          return showAtTop(t('form.planRequired'));
        }
        const byField: typeof errors = {};
        const unplaced: string[] = [];
        for (const e of error.errors ?? []) {
          const field = fieldOfServerError(e);
          if (field) byField[field] = { text: e.message, server: true };
          else unplaced.push(e.message);
        }
        setErrors(byField);
        const hasFields = Object.keys(byField).length > 0;
        if (hasFields && unplaced.length === 0) focusFirst(Object.keys(byField) as ScheduleField[]);
        else showAtTop([error.detail, ...unplaced].join(' '));
      },
    });
  }

  const messages: Partial<Record<ScheduleField, string>> = Object.fromEntries(FIELD_ORDER.map((f) => [f, message(f)]));
  const fieldProps = (field: ScheduleField) => fieldAria(id, field, messages);

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !save.isPending) onClose();
      }}
      title={t(schedule ? 'form.editTitle' : 'form.createTitle')}
      description={t('form.description')}
      closeLabel={t('close')}
      size="xl"
    >
      <form onSubmit={handleSubmit} noValidate className="space-y-6" data-testid="schedule-form">
        {formError ? (
          <p
            id={`${id}-form-error`}
            role="alert"
            tabIndex={-1}
            className="rounded-lg bg-red-50 p-3 text-sm text-red-700 dark:bg-red-950/50 dark:text-red-300"
            data-testid="schedule-form-error"
          >
            {formError}
            {isPlanRequired ? (
              <>
                {' '}
                <Link to="/pricing" className="font-medium underline hover:no-underline" data-testid="schedule-plan-link">
                  {t('form.seePlans')}
                </Link>
              </>
            ) : null}
          </p>
        ) : null}
        <div>
          <Label htmlFor={`${id}-name`}>{t('form.name')}</Label>
          <Input
            {...fieldProps('name')}
            value={form.name}
            maxLength={80}
            onChange={(e) => change({ name: e.target.value })}
            data-testid="schedule-name"
          />
          <FieldError id={`${id}-name-error`} message={message('name')} />
        </div>

        <KindFields
          form={form}
          onChange={change}
          isEditing={schedule !== null}
          id={id}
          messages={messages}
          showErrors={wasSent}
        />

        <SelectorFields form={form} onChange={change} id={id} messages={messages} />

        <Section title={t('form.when')}>
          <CronHelper
            id={`${id}-cron`}
            value={form.cron}
            onChange={(cron) => change({ cron })}
            scheduleTimeZone={form.timezone}
            myTimeZone={myTimeZone}
            error={message('cron')}
          />
          <div className="max-w-sm">
            <Label htmlFor={`${id}-timezone`}>{t('form.timezone')}</Label>
            <TimeZoneSelect
              {...fieldProps('timezone')}
              value={form.timezone}
              onChange={(e) => change({ timezone: e.target.value })}
              data-testid="schedule-timezone"
            />
            <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">{t('form.timezoneHint')}</p>
            <FieldError id={`${id}-timezone-error`} message={message('timezone')} />
          </div>
          <div className="max-w-sm">
            <Label htmlFor={`${id}-window`}>{t('form.window')}</Label>
            <Select
              {...fieldProps('window')}
              value={form.windowId}
              onChange={(e) => change({ windowId: e.target.value })}
              data-testid="schedule-window"
            >
              <option value="">{t('form.noWindow')}</option>
              {windows.map((w) => (
                <option key={w.id} value={w.id}>
                  {w.name} ({w.days.map((d) => t(`weekdays.${d}`)).join(', ')} · {text.clock(w.start)} ·{' '}
                  {text.duration(w.duration_minutes)})
                </option>
              ))}
            </Select>
            <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">{t('form.windowHint')}</p>
            <FieldError id={`${id}-window-error`} message={message('window')} />
          </div>
        </Section>

        <Section title={t('form.options')}>
          <Toggle
            checked={form.enabled}
            onChange={(enabled) => change({ enabled })}
            label={t('form.enabled')}
            testId="schedule-enabled"
          />
          <Toggle
            checked={form.catchUp}
            onChange={(catchUp) => change({ catchUp })}
            label={t('form.catchUp')}
            hint={t('form.catchUpHint')}
            testId="schedule-catch-up"
          />
        </Section>

        <div className="flex justify-end gap-2 border-t border-slate-200 pt-4 dark:border-slate-800">
          <Button variant="ghost" onClick={onClose} disabled={save.isPending}>
            {t('cancel')}
          </Button>
          <Button type="submit" isLoading={save.isPending} data-testid="schedule-save">
            {t(schedule ? 'form.save' : 'form.create')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
