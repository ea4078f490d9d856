import { Hourglass, X } from 'lucide-react';
import { FailureAlert } from '@/components/failure-alert';
import { useTranslation } from 'react-i18next';
import type { Notice } from '../failure';

/**
 * A change's outcome above a list: a refusal as FailureAlert (`${testId}-failure`), or news such as "sent for
 * approval" (`${testId}-notice`) in a polite live region that is always there, so screen readers hear it arrive.
 */
export function ChangeNotice({ notice, onDismiss, testId }: { notice: Notice | null; onDismiss: () => void; testId: string }) {
  const { t } = useTranslation('members');
  const info = notice?.tone === 'info' ? notice.message : null;
  return (
    <>
      <FailureAlert
        message={notice?.tone === 'error' ? notice.message : null}
        onDismiss={onDismiss}
        testId={`${testId}-failure`}
      />
      <div role="status" aria-live="polite" className="empty:hidden">
        {info ? (
          <div
            className="flex items-start justify-between gap-3 rounded-lg border border-sky-200 bg-sky-50 px-3 py-2 text-sm text-sky-900 dark:border-sky-900 dark:bg-sky-950/40 dark:text-sky-100"
            data-testid={`${testId}-notice`}
          >
            <p className="flex items-start gap-2">
              <Hourglass className="mt-0.5 h-4 w-4 shrink-0 text-sky-600 dark:text-sky-400" aria-hidden="true" />
              {info}
            </p>
            <button
              type="button"
              onClick={onDismiss}
              className="shrink-0 rounded-md p-0.5 hover:bg-sky-100 focus-visible:outline-2 focus-visible:outline-sky-600 dark:hover:bg-sky-900/50"
              aria-label={t('dismiss')}
            >
              <X className="h-4 w-4" aria-hidden="true" />
            </button>
          </div>
        ) : null}
      </div>
    </>
  );
}
