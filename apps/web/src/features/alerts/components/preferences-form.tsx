import type { NotificationPreferences, NotificationSeverity, QuietHours } from '@proxai/contract';
import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Input, Label, Select } from '@/components/ui/input';
import { LoadError, LoadingRows } from '@/components/ui/load-states';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { usePreferences, useSavePreferences } from '../api/notifications';
import { SeverityOptions } from './severity-options';

/** The browser's zone: quiet hours are first offered in it. */
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** The zones the browser knows, with `current` kept even if it does not (a zone saved elsewhere). */
function zones(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return known.includes(current) ? known : [current, ...known];
}

const DEFAULT_QUIET: QuietHours = { start: '22:00', end: '07:00', timezone: browserZone(), bypass_severity: 'critical' };

/**
 * What reaches the signed-in person by e-mail: on or off, the least severe alert, and quiet hours in their zone
 * (held back and sent as one digest afterwards, resolves included; alerts of the bypass severity still go through).
 */
export function PreferencesForm() {
  const { t } = useTranslation('alerts');
  const prefs = usePreferences();
  const save = useSavePreferences();
  const [draft, setDraft] = useState<NotificationPreferences | null>(null);
  const [lastQuiet, setLastQuiet] = useState<QuietHours>(DEFAULT_QUIET);
  const ids = { severity: useId(), start: useId(), end: useId(), zone: useId(), bypass: useId() };

  useEffect(() => {
    if (prefs.data) {
      setDraft(prefs.data);
      if (prefs.data.quiet_hours) setLastQuiet(prefs.data.quiet_hours);
    }
  }, [prefs.data]);
  const zoneList = useMemo(() => zones(draft?.quiet_hours?.timezone ?? lastQuiet.timezone), [draft, lastQuiet]);

  if (prefs.isPending || (prefs.data && !draft)) return <LoadingRows label={t('loading')} rows={2} testId="preferences" />;
  if (prefs.isError || !draft)
    return (
      <LoadError
        message={t('preferences.loadError')}
        error={prefs.error}
        retryLabel={t('retry')}
        onRetry={() => void prefs.refetch()}
        testId="preferences"
      />
    );
  const quiet = draft.quiet_hours;
  const setQuiet = (patch: Partial<QuietHours>) => {
    const next = { ...(quiet ?? lastQuiet), ...patch };
    setLastQuiet(next);
    setDraft({ ...draft, quiet_hours: next });
  };

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!draft) return;
    if (draft.quiet_hours && draft.quiet_hours.start === draft.quiet_hours.end) {
      toast.error(t('preferences.sameTimes'));
      return;
    }
    save.mutate(
      { email: draft.email, min_severity: draft.min_severity, quiet_hours: draft.quiet_hours },
      {
        onSuccess: () => toast.success(t('preferences.saved')),
        onError: (error) => toast.error(error instanceof ApiError ? error.detail : t('preferences.saveError')),
      },
    );
  }

  return (
    <section className="space-y-3" aria-labelledby="preferences-title" data-testid="preferences">
      <div>
        <h2 id="preferences-title" className="text-lg font-semibold">
          {t('preferences.title')}
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('preferences.text')}</p>
      </div>
      <Card>
        <form onSubmit={handleSubmit} className="space-y-4">
          <label className="inline-flex items-center gap-2 text-sm">
            <Checkbox
              checked={draft.email}
              onChange={(e) => setDraft({ ...draft, email: e.target.checked })}
              data-testid="pref-email"
            />
            {t('preferences.email')}
          </label>
          <div className="max-w-xs">
            <Label htmlFor={ids.severity}>{t('preferences.minSeverity')}</Label>
            <Select
              id={ids.severity}
              value={draft.min_severity}
              onChange={(e) => setDraft({ ...draft, min_severity: e.target.value as NotificationSeverity })}
              data-testid="pref-severity"
            >
              <SeverityOptions />
            </Select>
          </div>
          <fieldset className="space-y-3">
            <legend className="sr-only">{t('preferences.quiet')}</legend>
            <label className="inline-flex items-center gap-2 text-sm font-medium">
              <Checkbox
                checked={quiet !== null}
                onChange={(e) => setDraft({ ...draft, quiet_hours: e.target.checked ? lastQuiet : null })}
                data-testid="pref-quiet"
              />
              {t('preferences.quiet')}
            </label>
            {quiet ? (
              <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
                <div>
                  <Label htmlFor={ids.start}>{t('preferences.from')}</Label>
                  <Input
                    id={ids.start}
                    type="time"
                    value={quiet.start}
                    onChange={(e) => setQuiet({ start: e.target.value })}
                    required
                    data-testid="pref-quiet-start"
                  />
                </div>
                <div>
                  <Label htmlFor={ids.end}>{t('preferences.to')}</Label>
                  <Input
                    id={ids.end}
                    type="time"
                    value={quiet.end}
                    onChange={(e) => setQuiet({ end: e.target.value })}
                    required
                    data-testid="pref-quiet-end"
                  />
                </div>
                <div>
                  <Label htmlFor={ids.zone}>{t('preferences.zone')}</Label>
                  <Select
                    id={ids.zone}
                    value={quiet.timezone}
                    onChange={(e) => setQuiet({ timezone: e.target.value })}
                    data-testid="pref-quiet-zone"
                  >
                    {zoneList.map((z) => (
                      <option key={z} value={z}>
                        {z}
                      </option>
                    ))}
                  </Select>
                </div>
                <div>
                  <Label htmlFor={ids.bypass}>{t('preferences.bypass')}</Label>
                  <Select
                    id={ids.bypass}
                    value={quiet.bypass_severity ?? 'none'}
                    onChange={(e) =>
                      setQuiet({
                        bypass_severity: e.target.value === 'none' ? null : (e.target.value as 'warning' | 'critical'),
                      })
                    }
                    data-testid="pref-quiet-bypass"
                  >
                    <option value="critical">{t('severity.critical')}</option>
                    <option value="warning">{t('preferences.bypassWarning')}</option>
                    <option value="none">{t('preferences.bypassNone')}</option>
                  </Select>
                </div>
              </div>
            ) : null}
            <p className="text-xs text-slate-500 dark:text-slate-400">{t('preferences.quietText')}</p>
          </fieldset>
          <div className="flex justify-end">
            <Button type="submit" isLoading={save.isPending} data-testid="pref-save">
              {t('preferences.save')}
            </Button>
          </div>
        </form>
      </Card>
    </section>
  );
}
