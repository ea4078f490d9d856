import type { Host, Me } from '@proxai/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/ui/dialog';
import { useCreateApiKey } from '../api/create-api-key';
import { KeyForm } from './key-form';
import { SecretPanel } from './secret-panel';

/**
 * Creating a key: the form, then, once created, its secret in the same dialog. Closing forgets the secret (the
 * mutation is reset, so it stays nowhere in the page's memory); it cannot close while the request runs (a
 * second-factor check may be open above it).
 */
export function CreateKeyDialog({
  open,
  onClose,
  me,
  hosts,
}: {
  open: boolean;
  onClose: () => void;
  me: UseQueryResult<Me>;
  hosts: UseQueryResult<Host[]>;
}) {
  const { t } = useTranslation('api-keys');
  const create = useCreateApiKey();
  const created = create.data ?? null;

  function handleClose() {
    if (create.isPending) return;
    create.reset();
    onClose();
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && handleClose()}
      title={created ? t('secret.title') : t('form.title')}
      description={created ? t('secret.description') : t('form.description')}
      closeLabel={t('close')}
      size="lg"
    >
      {created ? (
        <SecretPanel created={created} onDone={handleClose} />
      ) : (
        <KeyForm me={me} hosts={hosts} create={create} onCancel={handleClose} />
      )}
    </Dialog>
  );
}
