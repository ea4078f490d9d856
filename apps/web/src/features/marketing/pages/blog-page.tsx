import { useTranslation } from 'react-i18next';
import { CalendarDays, Clock } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { PublicLayout } from '@/features/marketing/components/public-layout';
import { PageHero, tList } from '@/features/marketing/content/blocks';

interface Article {
  category: string;
  title: string;
  excerpt: string;
  date: string;
  readTime: string;
}

export function BlogPage() {
  const { t } = useTranslation('blog');
  const articles = tList<Article>(t, 'articles');
  return (
    <PublicLayout backLink>
      <PageHero eyebrow={t('hero.eyebrow')} title={t('hero.title')} subtitle={t('hero.subtitle')} />
      <div className="mx-auto max-w-6xl px-4 py-14">
        <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {articles.map((article) => (
            <li key={article.title}>
              <article className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900">
                <p className="text-xs font-semibold uppercase tracking-wide text-brand-700 dark:text-brand-500">
                  {article.category}
                </p>
                <h2 className="mt-2 text-lg font-semibold text-slate-900 dark:text-white">{article.title}</h2>
                <p className="mt-3 flex-1 text-sm leading-relaxed text-slate-600 dark:text-slate-300">{article.excerpt}</p>
                <p className="mt-4 flex flex-wrap gap-4 text-xs text-slate-500 dark:text-slate-400">
                  <span className="inline-flex items-center gap-1">
                    <CalendarDays className="h-3.5 w-3.5" aria-hidden="true" />
                    {article.date}
                  </span>
                  <span className="inline-flex items-center gap-1">
                    <Clock className="h-3.5 w-3.5" aria-hidden="true" />
                    {article.readTime}
                  </span>
                </p>
              </article>
            </li>
          ))}
        </ul>
        {/* SPEC.md §2: the 'load more' button exists but does nothing yet; it says so instead of pretending. */}
        <div className="mt-10 flex flex-col items-center gap-2">
          <Button variant="outline" disabled aria-describedby="blog-more-hint" title={t('loadMoreHint')}>
            {t('loadMore')}
          </Button>
          <p id="blog-more-hint" className="text-sm text-slate-500 dark:text-slate-400">
            {t('loadMoreHint')}
          </p>
        </div>
      </div>
    </PublicLayout>
  );
}
