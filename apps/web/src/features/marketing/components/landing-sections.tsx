import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowRight, Bot, DatabaseBackup, LayoutDashboard, MousePointerClick, Server, ShieldCheck } from 'lucide-react';
import { cta, MUTED, SECTION } from './styles';

function SectionHeading({ id, title, subtitle }: { id: string; title: string; subtitle: string }) {
  return (
    <div className="mx-auto mb-12 max-w-3xl text-center">
      <h2 id={id} className="text-3xl font-bold tracking-tight sm:text-4xl">
        {title}
      </h2>
      <p className={`mt-4 text-lg ${MUTED}`}>{subtitle}</p>
    </div>
  );
}

const PILLARS = [
  { key: 'ux', Icon: MousePointerClick },
  { key: 'ai', Icon: Bot },
  { key: 'security', Icon: ShieldCheck },
] as const;

export function PillarsSection() {
  const { t } = useTranslation('marketing');
  return (
    <section aria-labelledby="pillars-title" className={`${SECTION} py-20`}>
      <SectionHeading id="pillars-title" title={t('landing.pillars.title')} subtitle={t('landing.pillars.subtitle')} />
      <div className="grid gap-6 md:grid-cols-3">
        {PILLARS.map(({ key, Icon }) => (
          <div
            key={key}
            className="rounded-2xl border border-slate-200 bg-white/80 p-6 dark:border-slate-800 dark:bg-slate-900/80"
          >
            <Icon className="h-8 w-8 text-brand-700 dark:text-brand-500" aria-hidden="true" />
            <h3 className="mt-4 text-lg font-semibold">{t(`landing.pillars.${key}.title`)}</h3>
            <p className={`mt-2 text-sm leading-relaxed ${MUTED}`}>{t(`landing.pillars.${key}.text`)}</p>
          </div>
        ))}
      </div>
    </section>
  );
}

export function ScreenshotSection() {
  const { t } = useTranslation('marketing');
  return (
    <section aria-labelledby="screenshot-title" className="bg-slate-50 py-20 dark:bg-slate-900/60">
      <div className={SECTION}>
        <SectionHeading id="screenshot-title" title={t('landing.screenshot.title')} subtitle={t('landing.screenshot.subtitle')} />
        <figure className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-xl dark:border-slate-700 dark:bg-slate-900">
          <img
            src="/media/dashboard.webp"
            alt={t('landing.screenshot.alt')}
            width={1440}
            height={900}
            loading="lazy"
            decoding="async"
            className="h-auto w-full"
          />
          <figcaption className={`grid gap-4 p-6 text-sm sm:grid-cols-3 ${MUTED}`}>
            <span>{t('landing.screenshot.point1')}</span>
            <span>{t('landing.screenshot.point2')}</span>
            <span>{t('landing.screenshot.point3')}</span>
          </figcaption>
        </figure>
      </div>
    </section>
  );
}

export function MigrationSection() {
  const { t } = useTranslation('marketing');
  return (
    <section aria-labelledby="migration-title" className={`${SECTION} py-20`}>
      <div className="grid items-center gap-10 rounded-3xl bg-slate-900 p-8 text-white sm:p-12 lg:grid-cols-[1.4fr_1fr]">
        <div>
          <h2 id="migration-title" className="text-3xl font-bold tracking-tight">
            {t('landing.migration.title')}
          </h2>
          <p className="mt-4 text-slate-200">{t('landing.migration.text')}</p>
          <Link to="/migration-vmware" className={cta('light', 'lg', 'mt-8')}>
            {t('landing.migration.cta')}
            <ArrowRight className="h-5 w-5 rtl:rotate-180" aria-hidden="true" />
          </Link>
        </div>
        <dl className="grid grid-cols-2 gap-6">
          <div>
            <dt className="text-sm text-slate-300">{t('landing.migration.savingsLabel')}</dt>
            <dd className="text-4xl font-extrabold text-brand-500">60 %</dd>
          </div>
          <div>
            <dt className="text-sm text-slate-300">{t('landing.migration.averageLabel')}</dt>
            <dd className="text-4xl font-extrabold text-brand-500">150 K€</dd>
          </div>
        </dl>
      </div>
    </section>
  );
}

const FEATURES = [
  { key: 'dashboard', Icon: LayoutDashboard },
  { key: 'ai', Icon: Bot },
  { key: 'backup', Icon: DatabaseBackup },
  { key: 'multihost', Icon: Server },
] as const;

export function FeaturesSection() {
  const { t } = useTranslation('marketing');
  return (
    <section id="features" aria-labelledby="features-title" className="scroll-mt-20 bg-slate-50 py-20 dark:bg-slate-900/60">
      <div className={SECTION}>
        <SectionHeading id="features-title" title={t('landing.features.title')} subtitle={t('landing.features.subtitle')} />
        <div className="grid gap-6 sm:grid-cols-2">
          {FEATURES.map(({ key, Icon }) => (
            <article
              key={key}
              className="flex gap-4 rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900"
              data-testid={`feature-${key}`}
            >
              <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-xl bg-brand-50 dark:bg-slate-800">
                <Icon className="h-6 w-6 text-brand-700 dark:text-brand-500" aria-hidden="true" />
              </span>
              <div>
                <h3 className="text-lg font-semibold">{t(`landing.features.${key}.title`)}</h3>
                <p className={`mt-2 text-sm leading-relaxed ${MUTED}`}>{t(`landing.features.${key}.text`)}</p>
              </div>
            </article>
          ))}
        </div>
      </div>
    </section>
  );
}

export function ClosingCta() {
  const { t } = useTranslation('marketing');
  return (
    <section aria-labelledby="cta-title" className={`${SECTION} py-20`}>
      <div className="rounded-3xl bg-gradient-to-br from-brand-700 to-orange-900 p-10 text-center text-white sm:p-16">
        <h2 id="cta-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
          {t('landing.cta.title')}
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-orange-50">{t('landing.cta.text')}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-4">
          <Link to="/auth" className={cta('light', 'lg')}>
            {t('landing.cta.primary')}
          </Link>
          <Link to="/pricing" className={cta('onDark', 'lg')}>
            {t('landing.cta.secondary')}
          </Link>
        </div>
      </div>
    </section>
  );
}
