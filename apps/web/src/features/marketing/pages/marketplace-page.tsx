import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Search } from 'lucide-react';
import { cn } from '@/components/ui/cn';
import { ExtensionCard } from '../components/extension-card';
import { PublicLayout } from '../components/public-layout';
import { cta, MUTED, SECTION } from '../components/styles';
import { countByCategory, EXTENSION_CATEGORIES, EXTENSIONS, filterExtensions, type ExtensionCategory } from '../data/extensions';
import { i18n } from '@/lib/i18n';

// Fetch this page's strings as soon as its code arrives, in parallel, rather than when it first renders.
void i18n.loadNamespaces(['marketplace', 'marketing']);

const COUNTS = countByCategory(EXTENSIONS);

export function MarketplacePage() {
  const { t } = useTranslation('marketplace');
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState<ExtensionCategory | 'all'>('all');
  const results = useMemo(() => filterExtensions(EXTENSIONS, query, category), [query, category]);

  return (
    <PublicLayout backLink>
      <section className={`${SECTION} py-12`} aria-labelledby="marketplace-title">
        <h1 id="marketplace-title" className="text-4xl font-extrabold tracking-tight">
          {t('title')}
        </h1>
        <p className={`mt-3 max-w-3xl text-lg ${MUTED}`}>{t('subtitle')}</p>
        <div className="relative mt-8 max-w-xl">
          <label htmlFor="marketplace-search" className="sr-only">
            {t('searchLabel')}
          </label>
          <Search
            className="pointer-events-none absolute start-3 top-1/2 h-5 w-5 -translate-y-1/2 text-slate-500"
            aria-hidden="true"
          />
          <input
            id="marketplace-search"
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder={t('searchPlaceholder')}
            className="h-12 w-full rounded-xl border border-slate-300 bg-white ps-10 pe-3 text-slate-900 placeholder:text-slate-500 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
            data-testid="marketplace-search"
          />
        </div>
      </section>
      <div className={`${SECTION} grid gap-8 pb-16 lg:grid-cols-[240px_1fr]`}>
        <nav aria-label={t('categoriesLabel')}>
          <ul className="flex flex-wrap gap-2 lg:flex-col">
            {(['all', ...EXTENSION_CATEGORIES] as const).map((c) => (
              <li key={c}>
                <button
                  type="button"
                  aria-pressed={category === c}
                  onClick={() => setCategory(c)}
                  data-testid={`category-${c}`}
                  className={cn(
                    'flex w-full items-center justify-between gap-3 rounded-lg px-3 py-2 text-sm font-medium',
                    category === c
                      ? 'bg-brand-700 text-white'
                      : 'bg-slate-100 text-slate-800 hover:bg-slate-200 dark:bg-slate-800 dark:text-slate-200 dark:hover:bg-slate-700',
                  )}
                >
                  <span>{c === 'all' ? t('categories.all') : t(`categories.${c}`)}</span>
                  <span className="tabular-nums" data-testid={`category-count-${c}`}>
                    {COUNTS[c]}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-labelledby="results-title">
          <h2 id="results-title" className="sr-only">
            {t('resultsTitle')}
          </h2>
          <p role="status" className={`mb-4 text-sm ${MUTED}`} data-testid="marketplace-count">
            {t('resultCount', { count: results.length })}
          </p>
          {results.length === 0 ? (
            <p className="rounded-2xl border border-dashed border-slate-300 p-10 text-center dark:border-slate-700">
              {t('empty')}
            </p>
          ) : (
            <div className="grid gap-5 sm:grid-cols-2 xl:grid-cols-3">
              {results.map((e) => (
                <ExtensionCard key={e.id} extension={e} />
              ))}
            </div>
          )}
        </section>
      </div>
      <section className={`${SECTION} pb-20`}>
        <div className="flex flex-col items-center gap-4 rounded-3xl bg-slate-900 p-10 text-center text-white">
          <h2 className="text-2xl font-bold">{t('cta.title')}</h2>
          <p className="text-slate-200">{t('cta.text')}</p>
          <Link to="/auth" className={cta('light', 'lg')}>
            {t('cta.button')}
          </Link>
        </div>
      </section>
    </PublicLayout>
  );
}
