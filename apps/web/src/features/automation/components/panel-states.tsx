import type { UseQueryResult } from '@tanstack/react-query';
import { Lock, Plus, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { LoadError, LoadingRows } from '@/components/ui/load-states';
import { ApiError } from '@/lib/api-client';

/** Placeholder rows while a first answer is awaited. */
export function Loading({ rows = 3, className }: { rows?: number; className?: string }) {
  const { t } = useTranslation('automation');
  return <LoadingRows label={t('loading')} rows={rows} className={className} testId="automation" />;
}

/**
 * What failed, in the server's words when it said something, and a button to ask again; a feature the
 * organisation's plan does not include (403 `plan_required`) says so and links to the plans instead.
 */
export function ErrorState({ message, error, onRetry }: { message: string; error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('automation');
  if (error instanceof ApiError && error.code === 'plan_required') {
    return (
      <EmptyState
        icon={<Lock className="h-10 w-10" />}
        title={t('planRequired.title')}
        text={error.detail}
        action={
          <Link to="/pricing" className={buttonClasses('primary', 'sm')}>
            {t('planRequired.link')}
          </Link>
        }
        testId="automation-plan-required"
      />
    );
  }
  return <LoadError message={message} error={error} retryLabel={t('retry')} onRetry={onRetry} testId="automation" />;
}

/** Nothing yet: what the section is for, and what to do first. */
export function EmptyState({
  icon,
  title,
  text,
  action,
  testId,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  action?: ReactNode;
  testId: string;
}) {
  return (
    <Card className="flex flex-col items-center gap-2 py-10 text-center" data-testid={testId}>
      <span className="text-slate-400" aria-hidden="true">
        {icon}
      </span>
      <h3 className="font-semibold">{title}</h3>
      <p className="max-w-md text-sm text-slate-500 dark:text-slate-400">{text}</p>
      {action ? <div className="mt-2">{action}</div> : null}
    </Card>
  );
}

export interface ListSectionProps<T> {
  query: UseQueryResult<T[]>;
  intro: string;
  loadError: string;
  /** The create button (members who may create): beside the intro once the list has items, in the empty state before. */
  create?: { label: string; testId: string; onClick: () => void };
  empty: { icon: ReactNode; title: string; text: string; testId: string };
  children: (items: T[]) => ReactNode;
}

/** A tab's list: its intro, then skeletons, an error with a retry, the empty state, or the items. */
export function ListSection<T>({ query, intro, loadError, create, empty, children }: ListSectionProps<T>) {
  const items = query.data ?? [];
  const createButton = create ? (
    <Button onClick={create.onClick} data-testid={create.testId}>
      <Plus className="h-4 w-4" aria-hidden="true" />
      {create.label}
    </Button>
  ) : null;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600 dark:text-slate-400">{intro}</p>
        {items.length > 0 ? createButton : null}
      </div>
      {query.isPending ? (
        <Loading />
      ) : query.isError ? (
        <ErrorState message={loadError} error={query.error} onRetry={() => void query.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState {...empty} action={createButton} />
      ) : (
        children(items)
      )}
    </div>
  );
}

/** "Delete … ?" before a deletion: the safe choice focused, the request awaited in the dialog. */
export function DeleteDialog({
  title,
  text,
  confirmLabel,
  isPending,
  onConfirm,
  onClose,
}: {
  title: string;
  text: string;
  confirmLabel: string;
  isPending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('automation');
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={title}
      description={text}
      confirmLabel={confirmLabel}
      cancelLabel={t('cancel')}
      closeLabel={t('close')}
      isDestructive
      isPending={isPending}
      onConfirm={onConfirm}
    />
  );
}

/** The text of a failed request for a toast's description: the server's detail, if it gave one. */
export function errorDetail(error: unknown): string | undefined {
  return error instanceof ApiError && error.detail ? error.detail : undefined;
}

export interface RowAction {
  /** `data-testid`. */
  testId: string;
  icon: LucideIcon;
  /** Names the item ("Delete Nightly snapshots"): the button shows only its icon. */
  label: string;
  title: string;
  tone?: string;
  busy?: boolean;
  onClick: () => void;
}

/** An item's icon buttons (run, edit, delete…), each named for screen readers. */
export function RowActions({ actions, className }: { actions: RowAction[]; className?: string }) {
  return (
    <div className={cn('flex gap-1', className)}>
      {actions.map(({ testId, icon: Icon, label, title, tone, busy, onClick }) => (
        <Button
          key={testId}
          variant="ghost"
          size="icon"
          aria-label={label}
          title={title}
          isLoading={busy}
          onClick={onClick}
          data-testid={testId}
        >
          {busy ? null : <Icon className={cn('h-4 w-4', tone)} aria-hidden="true" />}
        </Button>
      ))}
    </div>
  );
}
