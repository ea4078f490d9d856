import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FieldError, Input, Label } from '@/components/ui/input';
import { dayIn, EXPIRY_PRESETS, expiryBounds, formatDay } from '../expiry';

/** Until when a key works: presets (30 days, 90 days, a year) that fill the date field, or any day up to a year. */
export function ExpiryFields({
  value,
  onChange,
  now,
  error,
}: {
  /** A date input's `YYYY-MM-DD`. */
  value: string;
  onChange: (day: string) => void;
  /** When the form opened: the presets and bounds count from it. */
  now: Date;
  error?: string;
}) {
  const { t, i18n } = useTranslation('api-keys');
  const id = useId();
  const { min, max } = expiryBounds(now);
  const maxShown = formatDay(max, i18n.resolvedLanguage ?? i18n.language);
  return (
    <fieldset data-testid="api-key-expiry-field">
      <legend className="mb-1 text-sm font-medium text-slate-700 dark:text-slate-300">{t('form.expiry')}</legend>
      <div className="flex flex-wrap items-end gap-3">
        <div role="group" aria-label={t('form.expiry')} className="flex flex-wrap gap-2">
          {EXPIRY_PRESETS.map((days) => (
            <Button
              key={days}
              variant="outline"
              size="sm"
              aria-pressed={value === dayIn(days, now)}
              className="aria-pressed:border-brand-600 aria-pressed:bg-brand-50 dark:aria-pressed:bg-brand-700/30"
              onClick={() => onChange(dayIn(days, now))}
              data-testid={`api-key-expiry-${days}`}
            >
              {days === 365 ? t('form.expiryYear') : t('form.expiryPreset', { number: days })}
            </Button>
          ))}
        </div>
        <div>
          <Label htmlFor={`${id}-date`}>{t('form.expiresOn')}</Label>
          <Input
            id={`${id}-date`}
            type="date"
            required
            min={min}
            max={max}
            value={value}
            onChange={(e) => onChange(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
            className="w-auto"
            data-testid="api-key-expiry-date"
          />
        </div>
      </div>
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
        {t('form.expiryHint', { max: maxShown })}
      </p>
      <FieldError id={`${id}-error`} message={error} />
    </fieldset>
  );
}
