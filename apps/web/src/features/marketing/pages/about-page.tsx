import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { buttonClasses } from '@/components/ui/button';
import { PublicLayout } from '@/features/marketing/components/public-layout';
import { CardGrid, CtaBand, Figures, PageHero, Section, tList, type TitledText } from '@/features/marketing/content/blocks';

export function AboutPage() {
  const { t } = useTranslation('about');
  return (
    <PublicLayout backLink>
      <PageHero eyebrow={t('hero.eyebrow')} title={t('hero.title')} subtitle={t('hero.subtitle')} />
      <Section id="mission" title={t('mission.title')}>
        <div className="max-w-3xl space-y-4 text-slate-700 dark:text-slate-300">
          {tList(t, 'mission.paragraphs').map((p) => (
            <p key={p}>{p}</p>
          ))}
        </div>
      </Section>
      <Section id="figures" title={t('figures.title')} className="bg-slate-50 dark:bg-slate-900/40">
        <Figures items={tList<{ value: string; label: string }>(t, 'figures.items')} />
      </Section>
      <Section id="values" title={t('values.title')}>
        <CardGrid items={tList<TitledText>(t, 'values.items')} columns={4} />
      </Section>
      <Section id="commitments" title={t('commitments.title')} className="bg-slate-50 dark:bg-slate-900/40">
        <CardGrid items={tList<TitledText>(t, 'commitments.items')} />
      </Section>
      <CtaBand title={t('cta.title')} text={t('cta.text')}>
        <Link to="/contact" className={buttonClasses('primary', 'lg')}>
          {t('cta.contact')}
        </Link>
        <Link to="/auth" className={buttonClasses('outline', 'lg')}>
          {t('cta.try')}
        </Link>
      </CtaBand>
    </PublicLayout>
  );
}
