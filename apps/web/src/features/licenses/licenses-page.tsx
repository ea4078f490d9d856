import { KeyRound, Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import type { Licence } from '@proxai/contract';
import { PageTitle, SubPageHeader } from '@/components/sub-page-header';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { getStoredUser } from '@/lib/auth-storage';
import { GenerateLicenceDialog } from './generate-licence-dialog';
import { LicenceCard } from './licence-card';
import { downloadLicence } from './licence-status';
import { OrganisationPicker } from './organisation-picker';
import { useLicences, useRevokeLicence } from './use-licences';

export function LicensesPage() {
  const { t } = useTranslation('licenses');
  const [user] = useState(getStoredUser);
  // SPEC.md §6: the client checks only the value 'admin'; the API enforces it anyway.
  const isAdmin = user?.role === 'admin';
  const [organisationId, setOrganisationId] = useState<string | null>(user?.organisation_id ?? null);
  const [generateOpen, setGenerateOpen] = useState(false);
  const licences = useLicences(organisationId);
  const revoke = useRevokeLicence(organisationId);

  function handleRevoke(licence: Licence) {
    // SPEC.md §5: confirmation, then a reason; an empty or cancelled reason sends nothing.
    if (!window.confirm(t('revoke.confirm'))) return;
    const reason = window.prompt(t('revoke.prompt'))?.trim();
    if (!reason) return;
    revoke.mutate(
      { id: licence.id, reason },
      {
        onSuccess: () => toast.success(t('revoke.success')),
        onError: (err) => {
          console.error('Licence revocation failed', err);
          window.alert(t('revoke.error'));
        },
      },
    );
  }

  const list = licences.data ?? [];

  return (
    <div className="min-h-screen bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <SubPageHeader backLabel={t('backToDashboard')} />

      <main id="main" className="mx-auto max-w-6xl space-y-6 px-4 py-8">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <PageTitle icon={KeyRound} title={t('title')} subtitle={t('subtitle')} />
          {isAdmin && (
            <Button onClick={() => setGenerateOpen(true)} disabled={!organisationId} data-testid="open-generate-licence">
              <Plus className="h-4 w-4" aria-hidden="true" />
              {t('generate.open')}
            </Button>
          )}
        </div>

        {isAdmin && <OrganisationPicker value={organisationId} onChange={setOrganisationId} />}

        {!organisationId ? (
          <Card className="text-center text-slate-600 dark:text-slate-400" data-testid="licences-no-organisation">
            {isAdmin ? t('organisation.none') : t('organisation.noOrganisation')}
          </Card>
        ) : licences.isPending ? (
          <p role="status" className="py-12 text-center text-slate-600 dark:text-slate-400" data-testid="licences-loading">
            {t('loading')}
          </p>
        ) : list.length === 0 ? (
          <Card className="py-12 text-center" data-testid="licences-empty">
            <KeyRound className="mx-auto mb-3 h-10 w-10 text-slate-400" aria-hidden="true" />
            <h2 className="text-lg font-semibold">{t('empty.title')}</h2>
            <p className="mt-1 text-slate-600 dark:text-slate-400">{t('empty.text')}</p>
          </Card>
        ) : (
          <section aria-label={t('title')} className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" data-testid="licence-list">
            {list.map((licence) => (
              <LicenceCard
                key={licence.id}
                licence={licence}
                canRevoke={isAdmin}
                isRevoking={revoke.isPending && revoke.variables?.id === licence.id}
                onDownload={downloadLicence}
                onRevoke={handleRevoke}
              />
            ))}
          </section>
        )}
      </main>

      {isAdmin && organisationId && (
        <GenerateLicenceDialog open={generateOpen} onOpenChange={setGenerateOpen} organisationId={organisationId} />
      )}
    </div>
  );
}
