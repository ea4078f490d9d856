import type { PlanUsage } from '@proxai/contract';
import { AlertTriangle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * Shown when the organisation has more guests or hosts than its plan allows (`plan_usage` of /api/stats): a
 * sync never hides guests, so this says why adding hosts is refused and how to get out of it.
 */
export function PlanUsageBanner({ usage }: { usage?: PlanUsage }) {
  const { t } = useTranslation('dashboard');
  if (!usage || (!usage.over_vms && !usage.over_hosts)) return null;
  const plan = t(`planUsage.plans.${usage.plan}`, { defaultValue: usage.plan });
  const blocked = usage.over_vms && usage.over_hosts ? 'blockedBoth' : usage.over_vms ? 'blockedVms' : 'blockedHosts';
  return (
    <section
      role="status"
      aria-labelledby="plan-usage-title"
      className="flex gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100"
      data-testid="plan-usage-banner"
    >
      <AlertTriangle className="mt-0.5 h-5 w-5 shrink-0 text-amber-600 dark:text-amber-400" aria-hidden="true" />
      <div className="min-w-0 space-y-1">
        <h2 id="plan-usage-title" className="font-semibold">
          {t('planUsage.title')}
        </h2>
        {usage.over_vms ? <p>{t('planUsage.overVms', { max: usage.max_vms, plan })}</p> : null}
        {usage.over_hosts ? <p>{t('planUsage.overHosts', { max: usage.max_hosts, plan })}</p> : null}
        <p>
          {t('planUsage.kept')} {t(`planUsage.${blocked}`)}
        </p>
        <p>
          <Link
            to="/pricing"
            className="font-medium text-amber-900 underline hover:no-underline focus-visible:outline-2 focus-visible:outline-amber-600 dark:text-amber-200"
            data-testid="plan-usage-pricing-link"
          >
            {t('planUsage.link')}
          </Link>
        </p>
      </div>
    </section>
  );
}
