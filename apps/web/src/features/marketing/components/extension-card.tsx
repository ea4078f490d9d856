import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BadgeCheck, Download, Star } from 'lucide-react';
import type { Extension } from '../data/extensions';
import { cta, MUTED } from './styles';

export function ExtensionCard({ extension: e }: { extension: Extension }) {
  const { t, i18n } = useTranslation('marketplace');
  const number = new Intl.NumberFormat(i18n.resolvedLanguage ?? 'fr');
  return (
    <article
      className="flex flex-col rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
      data-testid="extension-card"
      aria-labelledby={`ext-${e.id}`}
    >
      <div className="flex items-start justify-between gap-3">
        <h3 id={`ext-${e.id}`} className="font-semibold" dir="ltr">
          {e.name}
        </h3>
        {e.verified && (
          <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-800 dark:bg-emerald-900/60 dark:text-emerald-200">
            <BadgeCheck className="h-3.5 w-3.5" aria-hidden="true" />
            {t('verified')}
          </span>
        )}
      </div>
      <p className="mt-1 text-xs font-medium text-brand-700 dark:text-brand-500">{t(`categories.${e.category}`)}</p>
      <p className={`mt-3 flex-1 text-sm leading-relaxed ${MUTED}`} dir="ltr" lang="en">
        {e.description}
      </p>
      <ul className="mt-3 flex flex-wrap gap-1.5" aria-label={t('tags')}>
        {e.tags.map((tag) => (
          <li key={tag} className="rounded bg-slate-100 px-2 py-0.5 text-xs text-slate-700 dark:bg-slate-800 dark:text-slate-300">
            {tag}
          </li>
        ))}
      </ul>
      <dl className={`mt-4 flex items-center gap-4 text-xs ${MUTED}`}>
        <div className="flex items-center gap-1">
          <dt>
            <Star className="h-3.5 w-3.5 text-amber-500" aria-hidden="true" />
            <span className="sr-only">{t('rating')}</span>
          </dt>
          <dd>{e.rating.toFixed(1)}</dd>
        </div>
        <div className="flex items-center gap-1">
          <dt>
            <Download className="h-3.5 w-3.5" aria-hidden="true" />
            <span className="sr-only">{t('downloads')}</span>
          </dt>
          <dd>{number.format(e.downloads)}</dd>
        </div>
        <div>
          <dt className="sr-only">{t('version')}</dt>
          <dd>v{e.version}</dd>
        </div>
      </dl>
      <Link to="/auth" className={cta('outline', 'sm', 'mt-4 w-full')} aria-label={t('installName', { name: e.name })}>
        {t('install')}
      </Link>
    </article>
  );
}
