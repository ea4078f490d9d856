import type { PlanUsage } from '@proxai/contract';
import { AlertTriangle, Sparkles } from 'lucide-react';
import { Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cn } from '@/components/ui/cn';

const DAY_MS = 86_400_000;

/** Days left until `endsAt`, rounded up (a trial ending in three hours has one day left); 0 once it has ended. */
export function trialDaysLeft(endsAt: string, now: number): number {
  const left = Date.parse(endsAt) - now;
  return left > 0 ? Math.ceil(left / DAY_MS) : 0;
}

/**
 * The organisation's standing against its plan (`plan_usage` of /api/stats): how many days its Pro trial has
 * left, and a warning when it has more guests or hosts than its plan allows.
 */
export function PlanUsageBanner({ usage }: { usage?: PlanUsage }) {
  // Read once per mount: the dashboard's refreshes bring a new `trial_ends_at` when the trial changes.
  const [now] = useState(Date.now);
  const trialDays = usage?.trial_ends_at ? trialDaysLeft(usage.trial_ends_at, now) : 0;
  return (
    <>
      {trialDays > 0 ? (
        // Its strings are in the 'hosts' namespace, which may still be loading: the rest of the page does not wait.
        <Suspense fallback={null}>
          <TrialBanner days={trialDays} />
        </Suspense>
      ) : null}
      {usage && (usage.over_vms || usage.over_hosts) ? <OverLimitBanner usage={usage} /> : null}
    </>
  );
}

function TrialBanner({ days }: { days: number }) {
  const { t } = useTranslation('hosts');
  return (
    <p
      role="status"
      className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-xl border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-sky-950 dark:border-sky-800 dark:bg-sky-950/40 dark:text-sky-100"
      data-testid="trial-banner"
    >
      <Sparkles className="h-4 w-4 shrink-0 text-sky-600 dark:text-sky-400" aria-hidden="true" />
      <span className="font-medium">{t('trial.daysLeft', { count: days })}</span>
      <PricingLink className="text-sky-800 focus-visible:outline-sky-600 dark:text-sky-200" testId="trial-pricing-link">
        {t('trial.link')}
      </PricingLink>
    </p>
  );
}

/**
 * Shown when the organisation has more guests or hosts than its plan allows: a sync never hides guests, so
 * this says why adding hosts is refused and how to get out of it.
 */
function OverLimitBanner({ usage }: { usage: PlanUsage }) {
  const { t } = useTranslation('dashboard');
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
          <PricingLink
            className="text-amber-900 focus-visible:outline-amber-600 dark:text-amber-200"
            testId="plan-usage-pricing-link"
          >
            {t('planUsage.link')}
          </PricingLink>
        </p>
      </div>
    </section>
  );
}

/** The link to the plans, in its banner's colours. */
function PricingLink({ className, testId, children }: { className: string; testId: string; children: ReactNode }) {
  return (
    <Link
      to="/pricing"
      className={cn('font-medium underline hover:no-underline focus-visible:outline-2', className)}
      data-testid={testId}
    >
      {children}
    </Link>
  );
}
