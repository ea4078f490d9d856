import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { History } from 'lucide-react';

/** Banner on the legacy variants (/old-home, /old-pricing) pointing to the current page. */
export function LegacyNotice({ current }: { current: '/' | '/pricing' }) {
  const { t } = useTranslation('marketing');
  return (
    <div className="border-b border-amber-200 bg-amber-50 dark:border-amber-900 dark:bg-amber-950/50" role="note">
      <p className="mx-auto flex max-w-6xl flex-wrap items-center gap-2 px-4 py-3 text-sm text-amber-900 sm:px-6 dark:text-amber-100">
        <History className="h-4 w-4" aria-hidden="true" />
        {t('legacy.notice')}
        <Link to={current} className="font-semibold underline">
          {t('legacy.seeCurrent')}
        </Link>
      </p>
    </div>
  );
}
