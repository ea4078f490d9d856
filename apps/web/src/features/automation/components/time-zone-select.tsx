import { Globe } from 'lucide-react';
import { useId, type SelectHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { Select } from '@/components/ui/input';
import { useMyTimeZone } from '../api/profile';
import { timeZones } from '../time-zones';

/** Every IANA zone the browser knows, plus `value` when it is not one of them (kept, not lost). */
export function TimeZoneSelect({
  value,
  ...props
}: Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children'> & { value: string }) {
  const zones = timeZones();
  return (
    <Select value={value} dir="ltr" {...props}>
      {zones.includes(value) ? null : <option value={value}>{value}</option>}
      {zones.map((zone) => (
        <option key={zone} value={zone}>
          {zone.replaceAll('_', ' ')}
        </option>
      ))}
    </Select>
  );
}

/**
 * "Times shown in: Europe/Paris": the person's zone (their profile's, else the browser's), changed here and saved
 * to the profile at once (PATCH /auth/me). Next runs and the planner follow it.
 */
export function MyTimeZoneField({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation('automation');
  const id = useId();
  const zone = useMyTimeZone();
  return (
    <div className={compact ? 'flex flex-wrap items-center gap-2 text-sm' : 'flex flex-wrap items-center gap-2'}>
      <label htmlFor={id} className="inline-flex items-center gap-1.5 text-sm font-medium text-slate-700 dark:text-slate-300">
        <Globe className="h-4 w-4" aria-hidden="true" />
        {t('timeZone.mine')}
      </label>
      <TimeZoneSelect
        id={id}
        value={zone.timeZone}
        onChange={(e) => zone.save(e.target.value)}
        aria-busy={zone.isSaving || undefined}
        className="h-9 w-auto max-w-[16rem]"
        data-testid="my-time-zone"
      />
      {zone.isDefault ? <span className="text-xs text-slate-500 dark:text-slate-400">{t('timeZone.browserDefault')}</span> : null}
    </div>
  );
}
