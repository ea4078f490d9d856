import type { Host, HostUpdate } from '@proxai/contract';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { Dialog } from '@/components/ui/dialog';
import { ApiError } from '@/lib/api-client';
import { useUpdateHost } from '../api/update-host';
import { CertificateSection } from './certificate-section';
import {
  CredentialFields,
  FormFooter,
  TextField,
  toCredentials,
  validateCredentials,
  type CredentialErrors,
  type CredentialsForm,
} from './form-fields';

/** The whole dialog, or only its certificate part (opened from a host whose certificate changed). */
export type EditHostPart = 'all' | 'certificate';

type Section = 'name' | 'credentials' | 'certificate';

/** Each part's request: what it sends, what the toast says once the host has taken it. */
type Send = (section: Section, body: HostUpdate, success: string) => void;

/**
 * Rename a host, replace its credentials or trust its renewed certificate: three parts, each sending its own
 * PATCH (new credentials and pins are tried on the host first; its refusal shows in the part that asked).
 */
export function EditHostDialog({
  host,
  part,
  onClose,
  onChanged,
}: {
  host: Host;
  part: EditHostPart;
  onClose: () => void;
  /** After a change the host took: the host list reloads. */
  onChanged: () => void;
}) {
  const { t } = useTranslation('hosts');
  const update = useUpdateHost(host.id);
  const [sent, setSent] = useState<Section | null>(null);
  const [error, setError] = useState<string | null>(null);

  const send: Send = (section, body, success) => {
    setSent(section);
    setError(null);
    update.mutate(body, {
      onSuccess: () => {
        toast.success(success);
        onChanged();
        onClose();
      },
      onError: (err) => setError(err instanceof ApiError && err.detail ? err.detail : t('edit.failed')),
    });
  };
  const state = (section: Section) => ({
    isPending: update.isPending && sent === section,
    disabled: update.isPending,
    error: sent === section ? error : null,
  });

  return (
    <Dialog
      open
      onOpenChange={(next) => {
        if (!next && !update.isPending) onClose();
      }}
      title={t(part === 'all' ? 'edit.title' : 'certificate.dialogTitle', { name: host.name })}
      description={t('edit.description')}
      closeLabel={t('edit.close')}
      size="lg"
    >
      <div className="divide-y divide-slate-200 dark:divide-slate-800 [&>*]:py-5 [&>*:first-child]:pt-0 [&>*:last-child]:pb-0">
        {part === 'all' ? (
          <>
            <NameSection host={host} send={send} {...state('name')} />
            <CredentialsSection host={host} send={send} {...state('credentials')} />
          </>
        ) : null}
        <Part title={t('certificate.title')}>
          <CertificateSection
            hostId={host.id}
            {...state('certificate')}
            onConfirm={(fingerprint) => send('certificate', { fingerprint }, t('certificate.success'))}
          />
        </Part>
      </div>
    </Dialog>
  );
}

/** One part of the dialog, named by its heading for screen readers. */
function Part({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h3 id={id} className="font-semibold">
        {title}
      </h3>
      {children}
    </section>
  );
}

interface SectionProps {
  host: Host;
  send: Send;
  isPending: boolean;
  disabled: boolean;
  error: string | null;
}

function NameSection({ host, send, isPending, disabled, error }: SectionProps) {
  const { t } = useTranslation('hosts');
  const id = useId();
  const [name, setName] = useState(host.name);
  const [problem, setProblem] = useState<string | undefined>();

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    if (trimmed) send('name', { name: trimmed }, t('name.success'));
    else setProblem(t('fields.required'));
  }

  return (
    <Part title={t('name.title')}>
      <form onSubmit={handleSubmit} noValidate className="space-y-3" data-testid="edit-host-name-form">
        <TextField
          id={`${id}-name`}
          label={t('name.label')}
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            setProblem(undefined);
          }}
          error={problem}
          maxLength={100}
          autoComplete="off"
          required
          disabled={disabled}
        />
        <FormFooter
          error={error}
          label={t('name.submit')}
          isPending={isPending}
          disabled={disabled || name.trim() === host.name}
          variant="outline"
          testId="edit-host-name-submit"
        />
      </form>
    </Part>
  );
}

function CredentialsSection({ host, send, isPending, disabled, error }: SectionProps) {
  const { t } = useTranslation('hosts');
  const id = useId();
  const [form, setForm] = useState<CredentialsForm>({
    user: host.user,
    auth_type: host.auth_type,
    password: '',
    token_name: host.token_name ?? '',
    token_value: '',
  });
  const [errors, setErrors] = useState<CredentialErrors>({});

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const found = validateCredentials(form);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    send('credentials', { credentials: toCredentials(form) }, t('credentials.success'));
  }

  return (
    <Part title={t('credentials.title')}>
      <form onSubmit={handleSubmit} noValidate className="space-y-3" data-testid="edit-host-credentials-form">
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('credentials.hint')}</p>
        <CredentialFields
          idPrefix={id}
          value={form}
          errors={errors}
          disabled={disabled}
          onChange={(key, value) => {
            setForm((f) => ({ ...f, [key]: value }));
            setErrors((e) => ({ ...e, [key]: undefined }));
          }}
        />
        <FormFooter
          error={error}
          label={t('credentials.submit')}
          pendingLabel={t('checking')}
          isPending={isPending}
          disabled={disabled}
          variant="outline"
          testId="edit-host-credentials-submit"
        />
      </form>
    </Part>
  );
}
