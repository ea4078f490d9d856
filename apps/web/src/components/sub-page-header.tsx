import { ArrowLeft, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { AccountMenu } from './account-menu';
import { LanguageSelect } from './language-select';
import { ThemeToggle } from './theme-toggle';
import { buttonClasses } from './ui/button';
import { cn } from './ui/cn';

/** The header of a signed-in page reached from the dashboard: back to it, then language, theme and account. */
export function SubPageHeader({ backLabel, width = 'max-w-6xl' }: { backLabel: string; width?: 'max-w-6xl' | 'max-w-7xl' }) {
  return (
    <header className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
      <div className={cn('mx-auto flex flex-wrap items-center justify-between gap-3 px-4 py-3', width)}>
        <Link to="/dashboard" className={buttonClasses('ghost', 'sm')} data-testid="back-to-dashboard">
          <ArrowLeft className="h-4 w-4 rtl:rotate-180" aria-hidden="true" />
          {backLabel}
        </Link>
        <div className="flex flex-wrap items-center gap-2">
          <LanguageSelect />
          <ThemeToggle />
          <AccountMenu />
        </div>
      </div>
    </header>
  );
}

/** The page's title with its icon, and a line saying what the page is for. */
export function PageTitle({ icon: Icon, title, subtitle }: { icon: LucideIcon; title: string; subtitle: string }) {
  return (
    <div>
      <h1 className="flex items-center gap-2 text-2xl font-bold">
        <Icon className="h-6 w-6 text-brand-600" aria-hidden="true" />
        {title}
      </h1>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{subtitle}</p>
    </div>
  );
}
