import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LanguageSelect } from './language-select';
import { ThemeToggle } from './theme-toggle';

/** Temporary screen for a route whose feature is being built. */
export function PlaceholderPage({ title }: { title: string }) {
  const { t } = useTranslation('common');
  return (
    <main className="mx-auto flex min-h-screen max-w-3xl flex-col items-start justify-center gap-4 p-8">
      <div className="flex gap-2">
        <LanguageSelect />
        <ThemeToggle />
      </div>
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="text-slate-600 dark:text-slate-400">{t('comingSoon')}</p>
      <Link to="/" className="text-brand-600 underline">
        {t('backHome')}
      </Link>
    </main>
  );
}
