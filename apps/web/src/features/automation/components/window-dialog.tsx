import type { MaintenanceWindow, Weekday, WindowInput } from '@proxai/contract';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog } from '@/components/ui/dialog';
import { FieldError, Input, Label } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useSaveWindow } from '../api/windows';
import { isTimeZone } from '../time-zones';
import { TimeZoneSelect } from './time-zone-select';

/** The contract's WEEKDAYS (not imported: its runtime would load zod). */
export const WEEKDAYS: readonly Weekday[] = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
/** The contract's MAX_WINDOW_MINUTES: a whole week. */
const MAX_MINUTES = 7 * 24 * 60;

interface WindowForm {
  name: string;
  days: Weekday[];
  start: string;
  hours: string;
  minutes: string;
  timezone: string;
}

type Field = 'name' | 'days' | 'start' | 'duration' | 'timezone';

/** Our checks of a window (the contract's WindowInputSchema), as message keys. */
export function validateWindowForm(f: WindowForm): Partial<Record<Field, string>> {
  const e: Partial<Record<Field, string>> = {};
  const name = f.name.trim();
  if (!name || name.length > 80) e.name = 'windows.errors.name';
  if (f.days.length === 0) e.days = 'windows.errors.days';
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(f.start)) e.start = 'windows.errors.start';
  const minutes = windowMinutes(f);
  if (minutes === null || minutes < 5 || minutes > MAX_MINUTES) e.duration = 'windows.errors.duration';
  if (!isTimeZone(f.timezone)) e.timezone = 'windows.errors.timezone';
  return e;
}

function windowMinutes(f: Pick<WindowForm, 'hours' | 'minutes'>): number | null {
  const h = /^\d{1,3}$/.test(f.hours.trim() || '0') ? Number(f.hours || 0) : NaN;
  const m = /^\d{1,2}$/.test(f.minutes.trim() || '0') ? Number(f.minutes || 0) : NaN;
  return Number.isFinite(h) && Number.isFinite(m) && m < 60 ? h * 60 + m : null;
}

/** The request of a valid form. */
export function windowInput(f: WindowForm): WindowInput {
  return {
    name: f.name.trim(),
    // In the week's order, whatever order they were ticked in.
    days: WEEKDAYS.filter((d) => f.days.includes(d)),
    start: f.start,
    duration_minutes: windowMinutes(f) ?? 0,
    timezone: f.timezone,
  };
}

function formOf(current: MaintenanceWindow | null, timezone: string): WindowForm {
  if (!current) return { name: '', days: ['sat', 'sun'], start: '22:00', hours: '4', minutes: '0', timezone };
  return {
    name: current.name,
    days: [...current.days],
    start: current.start,
    hours: String(Math.floor(current.duration_minutes / 60)),
    minutes: String(current.duration_minutes % 60),
    timezone: current.timezone,
  };
}

/** Creating or changing a maintenance window: the days, the start time, how long, in which zone. */
export function WindowDialog({
  current,
  myTimeZone,
  onClose,
}: {
  current: MaintenanceWindow | null;
  myTimeZone: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('automation');
  const id = useId();
  const save = useSaveWindow();
  const [form, setForm] = useState(() => formOf(current, myTimeZone));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const change = (patch: Partial<WindowForm>) => setForm((f) => ({ ...f, ...patch }));

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validateWindowForm(form);
    setErrors(Object.fromEntries(Object.entries(found).map(([k, v]) => [k, t(v)])));
    setFormError(null);
    if (Object.keys(found).length > 0) return;
    save.mutate(
      { id: current?.id ?? null, input: windowInput(form) },
      {
        onSuccess: (saved) => {
          toast.success(t(current ? 'windows.updated' : 'windows.created', { name: saved.name }));
          onClose();
        },
        onError: (error) => {
          const fields: Partial<Record<Field, string>> = {};
          for (const e of error instanceof ApiError ? (error.errors ?? []) : []) {
            const key = e.path.replace(/^body\.?/, '').split('.')[0];
            const field = key === 'duration_minutes' ? 'duration' : key;
            if (field === 'name' || field === 'days' || field === 'start' || field === 'duration' || field === 'timezone') {
              fields[field] = e.message;
            }
          }
          setErrors(fields);
          setFormError(error instanceof ApiError ? error.detail : t('form.saveFailed'));
        },
      },
    );
  }

  const described = (field: Field) => ({
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? `${id}-${field}-error` : undefined,
  });

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !save.isPending) onClose();
      }}
      title={t(current ? 'windows.editTitle' : 'windows.createTitle')}
      description={t('windows.description')}
      closeLabel={t('close')}
    >
      <form onSubmit={handleSubmit} noValidate className="space-y-4" data-testid="window-form">
        {formError ? (
          <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-700 dark:bg-red-950/50 dark:text-red-300">
            {formError}
          </p>
        ) : null}
        <div>
          <Label htmlFor={`${id}-name`}>{t('windows.name')}</Label>
          <Input
            id={`${id}-name`}
            value={form.name}
            maxLength={80}
            onChange={(e) => change({ name: e.target.value })}
            {...described('name')}
            data-testid="window-name"
          />
          <FieldError id={`${id}-name-error`} message={errors.name} />
        </div>
        <fieldset {...described('days')}>
          <legend className="mb-1 text-sm font-medium text-slate-700 dark:text-slate-300">{t('windows.days')}</legend>
          <div className="flex flex-wrap gap-3">
            {WEEKDAYS.map((day) => (
              <label key={day} className="inline-flex items-center gap-1.5 text-sm">
                <Checkbox
                  checked={form.days.includes(day)}
                  onChange={(e) => change({ days: e.target.checked ? [...form.days, day] : form.days.filter((d) => d !== day) })}
                  data-testid={`window-day-${day}`}
                />
                {t(`weekdays.${day}`)}
              </label>
            ))}
          </div>
          <FieldError id={`${id}-days-error`} message={errors.days} />
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-3">
          <div>
            <Label htmlFor={`${id}-start`}>{t('windows.start')}</Label>
            <Input
              id={`${id}-start`}
              type="time"
              value={form.start}
              onChange={(e) => change({ start: e.target.value })}
              {...described('start')}
              data-testid="window-start"
            />
            <FieldError id={`${id}-start-error`} message={errors.start} />
          </div>
          <fieldset className="sm:col-span-2" {...described('duration')}>
            <legend className="mb-1 text-sm font-medium text-slate-700 dark:text-slate-300">{t('windows.duration')}</legend>
            <div className="flex items-center gap-2">
              <Input
                type="number"
                min={0}
                max={168}
                value={form.hours}
                onChange={(e) => change({ hours: e.target.value })}
                aria-label={t('windows.hours')}
                className="w-24"
                data-testid="window-hours"
              />
              <span className="text-sm">{t('windows.hoursShort')}</span>
              <Input
                type="number"
                min={0}
                max={59}
                value={form.minutes}
                onChange={(e) => change({ minutes: e.target.value })}
                aria-label={t('windows.minutes')}
                className="w-24"
                data-testid="window-minutes"
              />
              <span className="text-sm">{t('windows.minutesShort')}</span>
            </div>
            <FieldError id={`${id}-duration-error`} message={errors.duration} />
          </fieldset>
        </div>
        <div>
          <Label htmlFor={`${id}-timezone`}>{t('windows.timezone')}</Label>
          <TimeZoneSelect
            id={`${id}-timezone`}
            value={form.timezone}
            onChange={(e) => change({ timezone: e.target.value })}
            {...described('timezone')}
            data-testid="window-timezone"
          />
          <FieldError id={`${id}-timezone-error`} message={errors.timezone} />
        </div>
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={onClose} disabled={save.isPending}>
            {t('cancel')}
          </Button>
          <Button type="submit" isLoading={save.isPending} data-testid="window-save">
            {t(current ? 'form.save' : 'windows.create')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
