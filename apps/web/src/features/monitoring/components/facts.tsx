import type { ReactNode } from 'react';

/** A short list of facts (term and value), e.g. a guest's node, cores and memory. */
export function Facts({ items, testId }: { items: { term: string; value: ReactNode }[]; testId: string }) {
  return (
    <dl className="grid grid-cols-2 gap-x-6 gap-y-3 text-sm sm:grid-cols-3 lg:grid-cols-6" data-testid={testId}>
      {items.map((item) => (
        <div key={item.term} className="min-w-0">
          <dt className="text-slate-500 dark:text-slate-400">{item.term}</dt>
          <dd className="truncate font-medium">{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
