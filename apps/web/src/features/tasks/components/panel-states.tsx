import { RotateCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/card';
import { ApiError } from '@/lib/api-client';

/** Placeholder rows while a first answer is awaited. */
export function LoadingState({ rows = 4 }: { rows?: number }) {
  const { t } = useTranslation('tasks');
  return (
    <div role="status" aria-busy="true" aria-label={t('loading')} className="space-y-2" data-testid="tasks-loading">
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} className="h-16" />
      ))}
    </div>
  );
}

/** What failed, in the server's words when it said something, and a button to ask again. */
export function ErrorState({ message, error, onRetry }: { message: string; error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('tasks');
  return (
    <div
      role="alert"
      className="space-y-2 rounded-lg bg-red-50 p-3 text-sm text-red-700 dark:bg-red-950/50 dark:text-red-300"
      data-testid="tasks-error"
    >
      <p className="font-medium">{message}</p>
      {error instanceof ApiError ? <p>{error.detail}</p> : null}
      <Button variant="outline" size="sm" onClick={onRetry} data-testid="tasks-retry">
        <RotateCw className="h-4 w-4" aria-hidden="true" />
        {t('retry')}
      </Button>
    </div>
  );
}
