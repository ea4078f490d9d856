import type { OrgRole } from '@proxai/contract';
import { Send } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FieldError, Input, Label, Select } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useCreateInvite } from '../api/invites';
import { failureMessage } from '../failure';

/**
 * Invites someone by e-mail with a role the person may hand out; the server mails the link. A refusal says why:
 * the plan's member limit (pending invitations count), someone already a member or invited, or the server's words.
 */
export function InviteForm({ roles, maxUsers }: { roles: OrgRole[]; maxUsers: number | null }) {
  const { t } = useTranslation('members');
  const id = useId();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<OrgRole>(() => (roles.includes('operator') ? 'operator' : (roles.at(-1) ?? 'readonly')));
  const [error, setError] = useState<string | null>(null);
  const create = useCreateInvite();

  function explain(failure: unknown, address: string): string | null {
    if (failure instanceof ApiError && failure.code === 'plan_limit') {
      return maxUsers === null ? failure.detail : t('invite.planLimit', { max: maxUsers });
    }
    if (failure instanceof ApiError && failure.code === 'conflict') return t('invite.conflict', { email: address });
    return failureMessage(failure, t('common:errors.network'));
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const address = email.trim();
    setError(null);
    create.mutate(
      { email: address, role },
      {
        onSuccess: () => {
          toast.success(t('invite.sent', { email: address }));
          setEmail('');
        },
        onError: (failure) => setError(explain(failure, address)),
      },
    );
  }

  return (
    <form onSubmit={handleSubmit} className="space-y-3" aria-labelledby={`${id}-title`} data-testid="invite-form">
      <h3 id={`${id}-title`} className="font-semibold">
        {t('invite.title')}
      </h3>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="flex-1">
          <Label htmlFor={`${id}-email`}>{t('invite.email')}</Label>
          <Input
            id={`${id}-email`}
            type="email"
            required
            autoComplete="off"
            maxLength={254}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            data-testid="invite-email"
          />
        </div>
        <div className="sm:w-48">
          <Label htmlFor={`${id}-role`}>{t('invite.role')}</Label>
          <Select
            id={`${id}-role`}
            value={role}
            onChange={(e) => setRole(e.target.value as OrgRole)}
            aria-describedby={`${id}-role-hint`}
            data-testid="invite-role"
          >
            {roles.map((r) => (
              <option key={r} value={r}>
                {t(`roles.${r}`)}
              </option>
            ))}
          </Select>
        </div>
        <Button type="submit" className="sm:mt-6" isLoading={create.isPending} data-testid="invite-submit">
          <Send className="h-4 w-4" aria-hidden="true" />
          {t('invite.send')}
        </Button>
      </div>
      <p id={`${id}-role-hint`} className="text-xs text-slate-600 dark:text-slate-400">
        {t(`roleHints.${role}`)}
      </p>
      <FieldError id={`${id}-error`} message={error ?? undefined} />
    </form>
  );
}
