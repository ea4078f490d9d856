/** View 4 (and the session check on opening): a spinner announced to screen readers. */
export function LoadingView({ label, testId }: { label: string; testId: string }) {
  return (
    <div className="flex flex-col items-center gap-4 py-8" role="status" aria-live="polite" data-testid={testId}>
      <span className="h-10 w-10 animate-spin rounded-full border-4 border-brand-600 border-t-transparent" aria-hidden="true" />
      <p className="text-sm font-medium text-slate-700 dark:text-slate-300">{label}</p>
    </div>
  );
}
