import type { WebhookEventType } from '@proxai/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Checkbox } from '@/components/ui/checkbox';
import { WEBHOOK_EVENT_GROUPS, WEBHOOK_EVENTS } from '../webhook-events';

/**
 * The domain events a generic webhook receives besides alerts, grouped by domain: native checkboxes (Tab, Space),
 * one group per domain (a fieldset named by its legend), each with a box ticking the whole group (mixed when some
 * are), and the number chosen announced politely as it changes.
 */
export function EventFields({
  value,
  onChange,
  disabled = false,
  testId = 'channel-events',
}: {
  value: readonly WebhookEventType[];
  onChange: (events: WebhookEventType[]) => void;
  disabled?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation('alerts');
  const textId = useId();
  const selected = new Set(value);
  const toggle = (types: readonly WebhookEventType[], isOn: boolean) => {
    const next = new Set(selected);
    for (const type of types) {
      if (isOn) next.add(type);
      else next.delete(type);
    }
    onChange(WEBHOOK_EVENTS.filter((type) => next.has(type)));
  };

  return (
    <fieldset className="space-y-2" aria-describedby={textId} data-testid={testId}>
      <legend className="text-sm font-medium text-slate-700 dark:text-slate-300">{t('webhookEvents.legend')}</legend>
      <p id={textId} className="text-xs text-slate-500 dark:text-slate-400">
        {t('webhookEvents.text')}
      </p>
      <div className="grid max-h-72 gap-4 overflow-y-auto rounded-lg border border-slate-200 p-3 sm:grid-cols-2 dark:border-slate-700">
        {WEBHOOK_EVENT_GROUPS.map((group) => {
          const domain = t(`webhookEvents.domains.${group.domain}`);
          const count = group.types.filter((type) => selected.has(type)).length;
          return (
            <fieldset key={group.domain} className="space-y-1" data-testid={`${testId}-${group.domain}`}>
              <legend className="text-sm font-medium">{domain}</legend>
              <label className="inline-flex items-center gap-2 text-xs text-slate-600 dark:text-slate-400">
                <Checkbox
                  checked={count === group.types.length}
                  indeterminate={count > 0 && count < group.types.length}
                  onChange={(e) => toggle(group.types, e.target.checked)}
                  disabled={disabled}
                  aria-label={t('webhookEvents.selectAll', { domain })}
                />
                {t('webhookEvents.all')}
              </label>
              <ul className="space-y-1 ps-6">
                {group.types.map((type) => (
                  <li key={type}>
                    <label className="inline-flex items-start gap-2 text-sm">
                      <Checkbox
                        className="mt-0.5"
                        value={type}
                        checked={selected.has(type)}
                        onChange={(e) => toggle([type], e.target.checked)}
                        disabled={disabled}
                      />
                      <span>
                        {t(`webhookEvents.names.${type}`)}{' '}
                        {/* The type a receiver reads in `type`; the name above is what is read out. */}
                        <code className="text-xs text-slate-500 dark:text-slate-400" dir="ltr" translate="no" aria-hidden="true">
                          {type}
                        </code>
                      </span>
                    </label>
                  </li>
                ))}
              </ul>
            </fieldset>
          );
        })}
      </div>
      <p aria-live="polite" className="text-xs text-slate-500 dark:text-slate-400" data-testid={`${testId}-count`}>
        {value.length === 0 ? t('webhookEvents.none') : t('webhookEvents.count', { count: value.length })}
      </p>
    </fieldset>
  );
}
