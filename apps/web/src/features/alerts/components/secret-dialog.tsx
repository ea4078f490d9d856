import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';

/**
 * A generic webhook's signing secret (`whsec_…`), shown this once after the channel's creation or a rotation, with a
 * button that copies it. It is never shown again: the receiver must store it now.
 */
export function SecretDialog({
  secret,
  channelName,
  onClose,
}: {
  secret: string | null;
  channelName: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('alerts');
  const [isCopied, setIsCopied] = useState(false);
  async function handleCopy() {
    if (!secret) return;
    try {
      await navigator.clipboard.writeText(secret);
      setIsCopied(true);
    } catch {
      // No clipboard (permissions, an insecure origin): the secret stays selectable in the field.
      setIsCopied(false);
    }
  }
  return (
    <Dialog
      open={secret !== null}
      onOpenChange={(open) => {
        if (!open) {
          setIsCopied(false);
          onClose();
        }
      }}
      title={t('secret.title', { name: channelName })}
      description={t('secret.text')}
      closeLabel={t('close')}
    >
      <div className="space-y-4">
        <div className="flex items-center gap-2">
          <code
            className="block flex-1 overflow-x-auto rounded-md bg-slate-100 p-2 font-mono text-sm break-all select-all dark:bg-slate-800"
            data-testid="channel-secret"
          >
            {secret}
          </code>
          <Button variant="outline" size="sm" onClick={() => void handleCopy()} data-testid="channel-secret-copy">
            {isCopied ? <Check className="h-4 w-4" aria-hidden="true" /> : <Copy className="h-4 w-4" aria-hidden="true" />}
            {isCopied ? t('secret.copied') : t('secret.copy')}
          </Button>
        </div>
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('secret.verify')}</p>
        <div className="flex justify-end">
          <Button onClick={onClose} data-testid="channel-secret-done">
            {t('secret.done')}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
