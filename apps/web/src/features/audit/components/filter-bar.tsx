import { Filter, X } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FieldError, Input, Label, Select } from '@/components/ui/input';
import { ACTION_PREFIXES, ACTOR_TYPES, isRangeValid, MAX_LENGTH, NO_FILTERS, type AuditFilters } from '../audit-filters';

/**
 * The filters as a form: typed freely, applied together (Enter or "Apply"); "Clear" drops them all. `applied` (the
 * address's) fills the fields at first; the days must be in order.
 */
export function FilterBar({ applied, onApply }: { applied: AuditFilters; onApply: (filters: AuditFilters) => void }) {
  const { t } = useTranslation('audit');
  const id = useId();
  const [draft, setDraft] = useState<AuditFilters>(applied);
  const [rangeError, setRangeError] = useState(false);
  const set = (key: Exclude<keyof AuditFilters, 'actor_type'>) => (value: string) => setDraft((d) => ({ ...d, [key]: value }));

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const isValid = isRangeValid(draft);
    setRangeError(!isValid);
    if (isValid) onApply(draft);
  }

  function handleClear() {
    setDraft(NO_FILTERS);
    setRangeError(false);
    onApply(NO_FILTERS);
  }

  return (
    <Card>
      <form onSubmit={handleSubmit} aria-labelledby={`${id}-title`} data-testid="audit-filters" noValidate>
        <h2 id={`${id}-title`} className="mb-3 text-sm font-semibold">
          {t('filters.title')}
        </h2>
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-6">
          <div>
            <Label htmlFor={`${id}-actor`}>{t('filters.actor')}</Label>
            <Input
              id={`${id}-actor`}
              type="search"
              value={draft.actor}
              maxLength={MAX_LENGTH.actor}
              placeholder={t('filters.actorPlaceholder')}
              onChange={(e) => set('actor')(e.target.value)}
              data-testid="audit-filter-actor"
            />
          </div>
          <div>
            <Label htmlFor={`${id}-actor-type`}>{t('filters.actorType')}</Label>
            <Select
              id={`${id}-actor-type`}
              value={draft.actor_type}
              onChange={(e) => setDraft((d) => ({ ...d, actor_type: ACTOR_TYPES.find((kind) => kind === e.target.value) ?? '' }))}
              data-testid="audit-filter-actor-type"
            >
              <option value="">{t('filters.anyActor')}</option>
              {ACTOR_TYPES.map((kind) => (
                <option key={kind} value={kind}>
                  {t(`actor.kind.${kind}`)}
                </option>
              ))}
            </Select>
          </div>
          <div>
            <Label htmlFor={`${id}-action`}>{t('filters.action')}</Label>
            <Input
              id={`${id}-action`}
              type="search"
              list={`${id}-actions`}
              value={draft.action}
              maxLength={MAX_LENGTH.action}
              placeholder="member."
              aria-describedby={`${id}-action-hint`}
              onChange={(e) => set('action')(e.target.value)}
              data-testid="audit-filter-action"
            />
            <datalist id={`${id}-actions`} data-testid="audit-action-prefixes">
              {ACTION_PREFIXES.map((prefix) => (
                <option key={prefix} value={prefix} />
              ))}
            </datalist>
            <p id={`${id}-action-hint`} className="mt-1 text-xs text-slate-500 dark:text-slate-400">
              {t('filters.actionHint')}
            </p>
          </div>
          <div>
            <Label htmlFor={`${id}-target`}>{t('filters.target')}</Label>
            <Input
              id={`${id}-target`}
              type="search"
              value={draft.target}
              maxLength={MAX_LENGTH.target}
              onChange={(e) => set('target')(e.target.value)}
              data-testid="audit-filter-target"
            />
          </div>
          <div>
            <Label htmlFor={`${id}-from`}>{t('filters.from')}</Label>
            <Input
              id={`${id}-from`}
              type="date"
              value={draft.from}
              max={draft.to || undefined}
              aria-invalid={rangeError || undefined}
              aria-describedby={rangeError ? `${id}-range` : undefined}
              onChange={(e) => set('from')(e.target.value)}
              data-testid="audit-filter-from"
            />
          </div>
          <div>
            <Label htmlFor={`${id}-to`}>{t('filters.to')}</Label>
            <Input
              id={`${id}-to`}
              type="date"
              value={draft.to}
              min={draft.from || undefined}
              aria-invalid={rangeError || undefined}
              aria-describedby={rangeError ? `${id}-range` : undefined}
              onChange={(e) => set('to')(e.target.value)}
              data-testid="audit-filter-to"
            />
          </div>
        </div>
        <FieldError id={`${id}-range`} message={rangeError ? t('filters.badRange') : undefined} />
        <div className="mt-3 flex flex-wrap gap-2">
          <Button type="submit" size="sm" data-testid="audit-filter-apply">
            <Filter className="h-4 w-4" aria-hidden="true" />
            {t('filters.apply')}
          </Button>
          <Button variant="ghost" size="sm" onClick={handleClear} data-testid="audit-filter-clear">
            <X className="h-4 w-4" aria-hidden="true" />
            {t('filters.clear')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
