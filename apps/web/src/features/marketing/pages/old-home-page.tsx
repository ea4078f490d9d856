import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LandingPricing } from '../components/landing-pricing';
import { FeaturesSection } from '../components/landing-sections';
import { LegacyNotice } from '../components/legacy-notice';
import { PublicLayout } from '../components/public-layout';
import { cta, MUTED, SECTION } from '../components/styles';
import { i18n } from '@/lib/i18n';

// Fetch this page's strings as soon as its code arrives, in parallel, rather than when it first renders.
void i18n.loadNamespaces(['marketing']);

/** The first home page, kept reachable for old links: a plain hero, the features and the plans. */
export function OldHomePage() {
  const { t } = useTranslation('marketing');
  return (
    <PublicLayout backLink>
      <LegacyNotice current="/" />
      <section className={`${SECTION} py-16`} aria-labelledby="old-home-title">
        <h1 id="old-home-title" className="text-4xl font-extrabold tracking-tight">
          {t('legacy.homeTitle')}
        </h1>
        <p className={`mt-4 max-w-2xl text-lg ${MUTED}`}>{t('landing.hero.subtitle')}</p>
        <div className="mt-8 flex flex-wrap gap-3">
          <Link to="/auth" className={cta('solid', 'lg')}>
            {t('landing.hero.tryFree')}
          </Link>
          <Link to="/product" className={cta('outline', 'lg')}>
            {t('nav.product')}
          </Link>
        </div>
      </section>
      <FeaturesSection />
      <LandingPricing />
    </PublicLayout>
  );
}
