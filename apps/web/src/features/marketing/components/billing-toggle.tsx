import { useTranslation } from 'react-i18next';
import { YEARLY_DISCOUNT_PERCENT } from '@proxai/contract/plans';
import { cn } from '@/components/ui/cn';

export type Billing = 'monthly' | 'yearly';

/** Monthly/yearly switch (SPEC.md §4, default monthly) with the 17 % / '2 months free' badge. */
export function BillingToggle({ value, onChange }: { value: Billing; onChange: (value: Billing) => void }) {
  const { t } = useTranslation('pricing');
  const option = (billing: Billing) => (
    <button
      type="button"
      role="radio"
      aria-checked={value === billing}
      onClick={() => onChange(billing)}
      data-testid={`billing-${billing}`}
      className={cn(
        'rounded-full px-5 py-2 text-sm font-semibold transition-colors',
        value === billing
          ? 'bg-white text-slate-900 shadow dark:bg-slate-700 dark:text-white'
          : 'text-slate-700 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white',
      )}
    >
      {t(`billing.${billing}`)}
    </button>
  );
  return (
    <div className="flex flex-wrap items-center justify-center gap-3">
      <div
        role="radiogroup"
        aria-label={t('billing.label')}
        className="inline-flex rounded-full bg-slate-100 p-1 dark:bg-slate-800"
      >
        {option('monthly')}
        {option('yearly')}
      </div>
      <span className="rounded-full bg-emerald-100 px-3 py-1 text-xs font-semibold text-emerald-800 dark:bg-emerald-900/60 dark:text-emerald-200">
        {t('billing.badge', { percent: YEARLY_DISCOUNT_PERCENT })}
      </span>
    </div>
  );
}
