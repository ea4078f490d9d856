import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeft } from 'lucide-react';
import { SiteNav } from './site-nav';
import { SiteFooter } from './site-footer';
import { SkipLink } from './skip-link';

/**
 * Frame of every public page except the landing page: skip link, site navigation, <main id="main">, footer.
 * `backLink` adds the back-to-home button of SPEC.md §2.
 */
export function PublicLayout({ children, backLink = false }: { children: ReactNode; backLink?: boolean }) {
  const { t } = useTranslation('common');
  return (
    <div className="flex min-h-screen flex-col bg-white text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <SkipLink />
      <SiteNav />
      <main id="main" className="flex-1" tabIndex={-1}>
        {backLink && (
          <div className="mx-auto max-w-6xl px-4 pt-6 sm:px-6">
            <Link
              to="/"
              className="inline-flex items-center gap-2 rounded-md text-sm font-medium text-slate-700 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white"
              data-testid="back-home"
            >
              <ArrowLeft className="h-4 w-4 rtl:rotate-180" aria-hidden="true" />
              {t('backHome')}
            </Link>
          </div>
        )}
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
