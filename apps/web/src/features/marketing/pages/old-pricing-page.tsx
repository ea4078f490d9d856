import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PLAN_TYPES, PLANS } from '@proxai/contract/plans';
import { LegacyNotice } from '../components/legacy-notice';
import { PlanCard } from '../components/plan-card';
import { PublicLayout } from '../components/public-layout';
import { cta, MUTED, SECTION } from '../components/styles';
import { i18n } from '@/lib/i18n';

// Fetch this page's strings as soon as its code arrives, in parallel, rather than when it first renders.
void i18n.loadNamespaces(['marketing']);

/** The first pricing page: monthly prices only, same plans module as /pricing. */
export function OldPricingPage() {
  const { t } = useTranslation('marketing');
  return (
    <PublicLayout backLink>
      <LegacyNotice current="/pricing" />
      <section className={`${SECTION} py-16`} aria-labelledby="old-pricing-title">
        <h1 id="old-pricing-title" className="text-4xl font-extrabold tracking-tight">
          {t('legacy.pricingTitle')}
        </h1>
        <p className={`mt-4 max-w-2xl text-lg ${MUTED}`}>{t('landing.pricing.subtitle')}</p>
        <div className="mt-10 grid gap-8 md:grid-cols-2 xl:grid-cols-4">
          {PLAN_TYPES.map((plan) => (
            <PlanCard
              key={plan}
              plan={plan}
              price={PLANS[plan].monthlyPrice}
              action={
                <Link
                  to={plan === 'enterprise' ? '/contact' : '/auth'}
                  className={cta(PLANS[plan].popular ? 'solid' : 'outline', 'md', 'w-full')}
                >
                  {plan === 'enterprise'
                    ? t('plans.contactSales')
                    : plan === 'free'
                      ? t('plans.startFree')
                      : t('plans.tryPlan', { plan: t(`plans.${plan}.name`) })}
                </Link>
              }
            />
          ))}
        </div>
      </section>
    </PublicLayout>
  );
}
