import type { Member, OrgRole } from '@proxai/contract';
import { ShieldCheck, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/input';
import { formatDateTime } from '@/lib/format-instant';
import { toast } from '@/lib/toast';
import { useChangeRole } from '../api/members';
import { changeNotice, type Notice } from '../failure';

/** How a member is called in sentences: their name, else their address. */
export const memberName = (member: Member) => member.name?.trim() || member.email;

/**
 * One member: who (and "you"), a 2FA badge when they have a second factor, the role (a select for those who may
 * change it), when they joined and were last active, and removing them (not oneself: one leaves instead).
 */
export function MemberRow({
  member,
  isMe,
  roles,
  onRemove,
  onNotice,
}: {
  member: Member;
  isMe: boolean;
  /** The roles the signed-in person may give this member; empty: they may not change or remove them. */
  roles: OrgRole[];
  onRemove: () => void;
  /** A refused change, or one held for another member's approval. */
  onNotice: (notice: Notice | null) => void;
}) {
  const { t, i18n } = useTranslation('members');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const changeRole = useChangeRole();
  const name = memberName(member);

  function handleRole(role: OrgRole) {
    onNotice(null);
    changeRole.mutate(
      { userId: member.user_id, role },
      {
        onSuccess: () => toast.success(t('list.roleChanged', { name, role: t(`roles.${role}`) })),
        onError: (error) => onNotice(changeNotice(error, t('common:errors.network'))),
      },
    );
  }

  return (
    <tr className="border-b border-slate-100 last:border-b-0 dark:border-slate-800" data-testid="member-row">
      <th scope="row" className="px-4 py-3 text-start font-normal">
        <span className="flex flex-wrap items-center gap-2">
          <span className="font-medium">{name}</span>
          {isMe ? (
            <span
              className="rounded-full bg-brand-100 px-2 py-0.5 text-xs text-brand-700 dark:bg-brand-700/30 dark:text-brand-100"
              data-testid="member-you"
            >
              {t('list.you')}
            </span>
          ) : null}
          {member.mfa_enabled ? (
            <span
              className="inline-flex items-center gap-1 rounded-full bg-emerald-100 px-2 py-0.5 text-xs text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300"
              title={t('list.mfaTitle')}
              data-testid="member-mfa"
            >
              <ShieldCheck className="h-3 w-3" aria-hidden="true" />
              {t('list.mfa')}
            </span>
          ) : null}
        </span>
        {member.name ? <span className="block text-sm text-slate-600 dark:text-slate-400">{member.email}</span> : null}
      </th>
      <td className="px-4 py-3">
        {roles.length > 0 ? (
          <Select
            aria-label={t('list.roleOf', { name })}
            className="w-auto min-w-[9rem]"
            value={member.role}
            disabled={changeRole.isPending}
            aria-busy={changeRole.isPending || undefined}
            onChange={(e) => handleRole(e.target.value as OrgRole)}
            data-testid="member-role"
          >
            {roles.map((role) => (
              <option key={role} value={role}>
                {t(`roles.${role}`)}
              </option>
            ))}
          </Select>
        ) : (
          <span data-testid="member-role">{t(`roles.${member.role}`)}</span>
        )}
      </td>
      <td className="whitespace-nowrap px-4 py-3 text-sm">{formatDateTime(member.joined_at, language)}</td>
      <td className="whitespace-nowrap px-4 py-3 text-sm" data-testid="member-last-active">
        {member.last_active_at ? formatDateTime(member.last_active_at, language) : t('list.never')}
      </td>
      <td className="px-4 py-3 text-end">
        {roles.length > 0 && !isMe ? (
          <Button
            variant="ghost"
            size="sm"
            className="text-red-600 dark:text-red-400"
            onClick={onRemove}
            aria-label={t('list.removeNamed', { name })}
            aria-haspopup="dialog"
            data-testid="member-remove"
          >
            <Trash2 className="h-4 w-4" aria-hidden="true" />
          </Button>
        ) : null}
      </td>
    </tr>
  );
}
