import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PLANS } from '@proxai/contract/plans';
import { PlanCard } from './plan-card';
import { cta, MUTED, SECTION } from './styles';

const LANDING_TIERS = ['free', 'essential', 'pro'] as const;

/** The landing page's three tiers (id `pricing`), monthly prices from the plans module. */
export function LandingPricing() {
  const { t } = useTranslation('marketing');
  return (
    <section id="pricing" aria-labelledby="pricing-title" className={`${SECTION} scroll-mt-20 py-20`}>
      <div className="mx-auto mb-12 max-w-3xl text-center">
        <h2 id="pricing-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
          {t('landing.pricing.title')}
        </h2>
        <p className={`mt-4 text-lg ${MUTED}`}>{t('landing.pricing.subtitle')}</p>
      </div>
      <div className="grid gap-8 md:grid-cols-3">
        {LANDING_TIERS.map((plan) => (
          <PlanCard
            key={plan}
            plan={plan}
            price={PLANS[plan].monthlyPrice}
            action={
              <Link
                to="/auth"
                className={cta(PLANS[plan].popular ? 'solid' : 'outline', 'md', 'w-full')}
                data-testid={`landing-plan-${plan}`}
              >
                {plan === 'free' ? t('plans.startFree') : t('plans.tryPlan', { plan: t(`plans.${plan}.name`) })}
              </Link>
            }
          />
        ))}
      </div>
      <p className={`mt-8 text-center text-sm ${MUTED}`}>
        {t('landing.pricing.enterprise')}{' '}
        <Link to="/pricing" className="font-semibold text-brand-700 underline dark:text-brand-500">
          {t('landing.pricing.compare')}
        </Link>
      </p>
    </section>
  );
}
