import type { LucideIcon } from 'lucide-react';
import { useCallback, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { cn } from './cn';

export interface TabItem<T extends string> {
  id: T;
  icon: LucideIcon;
  label: string;
  /** Shown after the label (a count). */
  badge?: ReactNode;
}

/**
 * The page's tab, kept in the address (`?tab=…`) so it survives a reload and can be linked to; `fallback` when the
 * address names none of `ids`. Selecting replaces the history entry instead of adding one per click.
 */
export function useAddressTab<T extends string>(ids: readonly T[], fallback: T): [T, (next: T) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab = ids.find((id) => id === asked) ?? fallback;
  const select = useCallback(
    (next: T) =>
      setParams(
        (p) => {
          const copy = new URLSearchParams(p);
          copy.set('tab', next);
          return copy;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [tab, select];
}

/** The ids tying a tab to its panel: spread on the element holding the selected tab's content. */
export const tabPanelProps = (baseId: string, tab: string) => ({
  role: 'tabpanel' as const,
  id: `${baseId}-panel-${tab}`,
  'aria-labelledby': `${baseId}-tab-${tab}`,
  tabIndex: 0,
});

/**
 * A row of tabs (WAI-ARIA tabs pattern): the selected one is in the tab order, the arrows move between tabs and
 * select them (mirrored right to left), Home and End go to the ends.
 */
export function TabList<T extends string>({
  tabs,
  selected,
  onSelect,
  label,
  baseId,
}: {
  tabs: readonly TabItem<T>[];
  selected: T;
  onSelect: (id: T) => void;
  label: string;
  baseId: string;
}) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);

  function handleKey(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const rtl = document.documentElement.dir === 'rtl';
    const step = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1, Home: -index, End: tabs.length - 1 - index }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    const next = (index + step + tabs.length) % tabs.length;
    onSelect(tabs[next]!.id);
    refs.current[next]?.focus();
  }

  return (
    <div role="tablist" aria-label={label} className="flex gap-1 border-b border-slate-200 dark:border-slate-800">
      {tabs.map(({ id, icon: Icon, label: text, badge }, index) => (
        <button
          key={id}
          ref={(el) => {
            refs.current[index] = el;
          }}
          type="button"
          role="tab"
          id={`${baseId}-tab-${id}`}
          aria-controls={`${baseId}-panel-${id}`}
          aria-selected={selected === id}
          tabIndex={selected === id ? 0 : -1}
          onClick={() => onSelect(id)}
          onKeyDown={(e) => handleKey(e, index)}
          className={cn(
            '-mb-px inline-flex items-center gap-2 border-b-2 px-4 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-brand-600',
            selected === id
              ? 'border-brand-600 text-brand-700 dark:text-brand-500'
              : 'border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white',
          )}
          data-testid={`tab-${id}`}
        >
          <Icon className="h-4 w-4" aria-hidden="true" />
          {text}
          {badge}
        </button>
      ))}
    </div>
  );
}
