import { ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSelect } from '@/components/language-select';
import { ThemeToggle } from '@/components/theme-toggle';

/** The public invitation page's frame: logo home link, language and theme, then one card. */
export function InviteLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation('members');
  return (
    <div className="flex min-h-screen flex-col bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <header className="flex items-center justify-between gap-3 px-4 py-3 sm:px-8">
        <Link
          to="/"
          className="inline-flex items-center gap-2 rounded-lg text-lg font-bold focus-visible:outline-2 focus-visible:outline-brand-600"
          aria-label={t('invitePage.homeLink')}
        >
          <ShieldCheck className="h-6 w-6 text-brand-600" aria-hidden="true" />
          ProxAI
        </Link>
        <div className="flex items-center gap-2">
          <LanguageSelect />
          <ThemeToggle />
        </div>
      </header>
      <main id="main" className="flex flex-1 items-start justify-center px-4 pb-10 pt-6 sm:items-center sm:pt-0">
        <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900">
          {children}
        </div>
      </main>
    </div>
  );
}
