import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Archive, BarChart3, Puzzle, ShieldCheck, Workflow, type LucideIcon } from 'lucide-react';
import { buttonClasses } from '@/components/ui/button';
import { PublicLayout } from '@/features/marketing/components/public-layout';
import { CardGrid, CtaBand, PageHero, Section, tList, type TitledText } from '@/features/marketing/content/blocks';

// The five categories of SPEC.md §2, in its order; their copy lives in product.json.
const CATEGORIES: { key: string; icon: LucideIcon }[] = [
  { key: 'management', icon: Workflow },
  { key: 'security', icon: ShieldCheck },
  { key: 'backup', icon: Archive },
  { key: 'observability', icon: BarChart3 },
  { key: 'extensions', icon: Puzzle },
];

export function ProductPage() {
  const { t } = useTranslation('product');
  return (
    <PublicLayout backLink>
      <PageHero eyebrow={t('hero.eyebrow')} title={t('hero.title')} subtitle={t('hero.subtitle')}>
        <Link to="/auth" className={buttonClasses('primary', 'lg')}>
          {t('cta.try')}
        </Link>
        <Link to="/pricing" className={buttonClasses('outline', 'lg')}>
          {t('cta.pricing')}
        </Link>
      </PageHero>

      <Section id="categories" title={t('categories.title')} subtitle={t('categories.subtitle')}>
        <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {CATEGORIES.map(({ key, icon: Icon }) => (
            <article
              key={key}
              aria-labelledby={`category-${key}`}
              className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900"
            >
              <Icon className="h-8 w-8 text-brand-600" aria-hidden="true" />
              <h3 id={`category-${key}`} className="mt-3 text-lg font-semibold text-slate-900 dark:text-white">
                {t(`categories.${key}.title`)}
              </h3>
              <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{t(`categories.${key}.text`)}</p>
              <ul className="mt-4 list-disc space-y-1 ps-5 text-sm text-slate-700 dark:text-slate-300">
                {tList(t, `categories.${key}.features`).map((feature) => (
                  <li key={feature}>{feature}</li>
                ))}
              </ul>
            </article>
          ))}
        </div>
      </Section>

      <Section id="advantages" title={t('advantages.title')} className="bg-slate-50 dark:bg-slate-900/40">
        <CardGrid items={tList<TitledText>(t, 'advantages.items')} columns={4} />
      </Section>

      <Section id="use-cases" title={t('useCases.title')}>
        <CardGrid items={tList<TitledText>(t, 'useCases.items')} />
      </Section>

      <Section
        id="architecture"
        title={t('architecture.title')}
        subtitle={t('architecture.subtitle')}
        className="bg-slate-50 dark:bg-slate-900/40"
      >
        <ol className="grid gap-5 md:grid-cols-2 lg:grid-cols-4">
          {tList<TitledText>(t, 'architecture.items').map((item, index) => (
            <li
              key={item.title}
              className="rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
            >
              <span className="text-sm font-bold text-brand-600">{index + 1}</span>
              <h3 className="mt-1 font-semibold text-slate-900 dark:text-white">{item.title}</h3>
              <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{item.text}</p>
            </li>
          ))}
        </ol>
      </Section>

      <CtaBand title={t('cta.title')} text={t('cta.text')}>
        <Link to="/auth" className={buttonClasses('primary', 'lg')}>
          {t('cta.try')}
        </Link>
        <Link to="/pricing" className={buttonClasses('outline', 'lg')}>
          {t('cta.pricing')}
        </Link>
      </CtaBand>
    </PublicLayout>
  );
}
