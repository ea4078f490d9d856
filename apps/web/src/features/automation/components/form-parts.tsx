import type { ReactNode } from 'react';
import { Checkbox } from '@/components/ui/checkbox';
import type { ScheduleField } from '../schedule-form-state';

/** A field's id and its error's wiring (`${id}-${field}`, `${id}-${field}-error`), for labels and focus. */
export function fieldAria(id: string, field: ScheduleField, messages: Partial<Record<ScheduleField, string>>) {
  return {
    id: `${id}-${field}`,
    'aria-invalid': messages[field] ? true : undefined,
    'aria-describedby': messages[field] ? `${id}-${field}-error` : undefined,
  } as const;
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-3">
      <legend className="mb-1 text-sm font-semibold">{title}</legend>
      {children}
    </fieldset>
  );
}

export function Toggle({
  checked,
  onChange,
  label,
  hint,
  testId,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: string;
  hint?: string;
  testId: string;
}) {
  return (
    <label className="flex items-start gap-2 text-sm">
      <Checkbox className="mt-0.5" checked={checked} onChange={(e) => onChange(e.target.checked)} data-testid={testId} />
      <span>
        <span className="font-medium">{label}</span>
        {hint ? <span className="block text-xs text-slate-500 dark:text-slate-400">{hint}</span> : null}
      </span>
    </label>
  );
}
