import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PLAN_TYPES, PLANS, yearlyPerMonth, type PlanType } from '@proxai/contract/plans';
import { BillingToggle, type Billing } from '../components/billing-toggle';
import { formatEuros, PlanCard } from '../components/plan-card';
import { PricingTable } from '../components/pricing-table';
import { PublicLayout } from '../components/public-layout';
import { cta, MUTED, SECTION } from '../components/styles';
import { i18n } from '@/lib/i18n';

// Fetch this page's strings as soon as its code arrives, in parallel, rather than when it first renders.
void i18n.loadNamespaces(['pricing', 'marketing']);

const FAQ_KEYS = ['trial', 'change', 'payment', 'vat', 'nonprofit', 'cancel', 'data'] as const;

/** Price shown per month: the monthly price, or the yearly price / 12 rounded (SPEC.md §9). */
function displayedPrice(plan: PlanType, billing: Billing): number | null {
  return billing === 'monthly' ? PLANS[plan].monthlyPrice : yearlyPerMonth(PLANS[plan]);
}

export function PricingPage() {
  const { t, i18n } = useTranslation(['pricing', 'marketing']);
  const navigate = useNavigate();
  const [billing, setBilling] = useState<Billing>('monthly');
  const language = i18n.resolvedLanguage ?? 'fr';

  function choose(plan: PlanType) {
    // Enterprise is on quote: the sign-in page gets no plan to pre-select.
    if (plan === 'enterprise') void navigate('/auth');
    else void navigate('/auth', { state: { plan, billing } });
  }

  return (
    <PublicLayout backLink>
      <section className={`${SECTION} py-12 text-center`} aria-labelledby="pricing-page-title">
        <h1 id="pricing-page-title" className="text-4xl font-extrabold tracking-tight sm:text-5xl">
          {t('pricing:title')}
        </h1>
        <p className={`mx-auto mt-4 max-w-2xl text-lg ${MUTED}`}>{t('pricing:subtitle')}</p>
        <div className="mt-8">
          <BillingToggle value={billing} onChange={setBilling} />
        </div>
      </section>
      <section className={`${SECTION} grid gap-8 pb-16 pt-4 md:grid-cols-2 xl:grid-cols-4`} aria-labelledby="plans-title">
        <h2 id="plans-title" className="sr-only">
          {t('pricing:plansLabel')}
        </h2>
        {PLAN_TYPES.map((plan) => {
          const { yearlyPrice, monthlyPrice } = PLANS[plan];
          const note =
            monthlyPrice === null
              ? t('pricing:notes.quote')
              : monthlyPrice === 0
                ? t('pricing:notes.free')
                : billing === 'yearly' && yearlyPrice !== null
                  ? t('pricing:notes.yearly', { amount: formatEuros(yearlyPrice, language) })
                  : t('pricing:notes.monthly');
          return (
            <PlanCard
              key={plan}
              plan={plan}
              price={displayedPrice(plan, billing)}
              priceNote={note}
              action={
                <button
                  type="button"
                  onClick={() => choose(plan)}
                  className={cta(PLANS[plan].popular ? 'solid' : 'outline', 'md', 'w-full')}
                  data-testid={`choose-${plan}`}
                >
                  {plan === 'enterprise'
                    ? t('marketing:plans.contactSales')
                    : plan === 'free'
                      ? t('marketing:plans.startFree')
                      : t('marketing:plans.tryPlan', { plan: t(`marketing:plans.${plan}.name`) })}
                </button>
              }
            />
          );
        })}
      </section>
      <section className={`${SECTION} pb-16`} aria-labelledby="compare-title">
        <h2 id="compare-title" className="mb-6 text-2xl font-bold">
          {t('pricing:table.title')}
        </h2>
        <PricingTable />
      </section>
      <section className={`${SECTION} pb-16`} aria-labelledby="faq-title">
        <h2 id="faq-title" className="mb-6 text-2xl font-bold">
          {t('pricing:faq.title')}
        </h2>
        <div className="divide-y divide-slate-200 rounded-2xl border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
          {FAQ_KEYS.map((key) => (
            <details key={key} className="group p-5">
              <summary className="cursor-pointer list-none font-semibold marker:hidden">
                <span
                  className="me-2 inline-block transition-transform group-open:rotate-90 rtl:group-open:-rotate-90"
                  aria-hidden="true"
                >
                  ›
                </span>
                {t(`pricing:faq.${key}.q`)}
              </summary>
              <p className={`mt-3 text-sm leading-relaxed ${MUTED}`}>{t(`pricing:faq.${key}.a`)}</p>
            </details>
          ))}
        </div>
      </section>
      <section className={`${SECTION} pb-20`}>
        <div className="flex flex-col items-center gap-4 rounded-3xl bg-slate-100 p-10 text-center dark:bg-slate-900">
          <h2 className="text-2xl font-bold">{t('pricing:contact.title')}</h2>
          <p className={MUTED}>{t('pricing:contact.text')}</p>
          <Link to="/contact" className={cta('solid', 'lg')} data-testid="pricing-contact">
            {t('pricing:contact.button')}
          </Link>
        </div>
      </section>
    </PublicLayout>
  );
}
