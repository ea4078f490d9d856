import type { HostCreate } from '@proxai/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FieldError, Input, Label, Select } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { useAddHost } from '../api/host-mutations';

interface FormState {
  /** A Proxmox VE node, or a Proxmox Backup Server (no node: its API is the whole server; port 8007). */
  type: 'pve' | 'pbs';
  name: string;
  pve_url: string;
  pve_node: string;
  user: string;
  auth_type: 'password' | 'token';
  password: string;
  token_name: string;
  token_value: string;
  fingerprint: string;
}

const EMPTY: FormState = {
  type: 'pve',
  name: '',
  pve_url: '',
  pve_node: 'pve',
  user: 'root@pam',
  auth_type: 'password',
  password: '',
  token_name: '',
  token_value: '',
  fingerprint: '',
};

type Errors = Partial<Record<keyof FormState, string>>;

function isHttpUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return u.protocol === 'https:' || u.protocol === 'http:';
  } catch {
    return false;
  }
}

/** SPEC §5: name, URL, node, user required; URL of URL type; the chosen method's secret(s) required. */
function validate(f: FormState): Errors {
  const e: Errors = {};
  const required: (keyof FormState)[] = ['name', 'pve_url', 'user', ...(f.type === 'pve' ? ['pve_node' as const] : [])];
  if (f.auth_type === 'password') required.push('password');
  else required.push('token_name', 'token_value');
  for (const k of required) if (!String(f[k]).trim()) e[k] = 'form.required';
  if (f.pve_url.trim() && !isHttpUrl(f.pve_url.trim())) e.pve_url = 'form.invalidUrl';
  if (f.fingerprint.trim() && !/^([0-9A-Fa-f]{2}:){31}[0-9A-Fa-f]{2}$|^[0-9A-Fa-f]{64}$/.test(f.fingerprint.trim())) {
    e.fingerprint = 'form.invalidFingerprint';
  }
  return e;
}

/**
 * A token id pasted whole ('root@pam!portal', as Proxmox shows it) is split into its user and its name; the server
 * sends it back together (`user@realm!name`, then the secret).
 */
function tokenParts(user: string, tokenName: string): { user: string; token_name: string } {
  const at = tokenName.lastIndexOf('!');
  return at > 0 ? { user: tokenName.slice(0, at), token_name: tokenName.slice(at + 1) } : { user, token_name: tokenName };
}

/** Only the chosen method's fields are sent; a PVE node's `type` is the server's default, a PBS has no node. */
function toBody(f: FormState): HostCreate {
  const common = {
    name: f.name.trim(),
    pve_url: f.pve_url.trim(),
    ...(f.fingerprint.trim() ? { fingerprint: f.fingerprint.trim() } : {}),
  };
  const token = tokenParts(f.user.trim(), f.token_name.trim());
  const auth =
    f.auth_type === 'password'
      ? { user: f.user.trim(), auth_type: 'password' as const, password: f.password }
      : { ...token, auth_type: 'token' as const, token_value: f.token_value.trim() };
  return f.type === 'pbs' ? { type: 'pbs', ...common, ...auth } : { ...common, pve_node: f.pve_node.trim(), ...auth };
}

export function AddHostDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('dashboard');
  const [form, setForm] = useState<FormState>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const addHost = useAddHost();

  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const found = validate(form);
    setErrors(found);
    setServerError(null);
    if (Object.values(found).some(Boolean)) return;
    addHost.mutate(toBody(form), {
      onSuccess: () => {
        toast.success(t('toast.hostAdded'));
        setForm(EMPTY);
        onOpenChange(false);
      },
      onError: (err) => {
        const detail = err instanceof ApiError && err.detail ? err.detail : t('toast.hostAddFailed');
        setServerError(detail);
        toast.error(detail);
      },
    });
  }

  const field = (key: keyof FormState, label: string, props: Record<string, unknown> = {}) => (
    <div>
      <Label htmlFor={`host-${key}`}>{label}</Label>
      <Input
        id={`host-${key}`}
        name={key}
        value={form[key]}
        onChange={(e) => set(key, e.target.value as never)}
        aria-invalid={errors[key] ? true : undefined}
        aria-describedby={errors[key] ? `host-${key}-error` : undefined}
        disabled={addHost.isPending}
        {...props}
      />
      <FieldError id={`host-${key}-error`} message={errors[key] ? t(errors[key]) : undefined} />
    </div>
  );

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!addHost.isPending) onOpenChange(next);
      }}
      title={t(form.type === 'pbs' ? 'form.titlePbs' : 'form.title')}
      description={t('form.description')}
      closeLabel={t('form.cancel')}
    >
      <form onSubmit={handleSubmit} noValidate className="space-y-3" data-testid="add-host-form">
        <fieldset>
          <legend className="mb-1 text-sm font-medium text-slate-700 dark:text-slate-300">{t('form.type')}</legend>
          <div className="flex flex-wrap gap-x-4 gap-y-1">
            {(['pve', 'pbs'] as const).map((type) => (
              <label key={type} className="inline-flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="host-type"
                  className="h-4 w-4 accent-brand-600"
                  checked={form.type === type}
                  onChange={() => set('type', type)}
                  disabled={addHost.isPending}
                  data-testid={`host-type-${type}`}
                />
                {t(`form.types.${type}`)}
              </label>
            ))}
          </div>
        </fieldset>
        {field('name', t('form.name'), { autoComplete: 'off', required: true })}
        {field('pve_url', t('form.url'), {
          type: 'url',
          dir: 'ltr',
          placeholder: form.type === 'pbs' ? 'https://pbs.example.com:8007' : 'https://pve.example.com:8006',
          required: true,
        })}
        <div className="grid grid-cols-2 gap-3">
          {form.type === 'pve' ? field('pve_node', t('form.node'), { required: true }) : null}
          {field('user', t('form.user'), { autoComplete: 'off', required: true })}
        </div>
        <div>
          <Label htmlFor="host-auth_type">{t('form.authType')}</Label>
          <Select
            id="host-auth_type"
            value={form.auth_type}
            onChange={(e) => set('auth_type', e.target.value as FormState['auth_type'])}
            disabled={addHost.isPending}
          >
            <option value="password">{t('form.methodPassword')}</option>
            <option value="token">{t('form.methodToken')}</option>
          </Select>
        </div>
        {form.auth_type === 'password' ? (
          field('password', t('form.password'), { type: 'password', autoComplete: 'new-password', required: true })
        ) : (
          <div className="grid grid-cols-2 gap-3">
            {field('token_name', t('form.tokenName'), { placeholder: 'portal', required: true })}
            {field('token_value', t('form.tokenValue'), { type: 'password', autoComplete: 'off', required: true })}
            <p className="col-span-2 text-xs text-slate-500 dark:text-slate-400">{t('form.tokenHint')}</p>
          </div>
        )}
        {field('fingerprint', t('form.fingerprint'), { dir: 'ltr', placeholder: 'AA:BB:…', spellCheck: false })}
        <p className="text-xs text-slate-500 dark:text-slate-400">
          {t(form.type === 'pbs' ? 'form.fingerprintHintPbs' : 'form.fingerprintHint')}
        </p>
        {serverError ? (
          <p
            role="alert"
            className="rounded-md bg-red-50 p-2 text-sm text-red-700 dark:bg-red-950/50 dark:text-red-300"
            data-testid="add-host-error"
          >
            {serverError}
          </p>
        ) : null}
        <div className="flex justify-end gap-2 pt-2">
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={addHost.isPending}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" isLoading={addHost.isPending} data-testid="add-host-submit">
            {addHost.isPending ? t('form.connecting') : t('form.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
