import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { LICENCE_DEFAULT_DAYS, LICENCE_MAX_DAYS, LICENCE_MIN_DAYS } from '@proxai/contract';
import { PLAN_TYPES, type PlanType } from '@proxai/contract/plans';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FieldError, Input, Label, Select } from '@/components/ui/input';
import { useGenerateLicence } from './use-licences';

export interface GenerateLicenceDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  organisationId: string;
}

/** SPEC.md §3/§5: plan (default free) and duration in days (default 365, 1 to 3650). */
export function GenerateLicenceDialog({ open, onOpenChange, organisationId }: GenerateLicenceDialogProps) {
  const { t } = useTranslation('licenses');
  const generate = useGenerateLicence();
  const [plan, setPlan] = useState<PlanType>('free');
  const [duration, setDuration] = useState(String(LICENCE_DEFAULT_DAYS));
  const [durationError, setDurationError] = useState<string>();

  function reset() {
    setPlan('free');
    setDuration(String(LICENCE_DEFAULT_DAYS));
    setDurationError(undefined);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const days = Number(duration);
    if (!Number.isInteger(days) || days < LICENCE_MIN_DAYS || days > LICENCE_MAX_DAYS) {
      setDurationError(t('generate.durationError'));
      return;
    }
    setDurationError(undefined);
    generate.mutate(
      { organisation_id: organisationId, plan_type: plan, duration_days: days },
      {
        onSuccess: () => {
          toast.success(t('generate.success'));
          reset();
          onOpenChange(false);
        },
        onError: (err) => {
          console.error('Licence generation failed', err);
          toast.error(t('generate.error'));
        },
      },
    );
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) reset();
        onOpenChange(next);
      }}
      title={t('generate.title')}
      description={t('generate.description')}
      closeLabel={t('generate.close')}
    >
      <form onSubmit={handleSubmit} noValidate className="space-y-4" data-testid="generate-licence-form">
        <div>
          <Label htmlFor="licence-plan">{t('generate.plan')}</Label>
          <Select id="licence-plan" value={plan} onChange={(e) => setPlan(e.target.value as PlanType)}>
            {PLAN_TYPES.map((p) => (
              <option key={p} value={p}>
                {t(`plans.${p}`)}
              </option>
            ))}
          </Select>
        </div>
        <div>
          <Label htmlFor="licence-duration">{t('generate.duration')}</Label>
          <Input
            id="licence-duration"
            type="number"
            inputMode="numeric"
            min={LICENCE_MIN_DAYS}
            max={LICENCE_MAX_DAYS}
            step={1}
            required
            value={duration}
            onChange={(e) => setDuration(e.target.value)}
            aria-invalid={durationError ? true : undefined}
            aria-describedby={durationError ? 'licence-duration-hint licence-duration-error' : 'licence-duration-hint'}
          />
          <p id="licence-duration-hint" className="mt-1 text-xs text-slate-500 dark:text-slate-400">
            {t('generate.durationHint')}
          </p>
          <FieldError id="licence-duration-error" message={durationError} />
        </div>
        <div className="flex justify-end gap-2">
          <Button
            variant="ghost"
            onClick={() => {
              reset();
              onOpenChange(false);
            }}
          >
            {t('generate.cancel')}
          </Button>
          <Button type="submit" isLoading={generate.isPending} data-testid="generate-licence-submit">
            {t('generate.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
