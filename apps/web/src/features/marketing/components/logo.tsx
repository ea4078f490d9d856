import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

/** The ProxAI wordmark; always a link to / (SPEC.md §2). */
export function Logo() {
  const { t } = useTranslation('marketing');
  return (
    <Link
      to="/"
      className="flex items-center gap-2 rounded-md text-lg font-bold text-slate-900 dark:text-white"
      aria-label={t('nav.homeLabel')}
    >
      <svg viewBox="0 0 32 32" width="28" height="28" aria-hidden="true">
        <rect width="32" height="32" rx="8" className="fill-brand-700" />
        <path d="M9 23V9h7a5 5 0 0 1 0 10h-3v4z" fill="none" stroke="white" strokeWidth="2.5" strokeLinejoin="round" />
        <circle cx="23" cy="22" r="2.5" fill="white" />
      </svg>
      <span>
        Prox<span className="text-brand-700 dark:text-brand-500">AI</span>
      </span>
    </Link>
  );
}
