import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FileDown } from 'lucide-react';
import { isLanguage } from '@proxai/contract/languages';
import { MigrationCalculatorForm } from '../components/migration-calculator-form';
import { PublicLayout } from '../components/public-layout';
import { cta, MUTED, SECTION } from '../components/styles';
import { i18n } from '@/lib/i18n';

// Fetch this page's strings as soon as its code arrives, in parallel, rather than when it first renders.
void i18n.loadNamespaces(['migration', 'marketing']);

const PHASES = ['assess', 'prepare', 'migrate', 'optimise'] as const;
const STEPS = ['s1', 's2', 's3', 's4'] as const;

/** The localised PDF guide; unknown languages fall back to French (SPEC.md §2). */
export function migrationGuideHref(language: string | undefined): string {
  const lng = language && isLanguage(language) ? language : 'fr';
  return `/guides/migration-${lng}.pdf`;
}

export function MigrationPage() {
  const { t, i18n } = useTranslation('migration');
  return (
    <PublicLayout backLink>
      <section className={`${SECTION} py-12`} aria-labelledby="migration-page-title">
        <p className="text-sm font-semibold uppercase tracking-wide text-brand-700 dark:text-brand-500">{t('eyebrow')}</p>
        <h1 id="migration-page-title" className="mt-2 text-4xl font-extrabold tracking-tight sm:text-5xl">
          {t('title')}
        </h1>
        <p className={`mt-4 max-w-3xl text-lg ${MUTED}`}>{t('subtitle')}</p>
      </section>
      <section className={`${SECTION} pb-16`} aria-labelledby="calculator-title">
        <h2 id="calculator-title" className="mb-2 text-2xl font-bold">
          {t('calculator.title')}
        </h2>
        <p className={`mb-6 ${MUTED}`}>{t('calculator.subtitle')}</p>
        <MigrationCalculatorForm />
      </section>
      <section className={`${SECTION} pb-16`} aria-labelledby="checklist-title">
        <h2 id="checklist-title" className="mb-6 text-2xl font-bold">
          {t('checklist.title')}
        </h2>
        <ol className="grid gap-6 md:grid-cols-2">
          {PHASES.map((phase, i) => (
            <li
              key={phase}
              className="rounded-2xl border border-slate-200 p-6 dark:border-slate-800"
              data-testid={`phase-${phase}`}
            >
              <p className="text-sm font-semibold text-brand-700 dark:text-brand-500">{t('checklist.phase', { n: i + 1 })}</p>
              <h3 className="mt-1 text-lg font-semibold">{t(`checklist.${phase}.title`)}</h3>
              <ul className={`mt-3 list-disc space-y-1.5 ps-5 text-sm ${MUTED}`}>
                {STEPS.map((s) => (
                  <li key={s}>{t(`checklist.${phase}.${s}`)}</li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      </section>
      <section className={`${SECTION} pb-20`}>
        <div className="flex flex-col items-start gap-6 rounded-3xl bg-slate-900 p-8 text-white sm:p-12 lg:flex-row lg:items-center lg:justify-between">
          <div>
            <h2 className="text-2xl font-bold">{t('guide.title')}</h2>
            <p className="mt-2 max-w-xl text-slate-200">{t('guide.text')}</p>
          </div>
          <div className="flex flex-wrap gap-3">
            <a
              href={migrationGuideHref(i18n.resolvedLanguage)}
              target="_blank"
              rel="noopener"
              className={cta('light', 'md')}
              data-testid="migration-guide"
            >
              <FileDown className="h-5 w-5" aria-hidden="true" />
              {t('guide.download')}
            </a>
            <Link to="/contact" className={cta('onDark', 'md')}>
              {t('buttons.contact')}
            </Link>
            <Link to="/auth" className={cta('solid', 'md')}>
              {t('buttons.start')}
            </Link>
          </div>
        </div>
      </section>
    </PublicLayout>
  );
}
