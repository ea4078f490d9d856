import type { Me } from '@proxai/contract';
import type { Permission } from '@proxai/contract/permissions';
import type { UseQueryResult } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { FieldError } from '@/components/ui/input';
import { LoadError, LoadingRows } from '@/components/ui/load-states';
import { offeredScopes, presetScopes, sameScopes, SCOPE_PRESETS } from '../scopes';

const LEGEND = 'mb-1 text-sm font-medium text-slate-700 dark:text-slate-300';

/**
 * A key's permissions: the presets (Read only, Operate; each cut to what the person holds, and left out when that
 * is nothing), then a checkbox per permission the person holds (GET /auth/me), grouped.
 */
export function ScopeFields({
  me,
  value,
  onChange,
  error,
}: {
  me: UseQueryResult<Me>;
  value: Permission[];
  onChange: (scopes: Permission[]) => void;
  error?: string;
}) {
  const { t } = useTranslation('api-keys');
  const id = useId();
  const held = me.data?.permissions ?? [];
  const presets = SCOPE_PRESETS.map((preset) => ({ preset, scopes: presetScopes(preset, held) })).filter(
    (p) => p.scopes.length > 0,
  );

  return (
    <fieldset
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
      data-testid="api-key-scopes-field"
    >
      <legend className={LEGEND}>{t('form.scopes')}</legend>
      <p id={`${id}-hint`} className="mb-2 text-xs text-slate-600 dark:text-slate-400">
        {t('form.scopesHint')}
      </p>
      {me.isPending ? (
        <LoadingRows label={t('loading')} rows={2} className="h-10" testId="api-key-scopes" />
      ) : me.isError ? (
        <LoadError
          message={t('form.scopesLoadError')}
          error={me.error}
          retryLabel={t('retry')}
          onRetry={() => void me.refetch()}
          testId="api-key-scopes"
        />
      ) : (
        <div className="space-y-3">
          {presets.length > 0 ? (
            <div role="group" aria-label={t('form.presets')} className="flex flex-wrap gap-2">
              {presets.map(({ preset, scopes }) => (
                <Button
                  key={preset}
                  variant="outline"
                  size="sm"
                  aria-pressed={sameScopes(value, scopes)}
                  className="aria-pressed:border-brand-600 aria-pressed:bg-brand-50 dark:aria-pressed:bg-brand-700/30"
                  onClick={() => onChange(scopes)}
                  data-testid={`api-key-preset-${preset}`}
                >
                  {t(`form.presetNames.${preset}`)}
                </Button>
              ))}
            </div>
          ) : null}
          <div className="grid gap-3 sm:grid-cols-2">
            {offeredScopes(held).map(({ group, permissions }) => (
              <fieldset
                key={group}
                className="rounded-lg border border-slate-200 p-3 dark:border-slate-700"
                data-testid={`api-key-scope-group-${group}`}
              >
                <legend className="px-1 text-sm font-medium">{t(`scopeGroups.${group}`)}</legend>
                <div className="space-y-1.5">
                  {permissions.map((permission) => (
                    <label key={permission} className="flex items-start gap-2 text-sm">
                      <Checkbox
                        className="mt-0.5"
                        checked={value.includes(permission)}
                        onChange={(e) =>
                          onChange(e.target.checked ? [...value, permission] : value.filter((p) => p !== permission))
                        }
                        data-testid={`api-key-scope-${permission}`}
                      />
                      {t(`scopeNames.${permission}`)}
                    </label>
                  ))}
                </div>
              </fieldset>
            ))}
          </div>
        </div>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </fieldset>
  );
}
