import type { Member, MemberList as MemberListData } from '@proxai/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { LoadError, LoadingRows } from '@/components/ui/load-states';
import { toast } from '@/lib/toast';
import { useRemoveMember } from '../api/members';
import { changeNotice, type Notice } from '../failure';
import { canEditMember, type MemberPermissions } from '../member-permissions';
import { useReturnFocus } from '@/lib/use-return-focus';
import { ChangeNotice } from './change-notice';
import { memberName, MemberRow } from './member-row';

/**
 * The organisation's members in a table; those who may manage members change roles and remove members (after a
 * confirmation). A refused change (e.g. `last_owner`), or one held for another member's approval, stays written
 * above the table until the next one.
 */
export function MemberList({
  members,
  permissions,
  myId,
}: {
  members: UseQueryResult<MemberListData>;
  permissions: MemberPermissions;
  myId: string | undefined;
}) {
  const { t } = useTranslation('members');
  const [notice, setNotice] = useState<Notice | null>(null);
  const [removing, setRemoving] = useState<Member | null>(null);
  const remove = useRemoveMember();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useReturnFocus(removing !== null, headingRef);

  function handleRemove(member: Member) {
    setNotice(null);
    remove.mutate(member.user_id, {
      onSuccess: () => toast.success(t('list.removed', { name: memberName(member) })),
      onError: (error) => setNotice(changeNotice(error, t('common:errors.network'))),
      onSettled: () => setRemoving(null),
    });
  }

  return (
    <section className="space-y-3" aria-labelledby="members-title" data-testid="members">
      <h2 id="members-title" ref={headingRef} tabIndex={-1} className="text-lg font-semibold focus:outline-none">
        {t('list.title')}
      </h2>
      <ChangeNotice notice={notice} onDismiss={() => setNotice(null)} testId="members" />
      {members.isPending ? (
        <LoadingRows label={t('loading')} rows={3} testId="members" />
      ) : members.isError ? (
        <LoadError
          message={t('list.loadError')}
          error={members.error}
          retryLabel={t('retry')}
          onRetry={() => void members.refetch()}
          testId="members"
        />
      ) : members.data.members.length === 0 ? (
        <p
          className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600 dark:border-slate-700 dark:text-slate-400"
          data-testid="members-empty"
        >
          {t('list.empty')}
        </p>
      ) : (
        <Card className="overflow-x-auto p-0">
          <table className="w-full text-sm">
            <caption className="sr-only">{t('list.title')}</caption>
            <thead className="border-b border-slate-200 text-start text-xs uppercase tracking-wide text-slate-500 dark:border-slate-800 dark:text-slate-400">
              <tr>
                <th scope="col" className="px-4 py-2 text-start font-medium">
                  {t('list.member')}
                </th>
                <th scope="col" className="px-4 py-2 text-start font-medium">
                  {t('list.role')}
                </th>
                <th scope="col" className="px-4 py-2 text-start font-medium">
                  {t('list.joined')}
                </th>
                <th scope="col" className="px-4 py-2 text-start font-medium">
                  {t('list.lastActive')}
                </th>
                <th scope="col" className="px-4 py-2">
                  <span className="sr-only">{t('list.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {members.data.members.map((member) => (
                <MemberRow
                  key={member.user_id}
                  member={member}
                  isMe={member.user_id === myId}
                  roles={canEditMember(permissions, member) ? permissions.assignable : []}
                  onRemove={() => setRemoving(member)}
                  onNotice={setNotice}
                />
              ))}
            </tbody>
          </table>
        </Card>
      )}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={t('list.removeTitle', { name: removing ? memberName(removing) : '' })}
        description={t('list.removeText')}
        confirmLabel={t('list.remove')}
        cancelLabel={t('cancel')}
        closeLabel={t('close')}
        isDestructive
        isPending={remove.isPending}
        onConfirm={() => removing && handleRemove(removing)}
      />
    </section>
  );
}
