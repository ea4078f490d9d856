import { APPROVAL_ACTIONS, type ListedApprovalAction } from '@proxai/contract/permissions';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';

const sameActions = (a: readonly ListedApprovalAction[], b: readonly ListedApprovalAction[]) =>
  a.length === b.length && a.every((action) => b.includes(action));

/**
 * The sensitive actions held for a second member's approval (four-eyes), one checkbox each. The ticks are saved
 * together with Save (each save may ask for a second factor: one check per change of mind would be too many).
 * `onSave` resolves true once saved, and the form then shows the saved list again.
 */
export function ApprovalActionsFieldset({
  saved,
  isSaving,
  disabled,
  onSave,
}: {
  saved: readonly ListedApprovalAction[];
  isSaving: boolean;
  disabled: boolean;
  onSave: (actions: ListedApprovalAction[]) => Promise<boolean>;
}) {
  const { t } = useTranslation('security');
  const hintId = useId();
  // The person's ticks, until saved; null: the saved list.
  const [draft, setDraft] = useState<ListedApprovalAction[] | null>(null);
  const checked = draft ?? saved;
  const isChanged = draft !== null && !sameActions(draft, saved);

  function toggle(action: ListedApprovalAction, isOn: boolean) {
    const next = new Set(checked);
    if (isOn) next.add(action);
    else next.delete(action);
    // In the contract's order, whatever the order of the clicks.
    setDraft(APPROVAL_ACTIONS.filter((a) => next.has(a)));
  }

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (draft === null || !isChanged || isSaving) return;
    if (await onSave(draft)) setDraft(null);
  }

  return (
    <form className="border-t border-slate-200 pt-4 dark:border-slate-800" onSubmit={(e) => void handleSubmit(e)}>
      <fieldset className="space-y-3" aria-describedby={hintId} data-testid="policy-approvals">
        <legend className="text-sm font-medium">{t('policy.approvals.legend')}</legend>
        <p id={hintId} className="text-sm text-slate-600 dark:text-slate-400">
          {t('policy.approvals.hint')}
        </p>
        <ul className="space-y-2">
          {APPROVAL_ACTIONS.map((action) => (
            <li key={action}>
              <label className="flex items-start gap-2 text-sm">
                <Checkbox
                  checked={checked.includes(action)}
                  disabled={disabled || isSaving}
                  onChange={(e) => toggle(action, e.target.checked)}
                  className="mt-0.5"
                  data-testid={`policy-approval-${action}`}
                />
                {t(`policy.approvals.actions.${action}`)}
              </label>
            </li>
          ))}
        </ul>
        <Button
          type="submit"
          size="sm"
          isLoading={isSaving}
          disabled={!isChanged || disabled}
          data-testid="policy-approvals-save"
        >
          {t('policy.approvals.save')}
        </Button>
      </fieldset>
    </form>
  );
}
