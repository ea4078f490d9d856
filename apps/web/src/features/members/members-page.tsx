import { Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PageTitle, SubPageHeader } from '@/components/sub-page-header';
import { Card } from '@/components/ui/card';
import { getStoredUser } from '@/lib/auth-storage';
import { useInvites } from './api/invites';
import { useMembers } from './api/members';
import { ApprovalList } from './components/approval-list';
import { InviteForm } from './components/invite-form';
import { InviteList } from './components/invite-list';
import { LeaveOrganisation } from './components/leave-organisation';
import { MemberList } from './components/member-list';
import { SeatUsage } from './components/seat-usage';
import { memberPermissions } from './member-permissions';

/**
 * /settings/members: the organisation's members (role, second factor, when they joined and were last active) and,
 * for those who manage members, changing roles, removing members, inviting and the pending invitations; the
 * requests held for a second member's approval (four-eyes); anyone leaves.
 * The stored user is read at each render: changing one's own role changes what the page offers at once.
 */
export function MembersPage() {
  const { t } = useTranslation('members');
  const user = getStoredUser();
  const permissions = memberPermissions(user?.org_role);
  const members = useMembers();
  const invites = useInvites(permissions.canManage);
  const maxUsers = members.data?.max_users ?? null;

  return (
    <div className="min-h-screen bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <SubPageHeader backLabel={t('backToDashboard')} />
      <main id="main" className="mx-auto max-w-6xl space-y-8 px-4 py-6">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <PageTitle icon={Users} title={t('title')} subtitle={t('subtitle')} />
          {members.data ? (
            <SeatUsage members={members.data.members.length} maxUsers={maxUsers} pending={invites.data?.length} />
          ) : null}
        </div>
        <MemberList members={members} permissions={permissions} myId={user?.id} />
        <ApprovalList />
        {permissions.canManage ? (
          <Card className="space-y-6" data-testid="invite-section">
            <InviteForm roles={permissions.assignable} maxUsers={maxUsers} />
            <InviteList invites={invites} />
          </Card>
        ) : null}
        <LeaveOrganisation />
      </main>
    </div>
  );
}
