import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { buttonClasses } from '@/components/ui/button';
import { PublicLayout } from '@/features/marketing/components/public-layout';
import { CtaBand, PageHero, tList } from '@/features/marketing/content/blocks';

interface Story {
  sector: string;
  company: string;
  title: string;
  challenge: string;
  solution: string;
  results: string[];
}

export function UseCasesPage() {
  const { t } = useTranslation('usecases');
  return (
    <PublicLayout backLink>
      <PageHero eyebrow={t('hero.eyebrow')} title={t('hero.title')} subtitle={t('hero.subtitle')}>
        <Link to="/auth" className={buttonClasses('primary', 'lg')}>
          {t('cta.try')}
        </Link>
        <Link to="/migration-vmware" className={buttonClasses('outline', 'lg')}>
          {t('cta.migration')}
        </Link>
      </PageHero>
      <div className="mx-auto max-w-5xl space-y-8 px-4 py-14">
        {tList<Story>(t, 'stories').map((story) => (
          <article
            key={story.company}
            className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900"
          >
            <p className="text-sm font-semibold text-brand-700 dark:text-brand-500">
              {story.sector} · {story.company}
            </p>
            <h2 className="mt-2 text-xl font-bold text-slate-900 dark:text-white">{story.title}</h2>
            <div className="mt-4 grid gap-6 md:grid-cols-3">
              <div>
                <h3 className="font-semibold text-slate-900 dark:text-white">{t('labels.challenge')}</h3>
                <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{story.challenge}</p>
              </div>
              <div>
                <h3 className="font-semibold text-slate-900 dark:text-white">{t('labels.solution')}</h3>
                <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{story.solution}</p>
              </div>
              <div>
                <h3 className="font-semibold text-slate-900 dark:text-white">{t('labels.results')}</h3>
                <ul className="mt-1 list-disc space-y-1 ps-5 text-sm text-slate-600 dark:text-slate-300">
                  {story.results.map((r) => (
                    <li key={r}>{r}</li>
                  ))}
                </ul>
              </div>
            </div>
          </article>
        ))}
      </div>
      <CtaBand title={t('cta.title')} text={t('cta.text')}>
        <Link to="/auth" className={buttonClasses('primary', 'lg')}>
          {t('cta.try')}
        </Link>
        <Link to="/migration-vmware" className={buttonClasses('outline', 'lg')}>
          {t('cta.migration')}
        </Link>
      </CtaBand>
    </PublicLayout>
  );
}
