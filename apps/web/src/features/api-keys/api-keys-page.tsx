import { KeyRound } from 'lucide-react';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle, SubPageHeader } from '@/components/sub-page-header';
import { getStoredUser } from '@/lib/auth-storage';
import { useHosts } from '@/lib/fleet-reads';
import { useMe } from '@/lib/me';
import { apiKeyAccess } from './api-key-access';
import { useApiKeys } from './api/api-keys';
import { ApiKeyList } from './components/api-key-list';
import { CreateKeyDialog } from './components/create-key-dialog';
import { UsageCard } from './components/usage-card';
import { useReturnFocus } from '@/lib/use-return-focus';

/**
 * /settings/api-keys: how a key is used, the organisation's keys (permissions, hosts and tags, creator, dates, last
 * use, revoked or expired) and, for those whose role holds api_keys.create, creating one (its secret shown once) and
 * revoking their own (anyone's with members.manage). What the person holds is GET /auth/me's answer; the stored
 * role stands in until it arrives.
 */
export function ApiKeysPage() {
  const { t } = useTranslation('api-keys');
  const user = getStoredUser();
  const me = useMe();
  const access = apiKeyAccess({ held: me.data?.permissions, orgRole: user?.org_role, email: me.data?.email ?? user?.email });
  const keys = useApiKeys();
  const [isCreating, setIsCreating] = useState(false);
  const hosts = useHosts(isCreating || (keys.data?.items.some((k) => k.host_ids !== null) ?? false));
  const hostNames = useMemo(() => new Map((hosts.data ?? []).map((h) => [h.id, h.name])), [hosts.data]);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useReturnFocus(isCreating, headingRef);

  return (
    <div className="min-h-screen bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <SubPageHeader backLabel={t('backToDashboard')} />
      <main id="main" className="mx-auto max-w-6xl space-y-8 px-4 py-6">
        <PageTitle icon={KeyRound} title={t('title')} subtitle={t('subtitle')} />
        <UsageCard />
        <ApiKeyList
          keys={keys}
          access={access}
          hostNames={hostNames}
          onCreate={() => setIsCreating(true)}
          headingRef={headingRef}
        />
      </main>
      <CreateKeyDialog open={isCreating} onClose={() => setIsCreating(false)} me={me} hosts={hosts} />
    </div>
  );
}
