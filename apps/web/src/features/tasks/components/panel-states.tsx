import { useTranslation } from 'react-i18next';
import { LoadError, LoadingRows } from '@/components/ui/load-states';

/** Placeholder rows while a first answer is awaited. */
export function LoadingState({ rows = 4 }: { rows?: number }) {
  const { t } = useTranslation('tasks');
  return <LoadingRows label={t('loading')} rows={rows} className="h-16" testId="tasks" />;
}

/** What failed, in the server's words when it said something, and a button to ask again. */
export function ErrorState({ message, error, onRetry }: { message: string; error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('tasks');
  return <LoadError message={message} error={error} retryLabel={t('retry')} onRetry={onRetry} testId="tasks" />;
}
