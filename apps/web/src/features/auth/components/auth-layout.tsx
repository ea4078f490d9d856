import { ArrowLeft, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSelect } from '@/components/language-select';
import { ThemeToggle } from '@/components/theme-toggle';

/** The sign-in page frame: logo home link, language and theme, the card, legal links and back to home. */
export function AuthLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation('auth');
  return (
    <div className="flex min-h-screen flex-col bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <header className="flex items-center justify-between gap-3 px-4 py-3 sm:px-8">
        <Link
          to="/"
          className="inline-flex items-center gap-2 rounded-lg text-lg font-bold focus-visible:outline-2 focus-visible:outline-brand-600"
          aria-label={t('homeLink')}
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
        <div className="w-full max-w-md">
          <div className="mb-6 text-center">
            <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('title')}</h1>
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{t('subtitle')}</p>
          </div>
          <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900 sm:p-8">
            {children}
          </div>
          <p className="mt-6 text-center text-xs text-slate-500 dark:text-slate-400">
            {t('legal.prefix')}{' '}
            <Link to="/legal/cgv" className="underline hover:text-brand-600" data-testid="legal-cgv">
              {t('legal.terms')}
            </Link>{' '}
            {t('legal.and')}{' '}
            <Link to="/legal/privacy" className="underline hover:text-brand-600" data-testid="legal-privacy">
              {t('legal.privacy')}
            </Link>
            .
          </p>
          <p className="mt-4 text-center">
            <Link
              to="/"
              className="inline-flex items-center gap-1 text-sm font-medium text-brand-600 hover:underline dark:text-brand-400"
              data-testid="back-home"
            >
              <ArrowLeft className="h-4 w-4 rtl:rotate-180" aria-hidden="true" />
              {t('backHome')}
            </Link>
          </p>
        </div>
      </main>
    </div>
  );
}

/** "Back" to the options, at the top of the e-mail and administrator views. */
export function BackButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation('auth');
  return (
    <button
      type="button"
      onClick={onClick}
      className="mb-4 inline-flex items-center gap-1 rounded-md text-sm font-medium text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-slate-400 dark:hover:text-slate-100"
      data-testid="auth-back-button"
    >
      <ArrowLeft className="h-4 w-4 rtl:rotate-180" aria-hidden="true" />
      {t('back')}
    </button>
  );
}

/** A form-level error, announced to screen readers. */
export function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700 dark:border-red-900 dark:bg-red-950/50 dark:text-red-300"
      data-testid="auth-error"
    >
      {message}
    </p>
  );
}

/** A calm note (a cancelled passkey prompt, a copied text): announced politely, not as an error. */
export function FormNote({ message, testId = 'auth-note' }: { message: string | null; testId?: string }) {
  return (
    <p role="status" aria-live="polite" className="text-sm text-slate-600 empty:hidden dark:text-slate-400" data-testid={testId}>
      {message}
    </p>
  );
}
