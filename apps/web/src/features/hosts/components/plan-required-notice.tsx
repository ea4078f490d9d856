import type { PlanType } from '@proxai/contract';
import { Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cn } from '@/components/ui/cn';

/**
 * Says that a feature opens with a higher plan (a 403 `plan_required`, see `requiredPlan` in plan-required.ts),
 * naming the plan when known, with a link to the plans.
 */
export function PlanRequiredNotice({ plan, className }: { plan: PlanType | null; className?: string }) {
  const { t } = useTranslation('hosts');
  return (
    <div
      role="status"
      className={cn(
        'flex gap-3 rounded-lg border border-sky-200 bg-sky-50 p-3 text-sm text-sky-950 dark:border-sky-800 dark:bg-sky-950/40 dark:text-sky-100',
        className,
      )}
      data-testid="plan-required"
    >
      <Lock className="mt-0.5 h-4 w-4 shrink-0 text-sky-600 dark:text-sky-400" aria-hidden="true" />
      <div className="min-w-0 space-y-1">
        <p className="font-medium">
          {plan ? t('planRequired.title', { plan: t(`planRequired.plans.${plan}`) }) : t('planRequired.titleUnknown')}
        </p>
        <p>{t('planRequired.text')}</p>
        <Link
          to="/pricing"
          className="inline-block font-medium text-sky-800 underline hover:no-underline focus-visible:outline-2 focus-visible:outline-sky-600 dark:text-sky-200"
          data-testid="plan-required-link"
        >
          {t('planRequired.link')}
        </Link>
      </div>
    </div>
  );
}
