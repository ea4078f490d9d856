import type { Host } from '@proxai/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Checkbox } from '@/components/ui/checkbox';
import { FieldError } from '@/components/ui/input';
import { LoadError, LoadingRows } from '@/components/ui/load-states';

/** The hosts a key may be narrowed to (GET /hosts), as checkboxes; none ticked: every host. */
export function HostFields({
  hosts,
  value,
  onChange,
  error,
}: {
  hosts: UseQueryResult<Host[]>;
  value: string[];
  onChange: (hostIds: string[]) => void;
  error?: string;
}) {
  const { t } = useTranslation('api-keys');
  const id = useId();
  return (
    <fieldset
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
      data-testid="api-key-hosts-field"
    >
      <legend className="mb-1 text-sm font-medium text-slate-700 dark:text-slate-300">{t('form.hosts')}</legend>
      <p id={`${id}-hint`} className="mb-2 text-xs text-slate-600 dark:text-slate-400">
        {t('form.hostsHint')}
      </p>
      {hosts.isPending ? (
        <LoadingRows label={t('loading')} rows={1} className="h-8" testId="api-key-hosts" />
      ) : hosts.isError ? (
        <LoadError
          message={t('form.hostsLoadError')}
          error={hosts.error}
          retryLabel={t('retry')}
          onRetry={() => void hosts.refetch()}
          testId="api-key-hosts"
        />
      ) : hosts.data.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="api-key-hosts-empty">
          {t('form.noHosts')}
        </p>
      ) : (
        <div className="flex flex-wrap gap-x-4 gap-y-2">
          {hosts.data.map((host) => (
            <label key={host.id} className="inline-flex items-center gap-2 text-sm">
              <Checkbox
                checked={value.includes(host.id)}
                onChange={(e) => onChange(e.target.checked ? [...value, host.id] : value.filter((h) => h !== host.id))}
                data-testid="api-key-host"
              />
              {host.name}
            </label>
          ))}
        </div>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </fieldset>
  );
}
