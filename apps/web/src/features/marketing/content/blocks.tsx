import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { cn } from '@/components/ui/cn';

/** Reads a list from a namespace; a missing or malformed key yields an empty list rather than a crash. */
export function tList<T = string>(t: TFunction, key: string): T[] {
  const value: unknown = t(key, { returnObjects: true });
  return Array.isArray(value) ? (value as T[]) : [];
}

export interface TitledText {
  title: string;
  text: string;
}

/** The page's only h1, with an optional eyebrow line and actions underneath. */
export function PageHero({
  eyebrow,
  title,
  subtitle,
  children,
}: {
  eyebrow?: string;
  title: string;
  subtitle?: string;
  children?: ReactNode;
}) {
  return (
    <header className="border-b border-slate-200 bg-gradient-to-b from-brand-50 to-white px-4 py-16 sm:px-6 dark:border-slate-800 dark:from-slate-900 dark:to-slate-950">
      <div className="mx-auto max-w-5xl text-center">
        {eyebrow && (
          <p className="mb-3 text-sm font-semibold uppercase tracking-wide text-brand-700 dark:text-brand-500">{eyebrow}</p>
        )}
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-5xl dark:text-white">{title}</h1>
        {subtitle && <p className="mx-auto mt-4 max-w-3xl text-lg text-slate-600 dark:text-slate-300">{subtitle}</p>}
        {children && <div className="mt-8 flex flex-wrap items-center justify-center gap-3">{children}</div>}
      </div>
    </header>
  );
}

export function Section({
  id,
  title,
  subtitle,
  children,
  className,
}: {
  id?: string;
  title: string;
  subtitle?: string;
  children: ReactNode;
  className?: string;
}) {
  const headingId = id ? `${id}-title` : undefined;
  return (
    <section id={id} aria-labelledby={headingId} className={cn('px-4 py-14 sm:px-6', className)}>
      <div className="mx-auto max-w-6xl">
        <h2 id={headingId} className="text-2xl font-bold text-slate-900 sm:text-3xl dark:text-white">
          {title}
        </h2>
        {subtitle && <p className="mt-3 max-w-3xl text-slate-600 dark:text-slate-300">{subtitle}</p>}
        <div className="mt-8">{children}</div>
      </div>
    </section>
  );
}

/** A responsive grid of title + text cards, the most common block of the public pages. */
export function CardGrid({ items, columns = 3 }: { items: TitledText[]; columns?: 2 | 3 | 4 }) {
  const cols = { 2: 'md:grid-cols-2', 3: 'md:grid-cols-3', 4: 'md:grid-cols-2 lg:grid-cols-4' }[columns];
  return (
    <ul className={cn('grid gap-5', cols)}>
      {items.map((item) => (
        <li
          key={item.title}
          className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
        >
          <h3 className="font-semibold text-slate-900 dark:text-white">{item.title}</h3>
          <p className="mt-2 text-sm leading-relaxed text-slate-600 dark:text-slate-300">{item.text}</p>
        </li>
      ))}
    </ul>
  );
}

/** Big figures (marketing claims of SPEC.md §1) in a row. */
export function Figures({ items }: { items: { value: string; label: string }[] }) {
  return (
    <dl className="grid grid-cols-2 gap-5 md:grid-cols-4">
      {items.map((f) => (
        <div key={f.label} className="flex flex-col rounded-xl bg-slate-50 p-5 text-center dark:bg-slate-900">
          <dt className="text-sm text-slate-600 dark:text-slate-400">{f.label}</dt>
          <dd className="order-first text-3xl font-bold text-brand-600 dark:text-brand-500">{f.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Closing call to action: a title, a sentence and link buttons. */
export function CtaBand({ title, text, children }: { title: string; text?: string; children: ReactNode }) {
  return (
    <section className="px-4 py-16 text-center">
      <h2 className="text-2xl font-bold text-slate-900 dark:text-white">{title}</h2>
      {text && <p className="mx-auto mt-3 max-w-2xl text-slate-600 dark:text-slate-300">{text}</p>}
      <div className="mt-6 flex flex-wrap justify-center gap-3">{children}</div>
    </section>
  );
}
