import { RotateCw } from 'lucide-react';
import { ApiError } from '@/lib/api-client';
import { Button } from './button';
import { Skeleton } from './card';

/** Placeholder rows while a first answer is awaited; `testId` names it `${testId}-loading`. */
export function LoadingRows({
  label,
  rows = 3,
  className = 'h-14',
  testId,
}: {
  label: string;
  rows?: number;
  className?: string;
  testId: string;
}) {
  return (
    <div role="status" aria-busy="true" aria-label={label} className="space-y-2" data-testid={`${testId}-loading`}>
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} className={className} />
      ))}
    </div>
  );
}

/**
 * What failed, in the server's words when it said something, and a button to ask again (`${testId}-error`,
 * `${testId}-retry`).
 */
export function LoadError({
  message,
  error,
  retryLabel,
  onRetry,
  testId,
}: {
  message: string;
  error: unknown;
  retryLabel: string;
  onRetry: () => void;
  testId: string;
}) {
  return (
    <div
      role="alert"
      className="space-y-2 rounded-lg bg-red-50 p-3 text-sm text-red-700 dark:bg-red-950/50 dark:text-red-300"
      data-testid={`${testId}-error`}
    >
      <p className="font-medium">{message}</p>
      {error instanceof ApiError ? <p>{error.detail}</p> : null}
      <Button variant="outline" size="sm" onClick={onRetry} data-testid={`${testId}-retry`}>
        <RotateCw className="h-4 w-4" aria-hidden="true" />
        {retryLabel}
      </Button>
    </div>
  );
}
