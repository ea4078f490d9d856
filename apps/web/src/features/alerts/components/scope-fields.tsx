import type { Host } from '@proxai/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Checkbox } from '@/components/ui/checkbox';
import { Input, Label } from '@/components/ui/input';
import { SCOPE_MODES, type ScopeDraft } from '../scope-draft';

/** What a rule or a channel covers: everything, some hosts (checkboxes), or guests with tags (typed). */
export function ScopeFields({
  value,
  hosts,
  disabled = false,
  onChange,
  testId,
}: {
  value: ScopeDraft;
  hosts: Host[];
  disabled?: boolean;
  onChange: (patch: Partial<ScopeDraft>) => void;
  /** Prefix of the hosts' and tags' test ids (`${testId}-hosts`, `${testId}-tags`). */
  testId: string;
}) {
  const { t } = useTranslation('alerts');
  const ids = { scope: useId(), tags: useId() };
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-700 dark:text-slate-300">{t('rules.scope')}</legend>
      <div className="flex flex-wrap gap-4">
        {SCOPE_MODES.map((mode) => (
          <label key={mode} className="inline-flex items-center gap-2 text-sm">
            <input
              type="radio"
              name={`${ids.scope}-scope`}
              value={mode}
              checked={value.scopeMode === mode}
              onChange={() => onChange({ scopeMode: mode })}
              disabled={disabled}
              className="accent-brand-600"
            />
            {t(`rules.scopes.${mode}`)}
          </label>
        ))}
      </div>
      {value.scopeMode === 'host_ids' ? (
        <div className="flex flex-wrap gap-3" data-testid={`${testId}-hosts`}>
          {hosts.map((host) => (
            <label key={host.id} className="inline-flex items-center gap-2 text-sm">
              <Checkbox
                checked={value.hostIds.includes(host.id)}
                onChange={(e) =>
                  onChange({
                    hostIds: e.target.checked ? [...value.hostIds, host.id] : value.hostIds.filter((h) => h !== host.id),
                  })
                }
                disabled={disabled}
              />
              {host.name}
            </label>
          ))}
        </div>
      ) : null}
      {value.scopeMode === 'tags' ? (
        <div className="max-w-md">
          <Label htmlFor={ids.tags}>{t('rules.tags')}</Label>
          <Input
            id={ids.tags}
            value={value.tags}
            onChange={(e) => onChange({ tags: e.target.value })}
            disabled={disabled}
            placeholder="web, db"
            data-testid={`${testId}-tags`}
          />
        </div>
      ) : null}
    </fieldset>
  );
}
