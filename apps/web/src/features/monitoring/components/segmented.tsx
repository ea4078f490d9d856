import { cn } from '@/components/ui/cn';

/**
 * A choice among a few options drawn as joined buttons: native radio inputs underneath, so arrows, Tab and
 * screen readers work as for any radio group.
 */
export function Segmented<T extends string>({
  legend,
  name,
  options,
  value,
  onChange,
  testId,
}: {
  legend: string;
  name: string;
  options: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
  testId: string;
}) {
  return (
    <fieldset className="inline-flex items-center gap-2" data-testid={testId}>
      <legend className="sr-only">{legend}</legend>
      <div className="inline-flex overflow-hidden rounded-lg border border-slate-300 dark:border-slate-600">
        {options.map((option) => (
          <label
            key={option.value}
            className={cn(
              'cursor-pointer px-3 py-1.5 text-sm font-medium has-[:focus-visible]:outline-2 has-[:focus-visible]:-outline-offset-2 has-[:focus-visible]:outline-brand-600',
              option.value === value
                ? 'bg-brand-600 text-white'
                : 'bg-white text-slate-700 hover:bg-slate-50 dark:bg-slate-900 dark:text-slate-200 dark:hover:bg-slate-800',
            )}
          >
            <input
              type="radio"
              className="sr-only"
              name={name}
              value={option.value}
              checked={option.value === value}
              onChange={() => onChange(option.value)}
              data-testid={`${testId}-${option.value}`}
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
