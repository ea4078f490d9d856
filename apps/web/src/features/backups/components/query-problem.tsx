import { PLAN_TYPES } from '@proxai/contract';
import { Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadError } from '@/components/ui/load-states';
import { ApiError } from '@/lib/api-client';

/** The server refused because the organisation's plan lacks the feature (403 `plan_required`). */
export function isPlanRequired(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 403 && error.code === 'plan_required';
}

/** That a feature opens with a higher plan (naming it when the answer did), with a link to the plans. */
export function PlanRequired({ error }: { error: ApiError }) {
  const { t } = useTranslation('backups');
  const plan = PLAN_TYPES.find((p) => p === error.plan);
  return (
    <div
      role="status"
      className="flex gap-3 rounded-lg border border-sky-200 bg-sky-50 p-3 text-sm text-sky-950 dark:border-sky-800 dark:bg-sky-950/40 dark:text-sky-100"
      data-testid="plan-required"
    >
      <Lock className="mt-0.5 h-4 w-4 shrink-0 text-sky-600 dark:text-sky-400" aria-hidden="true" />
      <div className="min-w-0 space-y-1">
        <p className="font-medium">
          {plan ? t('planRequired.title', { plan: t(`planRequired.plans.${plan}`) }) : t('planRequired.titleUnknown')}
        </p>
        <p>{t('planRequired.text')}</p>
        <Link to="/pricing" className="inline-block font-medium underline hover:no-underline" data-testid="plan-required-link">
          {t('planRequired.link')}
        </Link>
      </div>
    </div>
  );
}

/** A failed read: the plan-required state for a 403 `plan_required`, else what failed and a retry button. */
export function QueryProblem({
  error,
  message,
  onRetry,
  testId,
}: {
  error: unknown;
  message: string;
  onRetry: () => void;
  testId: string;
}) {
  const { t } = useTranslation('backups');
  if (isPlanRequired(error)) return <PlanRequired error={error} />;
  return <LoadError message={message} error={error} retryLabel={t('retry')} onRetry={onRetry} testId={testId} />;
}

/** A refused request of a dialog: the plan-required state, else the server's words (or `fallback`), announced. */
export function MutationProblem({ error, fallback, testId }: { error: unknown; fallback: string; testId: string }) {
  if (!error) return null;
  if (isPlanRequired(error)) return <PlanRequired error={error} />;
  return (
    <p
      role="alert"
      className="rounded-md bg-red-50 p-2 text-sm text-red-700 dark:bg-red-950/50 dark:text-red-300"
      data-testid={testId}
    >
      {error instanceof ApiError ? error.detail : fallback}
    </p>
  );
}
