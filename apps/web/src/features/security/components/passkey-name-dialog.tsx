import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FieldError, Input, Label } from '@/components/ui/input';
import { InlineError } from './section-card';

/**
 * A passkey's name, to add one (then the browser asks for the passkey) or to rename one. `onSubmit` runs the request
 * and rejects with the message to show (the dialog stays open to try again).
 */
export function PasskeyNameDialog({
  open,
  title,
  text,
  submitLabel,
  initialName,
  isPending,
  error,
  onSubmit,
  onClose,
}: {
  open: boolean;
  title: string;
  text: string;
  submitLabel: string;
  initialName: string;
  isPending: boolean;
  error: string | null;
  onSubmit: (name: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('security');
  const nameId = useId();
  const [name, setName] = useState(initialName);
  const [isMissing, setIsMissing] = useState(false);

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) {
      setIsMissing(true);
      return;
    }
    onSubmit(name.trim());
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && !isPending && onClose()}
      title={title}
      description={text}
      closeLabel={t('close')}
    >
      <form className="space-y-4" onSubmit={handleSubmit} noValidate data-testid="passkey-name-form">
        <div>
          <Label htmlFor={nameId}>{t('passkeys.name')}</Label>
          <Input
            id={nameId}
            value={name}
            maxLength={64}
            autoComplete="off"
            placeholder={t('passkeys.namePlaceholder')}
            onChange={(e) => {
              setName(e.target.value);
              setIsMissing(false);
            }}
            aria-invalid={isMissing || undefined}
            aria-describedby={isMissing ? `${nameId}-error` : undefined}
            autoFocus
            data-testid="passkey-name"
          />
          <FieldError id={`${nameId}-error`} message={isMissing ? t('passkeys.nameRequired') : undefined} />
        </div>
        {error ? <InlineError message={error} testId="passkey-error" /> : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="ghost" disabled={isPending} onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button type="submit" isLoading={isPending} data-testid="passkey-name-submit">
            {submitLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
