import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Checkbox } from '@/components/ui/checkbox';
import { cn } from '@/components/ui/cn';
import { FieldError, Input, Label } from '@/components/ui/input';
import { useAutomationText } from '../automation-text';
import { CRON_WEEKDAYS, cronToPreset, nextRuns, presetToCron, type CronPreset, type CronPresetKind } from '../cron';
import { MyTimeZoneField } from './time-zone-select';

const KINDS: readonly CronPresetKind[] = ['hourly', 'daily', 'weekly', 'custom'];

/** Each preset's fields, kept while another is shown, so switching back and forth loses nothing. */
interface Drafts {
  minute: string;
  time: string;
  days: number[];
  custom: string;
}

function draftsOf(cron: string): { kind: CronPresetKind; drafts: Drafts } {
  const preset = cronToPreset(cron);
  const drafts: Drafts = { minute: '0', time: '02:00', days: [1, 2, 3, 4, 5], custom: cron };
  if (preset.kind === 'hourly') drafts.minute = String(preset.minute);
  if (preset.kind === 'daily' || preset.kind === 'weekly') drafts.time = preset.time;
  if (preset.kind === 'weekly') drafts.days = preset.days;
  return { kind: preset.kind, drafts };
}

function presetOf(kind: CronPresetKind, d: Drafts): CronPreset {
  switch (kind) {
    case 'hourly':
      return { kind, minute: /^\d{1,2}$/.test(d.minute) ? Number(d.minute) : -1 };
    case 'daily':
      return { kind, time: d.time };
    case 'weekly':
      return { kind, days: d.days, time: d.time };
    case 'custom':
      return { kind, cron: d.custom };
  }
}

export interface CronHelperProps {
  /** The five-field cron. */
  value: string;
  onChange: (cron: string) => void;
  /** The schedule's own zone: the cron is read in it. */
  scheduleTimeZone: string;
  /** The person's zone: the next runs are shown in it. */
  myTimeZone: string;
  error?: string;
  /** Id of the first control, for the form's label and error focus. */
  id: string;
}

/**
 * When a schedule runs: a preset (every hour, every day at HH:MM, every week on days at HH:MM) or five cron fields,
 * with the next five runs in the person's own zone (computed here as the server will).
 */
export function CronHelper({ value, onChange, scheduleTimeZone, myTimeZone, error, id }: CronHelperProps) {
  const { t } = useTranslation('automation');
  const text = useAutomationText();
  const uid = useId();
  const [{ kind, drafts }, setState] = useState(() => draftsOf(value));
  const runs = useMemo(() => nextRuns(value, scheduleTimeZone, 5), [value, scheduleTimeZone]);
  const zonesDiffer = scheduleTimeZone !== myTimeZone;

  function update(nextKind: CronPresetKind, nextDrafts: Drafts) {
    setState({ kind: nextKind, drafts: nextDrafts });
    onChange(presetToCron(presetOf(nextKind, nextDrafts)) ?? '');
  }
  const set = <K extends keyof Drafts>(key: K, v: Drafts[K]) => update(kind, { ...drafts, [key]: v });

  return (
    <div className="space-y-3" data-testid="cron-helper">
      <div
        role="radiogroup"
        aria-label={t('cron.preset')}
        className="flex flex-wrap gap-1 rounded-lg bg-slate-100 p-1 dark:bg-slate-800"
      >
        {KINDS.map((k, i) => (
          <label
            key={k}
            className={cn(
              'flex-1 cursor-pointer rounded-md px-3 py-1 text-center text-sm font-medium has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600',
              kind === k
                ? 'bg-white text-slate-900 shadow-sm dark:bg-slate-950 dark:text-white'
                : 'text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white',
            )}
          >
            <input
              type="radio"
              id={i === 0 ? id : undefined}
              name={`${uid}-preset`}
              value={k}
              checked={kind === k}
              // Custom starts from the cron the other preset wrote.
              onChange={() => update(k, k === 'custom' ? { ...drafts, custom: value } : drafts)}
              className="sr-only"
              data-testid={`cron-preset-${k}`}
            />
            {t(`cron.presets.${k}`)}
          </label>
        ))}
      </div>

      {kind === 'hourly' ? (
        <div className="max-w-[10rem]">
          <Label htmlFor={`${uid}-minute`}>{t('cron.minute')}</Label>
          <Input
            id={`${uid}-minute`}
            type="number"
            inputMode="numeric"
            min={0}
            max={59}
            value={drafts.minute}
            onChange={(e) => set('minute', e.target.value)}
            data-testid="cron-minute"
          />
        </div>
      ) : null}

      {kind === 'weekly' ? (
        <fieldset>
          <legend className="mb-1 text-sm font-medium text-slate-700 dark:text-slate-300">{t('cron.days')}</legend>
          <div className="flex flex-wrap gap-3">
            {CRON_WEEKDAYS.map((day) => (
              <label key={day} className="inline-flex items-center gap-1.5 text-sm">
                <Checkbox
                  checked={drafts.days.includes(day)}
                  onChange={(e) => set('days', e.target.checked ? [...drafts.days, day] : drafts.days.filter((d) => d !== day))}
                  data-testid={`cron-day-${day}`}
                />
                {text.weekday(day)}
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}

      {kind === 'daily' || kind === 'weekly' ? (
        <div className="max-w-[10rem]">
          <Label htmlFor={`${uid}-time`}>{t('cron.time')}</Label>
          <Input
            id={`${uid}-time`}
            type="time"
            required
            value={drafts.time}
            onChange={(e) => set('time', e.target.value)}
            data-testid="cron-time"
          />
        </div>
      ) : null}

      {kind === 'custom' ? (
        <div>
          <Label htmlFor={`${uid}-custom`}>{t('cron.custom')}</Label>
          <Input
            id={`${uid}-custom`}
            value={drafts.custom}
            onChange={(e) => set('custom', e.target.value)}
            dir="ltr"
            className="font-mono"
            spellCheck={false}
            autoComplete="off"
            aria-describedby={`${uid}-custom-hint`}
            aria-invalid={error ? true : undefined}
            data-testid="cron-custom"
          />
          <p id={`${uid}-custom-hint`} className="mt-1 text-xs text-slate-500 dark:text-slate-400">
            {t('cron.customHint')}
          </p>
        </div>
      ) : (
        <p className="text-xs text-slate-500 dark:text-slate-400">
          {t('cron.written')}{' '}
          <code dir="ltr" className="rounded bg-slate-100 px-1 font-mono dark:bg-slate-800" data-testid="cron-value">
            {value || '—'}
          </code>
        </p>
      )}
      <FieldError id={`${id}-error`} message={error} />

      <div className="rounded-lg border border-slate-200 p-3 dark:border-slate-800">
        <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
          <h4 className="text-sm font-semibold" id={`${uid}-runs`}>
            {t('cron.nextRuns')}
          </h4>
          <MyTimeZoneField compact />
        </div>
        {runs.length === 0 ? (
          <p className="text-sm text-slate-500 dark:text-slate-400" data-testid="cron-no-runs">
            {t('cron.noRuns')}
          </p>
        ) : (
          <ol aria-labelledby={`${uid}-runs`} className="space-y-1 text-sm tabular-nums" data-testid="cron-next-runs">
            {runs.map((run) => (
              <li key={run.toISOString()} data-at={run.toISOString()}>
                {text.dateTime(run, myTimeZone)}
                {zonesDiffer ? (
                  <span className="text-slate-500 dark:text-slate-400">
                    {' '}
                    ({text.isolate(scheduleTimeZone)} {text.time(run, scheduleTimeZone)})
                  </span>
                ) : null}
              </li>
            ))}
          </ol>
        )}
      </div>
    </div>
  );
}
