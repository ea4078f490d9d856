import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { buttonClasses } from '@/components/ui/button';
import { PublicLayout } from '@/features/marketing/components/public-layout';
import { CardGrid, CtaBand, PageHero, Section, tList, type TitledText } from '@/features/marketing/content/blocks';

export function TechnologiesPage() {
  const { t } = useTranslation('technologies');
  return (
    <PublicLayout backLink>
      <PageHero eyebrow={t('hero.eyebrow')} title={t('hero.title')} subtitle={t('hero.subtitle')} />
      <Section id="integrations" title={t('integrations.title')} subtitle={t('integrations.subtitle')}>
        <CardGrid items={tList<TitledText>(t, 'integrations.items')} />
      </Section>
      <Section id="platform" title={t('platform.title')} className="bg-slate-50 dark:bg-slate-900/40">
        <CardGrid items={tList<TitledText>(t, 'platform.items')} columns={2} />
      </Section>
      <Section id="security" title={t('security.title')} subtitle={t('security.subtitle')}>
        <CardGrid items={tList<TitledText>(t, 'security.items')} columns={4} />
      </Section>
      <CtaBand title={t('cta.title')} text={t('cta.text')}>
        <Link to="/install" className={buttonClasses('primary', 'lg')}>
          {t('cta.install')}
        </Link>
        <Link to="/auth" className={buttonClasses('outline', 'lg')}>
          {t('cta.try')}
        </Link>
      </CtaBand>
    </PublicLayout>
  );
}
