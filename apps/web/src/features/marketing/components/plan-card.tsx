import type { ReactNode } from 'react';
import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PLANS, UNLIMITED, type PlanFeature, type PlanType } from '@proxai/contract/plans';
import { cn } from '@/components/ui/cn';

/** Features a plan adds over the plan below it, so each card lists only what is new. */
export function addedFeatures(plan: PlanType): readonly PlanFeature[] {
  const below: Partial<Record<PlanType, PlanType>> = { essential: 'free', pro: 'essential', enterprise: 'pro' };
  const previous = below[plan];
  if (!previous) return PLANS[plan].features;
  const had = new Set<string>(PLANS[previous].features);
  return PLANS[plan].features.filter((f) => !had.has(f));
}

export function formatEuros(amount: number, language: string): string {
  return new Intl.NumberFormat(language, { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 }).format(amount);
}

/**
 * One plan's card (landing and /pricing): name, price per month, limits, support and the features it adds.
 * `price` is null for a plan on quote; `action` is the plan's button or link.
 */
export function PlanCard({
  plan,
  price,
  priceNote,
  action,
}: {
  plan: PlanType;
  price: number | null;
  priceNote?: ReactNode;
  action: ReactNode;
}) {
  const { t, i18n } = useTranslation('marketing');
  const { limits, popular, support } = PLANS[plan];
  const language = i18n.resolvedLanguage ?? 'fr';
  const previous = { essential: 'free', pro: 'essential', enterprise: 'pro' } as const;
  return (
    <article
      className={cn(
        'relative flex flex-col rounded-2xl border bg-white p-6 shadow-sm dark:bg-slate-900',
        popular
          ? 'border-brand-700 ring-2 ring-brand-700 dark:border-brand-500 dark:ring-brand-500'
          : 'border-slate-200 dark:border-slate-800',
      )}
      data-testid={`plan-${plan}`}
      aria-labelledby={`plan-${plan}-name`}
    >
      {popular && (
        <p className="absolute -top-3 start-1/2 -translate-x-1/2 rounded-full bg-brand-700 px-3 py-1 text-xs font-semibold text-white rtl:translate-x-1/2">
          {t('plans.popular')}
        </p>
      )}
      <h3 id={`plan-${plan}-name`} className="text-xl font-bold">
        {t(`plans.${plan}.name`)}
      </h3>
      <p className="mt-1 min-h-10 text-sm text-slate-600 dark:text-slate-300">{t(`plans.${plan}.tagline`)}</p>
      <p className="mt-4 flex items-baseline gap-1">
        {price === null ? (
          <span className="text-3xl font-extrabold">{t('plans.onQuote')}</span>
        ) : (
          <>
            <span className="text-4xl font-extrabold" data-testid={`price-${plan}`}>
              {formatEuros(price, language)}
            </span>
            <span className="text-sm text-slate-600 dark:text-slate-300">{t('plans.perMonth')}</span>
          </>
        )}
      </p>
      <div className="mt-1 min-h-5 text-xs text-slate-600 dark:text-slate-300">{priceNote}</div>
      <div className="mt-5">{action}</div>
      <ul className="mt-6 flex flex-col gap-2 text-sm">
        <Item>
          {limits.max_hosts === UNLIMITED
            ? t('plans.hostsUnlimited')
            : limits.max_hosts === 1
              ? t('plans.hostsOne')
              : t('plans.hosts', { count: limits.max_hosts })}
        </Item>
        <Item>{limits.max_vms === UNLIMITED ? t('plans.vmsUnlimited') : t('plans.vms', { count: limits.max_vms })}</Item>
        <Item>{t(`plans.support.${support}`)}</Item>
        {plan !== 'free' && (
          <li className="pt-2 text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-300">
            {t('plans.everythingIn', { plan: t(`plans.${previous[plan]}.name`) })}
          </li>
        )}
        {addedFeatures(plan).map((f) => (
          <Item key={f}>{t(`plans.features.${f}`)}</Item>
        ))}
      </ul>
    </article>
  );
}

function Item({ children }: { children: ReactNode }) {
  return (
    <li className="flex items-start gap-2">
      <Check className="mt-0.5 h-4 w-4 shrink-0 text-emerald-600 dark:text-emerald-400" aria-hidden="true" />
      <span>{children}</span>
    </li>
  );
}
