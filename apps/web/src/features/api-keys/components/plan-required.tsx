import { PLAN_TYPES } from '@proxai/contract/plans';
import { Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ApiError } from '@/lib/api-client';

/** That API keys open with a higher plan (naming it when the 403 `plan_required` did), with a link to the plans. */
export function PlanRequired({ error }: { error: ApiError }) {
  const { t } = useTranslation('api-keys');
  const plan = PLAN_TYPES.find((p) => p === error.plan);
  return (
    <div
      role="status"
      className="flex gap-3 rounded-lg border border-sky-200 bg-sky-50 p-3 text-sm text-sky-950 dark:border-sky-800 dark:bg-sky-950/40 dark:text-sky-100"
      data-testid="api-keys-plan-required"
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
          data-testid="api-keys-plan-link"
        >
          {t('planRequired.link')}
        </Link>
      </div>
    </div>
  );
}
