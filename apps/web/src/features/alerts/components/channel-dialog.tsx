import type {
  NotificationChannelCreated,
  NotificationChannelOwner,
  NotificationChannelType,
  NotificationSeverity,
  WebhookEventType,
} from '@proxai/contract';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FieldError, Input, Label, Select } from '@/components/ui/input';
import { isLanguage, type Language } from '@/config/languages';
import { ApiError } from '@/lib/api-client';
import { useHosts } from '@/lib/fleet-reads';
import { useCreateChannel } from '../api/notifications';
import { ALL_SCOPE, scopeOf, scopeProblem, type ScopeDraft } from '../scope-draft';
import { takesEvents } from '../webhook-events';
import { EventFields } from './event-fields';
import { LanguageOptions } from './language-options';
import { ScopeFields } from './scope-fields';
import { SeverityOptions } from './severity-options';

/** The contract's channel types (not imported at runtime: the contract carries zod). */
export const CHANNEL_TYPES = [
  'email',
  'webhook',
  'slack',
  'discord',
  'teams',
  'ntfy',
  'gotify',
] as const satisfies readonly NotificationChannelType[];

/** Types whose token field is shown: ntfy's access token (optional), Gotify's application token (required). */
const TOKEN_TYPES: readonly NotificationChannelType[] = ['ntfy', 'gotify'];

/**
 * A new channel, the organisation's or the person's own (`owner`): its type, name, where it sends (URL, or address
 * for e-mail; a personal e-mail channel goes to the account's address), a token for ntfy and Gotify, the least
 * severe alert it receives, what it covers (everything until narrowed) and, for the organisation's generic
 * webhooks, the domain events it receives besides alerts.
 */
export function ChannelDialog({
  owner,
  open,
  onOpenChange,
  onCreated,
}: {
  owner: NotificationChannelOwner;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (channel: NotificationChannelCreated) => void;
}) {
  const { t, i18n } = useTranslation('alerts');
  const create = useCreateChannel();
  const [scope, setScope] = useState<ScopeDraft>(ALL_SCOPE);
  const hosts = useHosts(open && scope.scopeMode === 'host_ids');
  const [scopeError, setScopeError] = useState<string | null>(null);
  const isMine = owner === 'me';
  const [type, setType] = useState<NotificationChannelType>('webhook');
  const [name, setName] = useState('');
  const [target, setTarget] = useState('');
  const [token, setToken] = useState('');
  const [minSeverity, setMinSeverity] = useState<NotificationSeverity>('info');
  const [events, setEvents] = useState<WebhookEventType[]>([]);
  // Messages are written in the reader's language: the page's by default.
  const [language, setLanguage] = useState<Language>(() => {
    const current = i18n.resolvedLanguage ?? i18n.language;
    return isLanguage(current) ? current : 'en';
  });
  const ids = {
    type: useId(),
    name: useId(),
    target: useId(),
    token: useId(),
    severity: useId(),
    language: useId(),
    error: useId(),
  };
  const isEmail = type === 'email';
  /** A personal e-mail channel has no address to type: it sends to the account's. */
  const hasTarget = !(isEmail && isMine);
  const hasEvents = takesEvents({ type, owner });
  const error = create.error instanceof ApiError ? create.error : null;
  const fieldError = (field: string) => error?.errors?.find((e) => e.path.split('.').at(-1) === field)?.message;

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const problem = scopeProblem(scope);
    setScopeError(problem);
    if (problem) return;
    create.mutate(
      {
        ...(isMine ? { owner } : {}),
        type,
        name: name.trim(),
        ...(!hasTarget ? {} : isEmail ? { address: target.trim() } : { url: target.trim() }),
        ...(TOKEN_TYPES.includes(type) && token.trim() ? { token: token.trim() } : {}),
        min_severity: minSeverity,
        language,
        ...(scope.scopeMode === 'all' ? {} : { scope: scopeOf(scope) }),
        ...(hasEvents && events.length > 0 ? { events } : {}),
      },
      {
        onSuccess: (channel) => {
          setName('');
          setTarget('');
          setToken('');
          setScope(ALL_SCOPE);
          setEvents([]);
          create.reset();
          onCreated(channel);
        },
      },
    );
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t(isMine ? 'myChannels.newTitle' : 'channels.newTitle')}
      description={t(isMine ? 'myChannels.newText' : 'channels.newText')}
      closeLabel={t('close')}
      size="lg"
    >
      <form onSubmit={handleSubmit} className="space-y-4" noValidate>
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <Label htmlFor={ids.type}>{t('channels.type')}</Label>
            <Select
              id={ids.type}
              value={type}
              onChange={(e) => setType(e.target.value as NotificationChannelType)}
              data-testid="channel-type"
            >
              {CHANNEL_TYPES.map((c) => (
                <option key={c} value={c}>
                  {t(`channelType.${c}`)}
                </option>
              ))}
            </Select>
          </div>
          <div>
            <Label htmlFor={ids.name}>{t('channels.name')}</Label>
            <Input
              id={ids.name}
              value={name}
              onChange={(e) => setName(e.target.value)}
              required
              maxLength={100}
              data-testid="channel-name"
            />
            <FieldError id={`${ids.name}-error`} message={fieldError('name')} />
          </div>
        </div>
        {hasTarget ? (
          <div>
            <Label htmlFor={ids.target}>{t(isEmail ? 'channels.address' : 'channels.url')}</Label>
            <Input
              id={ids.target}
              type={isEmail ? 'email' : 'url'}
              value={target}
              onChange={(e) => setTarget(e.target.value)}
              required
              placeholder={isEmail ? 'ops@example.org' : 'https://'}
              data-testid="channel-target"
            />
            <FieldError id={`${ids.target}-error`} message={fieldError(isEmail ? 'address' : 'url')} />
          </div>
        ) : (
          <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="channel-account-address">
            {t('myChannels.accountAddress')}
          </p>
        )}
        {TOKEN_TYPES.includes(type) ? (
          <div>
            <Label htmlFor={ids.token}>{t(type === 'gotify' ? 'channels.tokenRequired' : 'channels.token')}</Label>
            <Input
              id={ids.token}
              type="password"
              autoComplete="off"
              value={token}
              onChange={(e) => setToken(e.target.value)}
              data-testid="channel-token"
            />
          </div>
        ) : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <Label htmlFor={ids.severity}>{t('channels.minSeverity')}</Label>
            <Select
              id={ids.severity}
              value={minSeverity}
              onChange={(e) => setMinSeverity(e.target.value as NotificationSeverity)}
              data-testid="channel-severity"
            >
              <SeverityOptions />
            </Select>
          </div>
          <div>
            <Label htmlFor={ids.language}>{t('channels.language')}</Label>
            <Select
              id={ids.language}
              value={language}
              onChange={(e) => setLanguage(e.target.value as Language)}
              data-testid="channel-language"
            >
              <LanguageOptions />
            </Select>
          </div>
        </div>
        <ScopeFields
          value={scope}
          hosts={hosts.data ?? []}
          onChange={(patch) => setScope({ ...scope, ...patch })}
          testId="channel"
        />
        {scopeError ? (
          <p role="alert" className="text-sm text-red-600 dark:text-red-400" data-testid="channel-scope-problem">
            {t(scopeError)}
          </p>
        ) : null}
        {hasEvents ? <EventFields value={events} onChange={setEvents} /> : null}
        {isMine ? <p className="text-xs text-slate-500 dark:text-slate-400">{t('myChannels.quietText')}</p> : null}
        {error && !error.errors?.length ? (
          <p id={ids.error} role="alert" className="text-sm text-red-600 dark:text-red-400" data-testid="channel-error">
            {error.detail}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={() => onOpenChange(false)}>
            {t('cancel')}
          </Button>
          <Button type="submit" isLoading={create.isPending} data-testid="channel-save">
            {t('channels.create')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
