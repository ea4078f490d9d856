import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** A refused change in the server's words, announced at once, until dismissed or replaced. */
export function FailureAlert({ message, onDismiss, testId }: { message: string | null; onDismiss?: () => void; testId: string }) {
  const { t } = useTranslation('common');
  if (!message) return null;
  return (
    <div
      role="alert"
      className="flex items-start justify-between gap-3 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700 dark:border-red-900 dark:bg-red-950/50 dark:text-red-300"
      data-testid={testId}
    >
      <p>{message}</p>
      {onDismiss ? (
        <button
          type="button"
          onClick={onDismiss}
          className="shrink-0 rounded-md p-0.5 hover:bg-red-100 focus-visible:outline-2 focus-visible:outline-red-600 dark:hover:bg-red-900/50"
          aria-label={t('dismiss')}
        >
          <X className="h-4 w-4" aria-hidden="true" />
        </button>
      ) : null}
    </div>
  );
}
