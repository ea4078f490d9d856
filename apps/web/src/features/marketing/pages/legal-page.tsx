import { NavLink, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';
import { PublicLayout } from '@/features/marketing/components/public-layout';
import { tList, type TitledText } from '@/features/marketing/content/blocks';

const LEGAL_TYPES = ['privacy', 'mentions', 'cgv'] as const;
type LegalType = (typeof LEGAL_TYPES)[number];

/** SPEC.md §2: any type other than the three known ones shows the privacy policy. */
export function resolveLegalType(type: string | undefined): LegalType {
  return LEGAL_TYPES.find((known) => known === type) ?? 'privacy';
}

export function LegalPage() {
  const { t } = useTranslation('legal');
  const type = resolveLegalType(useParams().type);
  return (
    <PublicLayout backLink>
      <div className="mx-auto max-w-3xl px-4 py-12">
        <nav aria-label={t('nav.label')} className="mb-8 flex flex-wrap gap-2">
          {LEGAL_TYPES.map((known) => (
            <NavLink
              key={known}
              to={`/legal/${known}`}
              aria-current={known === type ? 'page' : undefined}
              className={cn(
                'rounded-full border px-3 py-1 text-sm',
                known === type
                  ? 'border-brand-600 bg-brand-600 text-white'
                  : 'border-slate-300 text-slate-700 hover:bg-slate-100 dark:border-slate-700 dark:text-slate-300 dark:hover:bg-slate-800',
              )}
            >
              {t(`${known}.title`)}
            </NavLink>
          ))}
        </nav>
        <article data-legal-type={type}>
          <h1 className="text-3xl font-bold text-slate-900 dark:text-white">{t(`${type}.title`)}</h1>
          <p className="mt-2 text-sm text-slate-500 dark:text-slate-400">{t('updated')}</p>
          <p className="mt-6 text-slate-700 dark:text-slate-300">{t(`${type}.intro`)}</p>
          {tList<TitledText>(t, `${type}.sections`).map((section) => (
            <section key={section.title} className="mt-8">
              <h2 className="text-xl font-semibold text-slate-900 dark:text-white">{section.title}</h2>
              <p className="mt-2 whitespace-pre-line leading-relaxed text-slate-700 dark:text-slate-300">{section.text}</p>
            </section>
          ))}
        </article>
      </div>
    </PublicLayout>
  );
}
