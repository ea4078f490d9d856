import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowDown, PlayCircle } from 'lucide-react';
import { cta, MUTED } from './styles';

// Radix Dialog and the video element are fetched only when the visitor asks for the demo.
const DemoModal = lazy(async () => ({ default: (await import('./demo-modal')).DemoModal }));

const STATS = ['hours', 'uptime', 'costs', 'setup'] as const;

/** Smooth-scrolls to the pricing section (instant under prefers-reduced-motion, via the CSS on <html>). */
export function scrollToPricing() {
  document.getElementById('pricing')?.scrollIntoView({ block: 'start' });
  history.replaceState(null, '', '#pricing');
}

export function LandingHero() {
  const { t } = useTranslation('marketing');
  const [isDemoOpen, setIsDemoOpen] = useState(false);
  const [hasOpenedDemo, setHasOpenedDemo] = useState(false);
  return (
    <section aria-labelledby="hero-title" className="relative px-4 pb-20 pt-32 sm:px-6 sm:pt-40">
      <div className="mx-auto max-w-4xl text-center">
        <p className="mx-auto inline-flex rounded-full border border-brand-100 bg-brand-50 px-4 py-1 text-sm font-medium text-brand-700 dark:border-slate-700 dark:bg-slate-900 dark:text-brand-500">
          {t('landing.hero.badge')}
        </p>
        <h1 id="hero-title" className="mt-6 text-4xl font-extrabold tracking-tight sm:text-6xl">
          {t('landing.hero.title')} <span className="text-brand-700 dark:text-brand-500">{t('landing.hero.highlight')}</span>
        </h1>
        <p className={`mx-auto mt-6 max-w-2xl text-lg ${MUTED}`}>{t('landing.hero.subtitle')}</p>
        <div className="mt-10 flex flex-wrap justify-center gap-3">
          <Link to="/auth" className={cta('solid', 'lg')} data-testid="hero-try">
            {t('landing.hero.tryFree')}
          </Link>
          <button type="button" className={cta('outline', 'lg')} onClick={scrollToPricing} data-testid="hero-pricing">
            <ArrowDown className="h-5 w-5" aria-hidden="true" />
            {t('landing.hero.seePricing')}
          </button>
          <button
            type="button"
            className={cta('outline', 'lg')}
            onClick={() => {
              setHasOpenedDemo(true);
              setIsDemoOpen(true);
            }}
            data-testid="hero-demo"
          >
            <PlayCircle className="h-5 w-5" aria-hidden="true" />
            {t('landing.hero.watchDemo')}
          </button>
        </div>
        <p className={`mt-4 text-sm ${MUTED}`}>{t('landing.hero.noCard')}</p>
      </div>
      <dl className="mx-auto mt-16 grid max-w-4xl grid-cols-2 gap-6 sm:grid-cols-4">
        {STATS.map((key) => (
          <div
            key={key}
            className="flex flex-col-reverse rounded-2xl border border-slate-200 bg-white/80 p-4 text-center dark:border-slate-800 dark:bg-slate-900/80"
          >
            <dt className={`text-sm ${MUTED}`}>{t(`landing.stats.${key}.label`)}</dt>
            <dd className="text-3xl font-extrabold text-slate-900 dark:text-white">{t(`landing.stats.${key}.value`)}</dd>
          </div>
        ))}
      </dl>
      {hasOpenedDemo && (
        <Suspense fallback={null}>
          <DemoModal open={isDemoOpen} onOpenChange={setIsDemoOpen} />
        </Suspense>
      )}
    </section>
  );
}
