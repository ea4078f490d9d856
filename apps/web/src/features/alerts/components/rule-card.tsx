import type { AlertSeverity, Host } from '@proxai/contract';
import { Trash2 } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Input, Label, Select } from '@/components/ui/input';
import { isPercentKind, TRIGGER_RANGE, triggerUnit, type RuleDraft, type TriggerUnit } from '../rule-drafts';
import { ScopeFields } from './scope-fields';
import { SeverityOptions } from './severity-options';

/** A number field; empty reads as null. */
function NumberField({
  label,
  value,
  onChange,
  disabled,
  min = 0,
  max,
  testId,
}: {
  label: string;
  value: number | null;
  onChange: (value: number | null) => void;
  disabled: boolean;
  min?: number;
  max?: number;
  testId: string;
}) {
  const id = useId();
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="number"
        inputMode="decimal"
        min={min}
        max={max}
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}
        disabled={disabled}
        data-testid={testId}
      />
    </div>
  );
}

/** The trigger field's label, which names its unit. */
const TRIGGER_LABEL: Record<TriggerUnit, string> = {
  percent: 'rules.triggerPercent',
  offline: 'rules.triggerOffline',
  intervals: 'rules.triggerIntervals',
  hours: 'rules.triggerHours',
  days: 'rules.triggerDays',
};

/** Seconds shown and typed as minutes. */
const toMinutes = (seconds: number | null) => (seconds === null ? null : Math.round((seconds / 60) * 100) / 100);
const toSeconds = (minutes: number | null) => (minutes === null ? null : Math.round(minutes * 60));

/** One rule of the editor: its thresholds (with their unit), timing, cap, scope and severity. */
export function RuleCard({
  draft,
  hosts,
  canManage,
  problem,
  onChange,
  onRemove,
}: {
  draft: RuleDraft;
  hosts: Host[];
  canManage: boolean;
  problem: string | null;
  onChange: (patch: Partial<RuleDraft>) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('alerts');
  const ids = { name: useId(), severity: useId(), problem: useId() };
  const disabled = !canManage;
  const percent = isPercentKind(draft.kind);
  const unit = triggerUnit(draft.kind);
  const offline = unit === 'offline';
  return (
    <Card className="space-y-4 p-4" data-testid="rule-card" data-kind={draft.kind}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-3">
          <Checkbox
            checked={draft.enabled}
            onChange={(e) => onChange({ enabled: e.target.checked })}
            disabled={disabled}
            aria-label={t('rules.enabledNamed', { name: draft.name })}
            data-testid="rule-enabled"
          />
          <span className="text-xs font-medium tracking-wide text-slate-500 uppercase dark:text-slate-400">
            {t(`kind.${draft.kind}`)}
          </span>
        </div>
        {canManage ? (
          <Button
            variant="ghost"
            size="sm"
            className="text-red-600 dark:text-red-400"
            onClick={onRemove}
            aria-label={t('rules.removeNamed', { name: draft.name })}
            data-testid="rule-remove"
          >
            <Trash2 className="h-4 w-4" aria-hidden="true" />
            {t('rules.remove')}
          </Button>
        ) : null}
      </div>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <div className="sm:col-span-2">
          <Label htmlFor={ids.name}>{t('rules.name')}</Label>
          <Input
            id={ids.name}
            value={draft.name}
            maxLength={80}
            onChange={(e) => onChange({ name: e.target.value })}
            disabled={disabled}
            aria-invalid={problem === 'rules.problem.name' || undefined}
            data-testid="rule-name"
          />
        </div>
        <div>
          <Label htmlFor={ids.severity}>{t('rules.severity')}</Label>
          <Select
            id={ids.severity}
            value={draft.severity}
            onChange={(e) => onChange({ severity: e.target.value as AlertSeverity })}
            disabled={disabled}
            data-testid="rule-severity"
          >
            <SeverityOptions />
          </Select>
        </div>
        <NumberField
          label={t('rules.maxPerHour')}
          value={draft.max_per_hour}
          min={1}
          max={60}
          onChange={(v) => onChange({ max_per_hour: v ?? 1 })}
          disabled={disabled}
          testId="rule-max-per-hour"
        />
        {unit ? (
          <NumberField
            label={t(TRIGGER_LABEL[unit])}
            value={offline ? toMinutes(draft.trigger) : draft.trigger}
            min={TRIGGER_RANGE[unit].min}
            max={TRIGGER_RANGE[unit].max}
            onChange={(v) => onChange({ trigger: offline ? toSeconds(v) : v })}
            disabled={disabled}
            testId="rule-trigger"
          />
        ) : null}
        {percent ? (
          <NumberField
            label={t('rules.clearPercent')}
            value={draft.clear}
            max={100}
            onChange={(v) => onChange({ clear: v })}
            disabled={disabled}
            testId="rule-clear"
          />
        ) : null}
        <NumberField
          label={t('rules.duration')}
          value={toMinutes(draft.duration_seconds)}
          max={1440}
          onChange={(v) => onChange({ duration_seconds: toSeconds(v) ?? 0 })}
          disabled={disabled}
          testId="rule-duration"
        />
        <NumberField
          label={t('rules.cooldown')}
          value={toMinutes(draft.cooldown_seconds)}
          max={1440}
          onChange={(v) => onChange({ cooldown_seconds: toSeconds(v) ?? 0 })}
          disabled={disabled}
          testId="rule-cooldown"
        />
      </div>
      <ScopeFields value={draft} hosts={hosts} disabled={disabled} onChange={onChange} testId="rule" />
      {problem ? (
        <p id={ids.problem} role="alert" className="text-sm text-red-600 dark:text-red-400" data-testid="rule-problem">
          {t(problem)}
        </p>
      ) : null}
    </Card>
  );
}
