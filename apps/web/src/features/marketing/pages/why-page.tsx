import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { buttonClasses } from '@/components/ui/button';
import { PublicLayout } from '@/features/marketing/components/public-layout';
import { CardGrid, CtaBand, Figures, PageHero, Section, tList, type TitledText } from '@/features/marketing/content/blocks';

interface ComparisonRow {
  topic: string;
  without: string;
  with: string;
}

export function WhyPage() {
  const { t } = useTranslation('why');
  return (
    <PublicLayout backLink>
      <PageHero eyebrow={t('hero.eyebrow')} title={t('hero.title')} subtitle={t('hero.subtitle')}>
        <Link to="/auth" className={buttonClasses('primary', 'lg')}>
          {t('cta.try')}
        </Link>
        <Link to="/product" className={buttonClasses('outline', 'lg')}>
          {t('cta.product')}
        </Link>
      </PageHero>
      <Section id="figures" title={t('figures.title')}>
        <Figures items={tList<{ value: string; label: string }>(t, 'figures.items')} />
      </Section>
      <Section id="reasons" title={t('reasons.title')} className="bg-slate-50 dark:bg-slate-900/40">
        <CardGrid items={tList<TitledText>(t, 'reasons.items')} />
      </Section>
      <Section id="comparison" title={t('comparison.title')}>
        <div className="overflow-x-auto">
          <table className="w-full min-w-[36rem] border-collapse text-start text-sm">
            <thead>
              <tr className="border-b border-slate-300 dark:border-slate-700">
                <th scope="col" className="p-3 text-start">
                  {t('comparison.topic')}
                </th>
                <th scope="col" className="p-3 text-start">
                  {t('comparison.without')}
                </th>
                <th scope="col" className="p-3 text-start text-brand-700 dark:text-brand-500">
                  {t('comparison.with')}
                </th>
              </tr>
            </thead>
            <tbody>
              {tList<ComparisonRow>(t, 'comparison.rows').map((row) => (
                <tr key={row.topic} className="border-b border-slate-200 dark:border-slate-800">
                  <th scope="row" className="p-3 text-start font-medium text-slate-900 dark:text-white">
                    {row.topic}
                  </th>
                  <td className="p-3 text-slate-600 dark:text-slate-400">{row.without}</td>
                  <td className="p-3 text-slate-800 dark:text-slate-200">{row.with}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
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
