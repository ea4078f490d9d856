import type { ReactNode } from 'react';

export interface DataTableProps {
  /** Said to screen readers (the visible title is the section's heading). */
  caption: string;
  headers: readonly string[];
  rows: readonly { key: string; cells: readonly ReactNode[] }[];
  testId: string;
  /** `data-testid` of each row. */
  rowTestId: string;
}

/** A plain, scrollable table with header cells, for the pages' short lists (tens of rows). */
export function DataTable({ caption, headers, rows, testId, rowTestId }: DataTableProps) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm" data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-500 uppercase dark:border-slate-800 dark:bg-slate-900/60 dark:text-slate-400">
          <tr>
            {headers.map((h) => (
              <th key={h} scope="col" className="px-3 py-2 text-start">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {rows.map((row) => (
            <tr key={row.key} data-testid={rowTestId}>
              {row.cells.map((cell, i) => (
                <td key={i} className="px-3 py-2 align-top">
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A card holding a table edge to edge (Card's padding is for text). */
export function TableCard({ children }: { children: ReactNode }) {
  return (
    <div className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900">
      {children}
    </div>
  );
}

/** A section of a page: its heading, an optional line under it, and its content or an empty-state sentence. */
export function Section({
  title,
  hint,
  isEmpty,
  emptyText,
  testId,
  children,
  action,
}: {
  title: string;
  hint?: string;
  isEmpty: boolean;
  emptyText: string;
  testId: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <section className="space-y-2" aria-label={title} data-testid={testId}>
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h2 className="text-lg font-semibold">{title}</h2>
          {hint ? <p className="text-sm text-slate-500 dark:text-slate-400">{hint}</p> : null}
        </div>
        {action}
      </div>
      {isEmpty ? (
        <p
          className="rounded-lg bg-slate-100 p-3 text-sm text-slate-600 dark:bg-slate-900 dark:text-slate-300"
          data-testid={`${testId}-empty`}
        >
          {emptyText}
        </p>
      ) : (
        <TableCard>{children}</TableCard>
      )}
    </section>
  );
}
