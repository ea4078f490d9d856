import { Download } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog } from '@/components/ui/dialog';
import { getStoredUser } from '@/lib/auth-storage';
import { CopyButton } from '@/components/copy-button';
import { saveFile } from '@/lib/save-file';

/** Saves `text` as a file through the browser's download. */
function download(name: string, text: string) {
  saveFile(name, new Blob([text], { type: 'text/plain;charset=utf-8' }));
}

/**
 * Ten recovery codes, shown this once (after the authenticator app is set up or a new set is made): copy them,
 * download them as a text file, and say they are saved before the dialog lets go.
 */
export function RecoveryCodesDialog({ codes, onClose }: { codes: string[] | null; onClose: () => void }) {
  const { t } = useTranslation('security');
  const checkId = useId();
  const [isSaved, setIsSaved] = useState(false);
  const [isReminded, setIsReminded] = useState(false);
  const text = [
    t('recoveryCodes.fileHeader', { email: getStoredUser()?.email ?? '' }),
    t('recoveryCodes.fileHint'),
    '',
    ...(codes ?? []),
    '',
  ].join('\n');

  function handleClose() {
    if (!isSaved) {
      setIsReminded(true);
      return;
    }
    setIsSaved(false);
    setIsReminded(false);
    onClose();
  }

  return (
    <Dialog
      open={codes !== null}
      onOpenChange={(open) => !open && handleClose()}
      title={t('recoveryCodes.dialogTitle')}
      description={t('recoveryCodes.dialogText')}
      closeLabel={t('close')}
    >
      <div className="space-y-4" data-testid="recovery-codes-dialog">
        <ol
          className="grid grid-cols-2 gap-2 rounded-lg bg-slate-100 p-3 font-mono text-sm select-all dark:bg-slate-800"
          dir="ltr"
          aria-label={t('recoveryCodes.listLabel')}
          data-testid="recovery-codes"
        >
          {codes?.map((code) => (
            <li key={code} data-testid="recovery-code">
              {code}
            </li>
          ))}
        </ol>
        <div className="flex flex-wrap gap-2">
          <CopyButton text={codes?.join('\n') ?? ''} label={t('recoveryCodes.copy')} testId="recovery-codes-copy" />
          <Button
            variant="outline"
            size="sm"
            onClick={() => download('proxai-recovery-codes.txt', text)}
            data-testid="recovery-codes-download"
          >
            <Download className="h-4 w-4" aria-hidden="true" />
            {t('recoveryCodes.download')}
          </Button>
        </div>
        <label htmlFor={checkId} className="flex items-start gap-2 text-sm">
          <Checkbox
            id={checkId}
            checked={isSaved}
            onChange={(e) => {
              setIsSaved(e.target.checked);
              if (e.target.checked) setIsReminded(false);
            }}
            className="mt-0.5"
            data-testid="recovery-codes-saved"
          />
          {t('recoveryCodes.saved')}
        </label>
        {isReminded ? (
          <p role="alert" className="text-sm text-red-600 dark:text-red-400" data-testid="recovery-codes-reminder">
            {t('recoveryCodes.reminder')}
          </p>
        ) : null}
        <div className="flex justify-end">
          <Button onClick={handleClose} data-testid="recovery-codes-done">
            {t('recoveryCodes.done')}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
