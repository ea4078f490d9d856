import type { TotpSetup } from '@proxai/contract';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { QrCode } from '@/components/qr-code';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { LoadError, LoadingRows } from '@/components/ui/load-states';
import { ApiError } from '@/lib/api-client';
import { useConfirmTotp } from '../api/mfa';
import { problemText } from '../problem-text';
import { CodeField, isCompleteCode } from './code-field';
import { CopyButton } from '@/components/copy-button';

/** The secret in groups of four, easier to type into an app by hand. */
export const groupSecret = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/**
 * Setting up the authenticator app: the new secret as a QR code and as text (for those who cannot scan), then the
 * app's first 6-digit code, which turns it on and answers the recovery codes (`onConfirmed`).
 */
export function TotpSetupDialog({
  open,
  onOpenChange,
  setup,
  onConfirmed,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  setup: { data?: TotpSetup; isPending: boolean; error: Error | null; retry: () => void };
  onConfirmed: (codes: string[]) => void;
}) {
  const { t } = useTranslation('security');
  const codeId = useId();
  const field = useRef<HTMLInputElement>(null);
  const confirm = useConfirmTotp();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  function handleOpenChange(next: boolean) {
    if (confirm.isPending) return;
    if (!next) {
      setCode('');
      setError(null);
      confirm.reset();
    }
    onOpenChange(next);
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!isCompleteCode(code, 'digits')) {
      setError(t('codeIncomplete'));
      field.current?.focus();
      return;
    }
    confirm.mutate(code, {
      onSuccess: ({ recovery_codes }) => {
        setCode('');
        setError(null);
        onConfirmed(recovery_codes);
      },
      onError: (err) => {
        const wrong = err instanceof ApiError && err.code === 'invalid_factor';
        setError(wrong ? t('wrongCode') : problemText(err, t));
        setCode('');
        field.current?.focus();
      },
    });
  }

  return (
    <Dialog
      open={open}
      onOpenChange={handleOpenChange}
      title={t('totp.setupTitle')}
      description={t('totp.setupText')}
      closeLabel={t('close')}
    >
      {setup.isPending ? (
        <LoadingRows label={t('loading')} rows={2} testId="totp-setup" />
      ) : setup.error || !setup.data ? (
        <LoadError
          message={t('totp.setupError')}
          error={setup.error}
          retryLabel={t('retry')}
          onRetry={setup.retry}
          testId="totp-setup"
        />
      ) : (
        <form className="space-y-4" onSubmit={handleSubmit} noValidate data-testid="totp-setup">
          <ol className="list-decimal space-y-4 ps-5 text-sm">
            <li className="space-y-3">
              <p>{t('totp.scan')}</p>
              <QrCode value={setup.data.otpauth_url} label={t('totp.qrLabel')} />
              <p className="text-slate-600 dark:text-slate-400">{t('totp.manual')}</p>
              <div className="flex flex-wrap items-center gap-2">
                <code
                  className="rounded-md bg-slate-100 px-2 py-1 font-mono text-sm tracking-wide select-all dark:bg-slate-800"
                  dir="ltr"
                  aria-label={t('totp.secretLabel')}
                  data-testid="totp-secret"
                >
                  {groupSecret(setup.data.secret)}
                </code>
                <CopyButton text={setup.data.secret} label={t('totp.copySecret')} testId="totp-secret-copy" />
              </div>
            </li>
            <li>
              <CodeField
                ref={field}
                id={codeId}
                label={t('totp.codeLabel')}
                kind="digits"
                value={code}
                onChange={(value) => {
                  setCode(value);
                  setError(null);
                }}
                error={error}
                disabled={confirm.isPending}
                testId="totp-code"
              />
            </li>
          </ol>
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="ghost" disabled={confirm.isPending} onClick={() => handleOpenChange(false)}>
              {t('cancel')}
            </Button>
            <Button type="submit" isLoading={confirm.isPending} data-testid="totp-confirm">
              {t('totp.confirm')}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
