import type { NotificationChannel, NotificationChannelOwner, PlanType } from '@proxai/contract';
import { KeyRound, ListChecks, Plus, Send, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Select } from '@/components/ui/input';
import { LoadError, LoadingRows } from '@/components/ui/load-states';
import { LANGUAGE_ENTRIES, type Language } from '@/config/languages';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useChannels, useDeleteChannel, usePatchChannel, useRotateSecret, useTestChannel } from '../api/notifications';
import { takesEvents } from '../webhook-events';
import { ChannelDialog } from './channel-dialog';
import { EventsDialog } from './events-dialog';
import { LanguageOptions } from './language-options';
import { SecretDialog } from './secret-dialog';

const message = (error: Error) => (error instanceof ApiError ? error.detail : error.message);

/** Brand names of the plans, as the pricing page shows them. */
const planName = (plan: PlanType) => plan.charAt(0).toUpperCase() + plan.slice(1);

/** The words of each list: the organisation's channels, or the person's own. */
const TEXTS = {
  organisation: { key: 'channels', testId: 'channels' },
  me: { key: 'myChannels', testId: 'my-channels' },
} as const;

/**
 * The organisation's channels (owners and admins manage them) or the signed-in person's own (they always manage
 * theirs): where alerts go; test, rotate a webhook's secret, choose the domain events an organisation webhook
 * receives, turn off, delete; add one.
 */
export function ChannelList({ owner, canManage }: { owner: NotificationChannelOwner; canManage: boolean }) {
  const { t } = useTranslation('alerts');
  const channels = useChannels(owner);
  const { key, testId } = TEXTS[owner];
  const [isCreating, setIsCreating] = useState(false);
  const [secret, setSecret] = useState<{ value: string; name: string } | null>(null);
  const [deleting, setDeleting] = useState<NotificationChannel | null>(null);
  const [choosingEvents, setChoosingEvents] = useState<NotificationChannel | null>(null);
  const remove = useDeleteChannel();

  return (
    <section className="space-y-3" aria-labelledby={`${testId}-title`} data-testid={testId}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id={`${testId}-title`} className="text-lg font-semibold">
            {t(`${key}.title`)}
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">{t(`${key}.text`)}</p>
        </div>
        {canManage ? (
          <Button onClick={() => setIsCreating(true)} data-testid={owner === 'me' ? 'my-channel-create' : 'channel-create'}>
            <Plus className="h-4 w-4" aria-hidden="true" />
            {t(`${key}.add`)}
          </Button>
        ) : null}
      </div>
      {channels.isPending ? (
        <LoadingRows label={t('loading')} rows={2} testId={testId} />
      ) : channels.isError ? (
        <LoadError
          message={t('channels.loadError')}
          error={channels.error}
          retryLabel={t('retry')}
          onRetry={() => void channels.refetch()}
          testId={testId}
        />
      ) : channels.data.length === 0 ? (
        <p
          className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600 dark:border-slate-700 dark:text-slate-400"
          data-testid={`${testId}-empty`}
        >
          {t(`${key}.empty`)}
        </p>
      ) : (
        <Card className="p-0">
          <ul>
            {channels.data.map((channel) => (
              <ChannelRow
                key={channel.id}
                channel={channel}
                canManage={canManage}
                onSecret={(value) => setSecret({ value, name: channel.name })}
                onDelete={() => setDeleting(channel)}
                onChooseEvents={() => setChoosingEvents(channel)}
              />
            ))}
          </ul>
        </Card>
      )}
      <ChannelDialog
        owner={owner}
        open={isCreating}
        onOpenChange={setIsCreating}
        onCreated={(channel) => {
          setIsCreating(false);
          toast.success(t('channels.created', { name: channel.name }));
          if (channel.secret) setSecret({ value: channel.secret, name: channel.name });
        }}
      />
      <SecretDialog secret={secret?.value ?? null} channelName={secret?.name ?? ''} onClose={() => setSecret(null)} />
      <EventsDialog channel={choosingEvents} onClose={() => setChoosingEvents(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('channels.deleteTitle', { name: deleting?.name ?? '' })}
        description={t('channels.deleteText')}
        confirmLabel={t('channels.delete')}
        cancelLabel={t('cancel')}
        closeLabel={t('close')}
        isDestructive
        isPending={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toast.success(t('channels.deleted', { name: deleting.name }));
              setDeleting(null);
            },
            onError: (error) => toast.error(message(error)),
          })
        }
      />
    </section>
  );
}

function ChannelRow({
  channel,
  canManage,
  onSecret,
  onDelete,
  onChooseEvents,
}: {
  channel: NotificationChannel;
  canManage: boolean;
  onSecret: (secret: string) => void;
  onDelete: () => void;
  onChooseEvents: () => void;
}) {
  const { t, i18n } = useTranslation('alerts');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const test = useTestChannel();
  const rotate = useRotateSecret();
  const patch = usePatchChannel();
  const last = channel.last_delivery;
  const paused = channel.paused_by_plan;
  const hasEvents = takesEvents(channel);

  return (
    <li
      className="flex flex-col gap-3 border-b border-slate-100 p-4 last:border-b-0 md:flex-row md:items-center md:justify-between dark:border-slate-800"
      data-testid="channel-row"
      data-channel-id={channel.id}
    >
      <div className="min-w-0 space-y-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-medium">{channel.name}</span>
          <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs dark:bg-slate-800">
            {t(`channelType.${channel.type}`)}
          </span>
          {channel.enabled ? null : (
            <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs text-amber-800 dark:bg-amber-950 dark:text-amber-300">
              {t('channels.off')}
            </span>
          )}
          {paused ? (
            <span
              className="rounded-full bg-amber-100 px-2 py-0.5 text-xs text-amber-800 dark:bg-amber-950 dark:text-amber-300"
              data-testid="channel-paused"
            >
              {t('channels.paused', { plan: planName(paused) })}
            </span>
          ) : null}
        </p>
        <p className="truncate text-sm text-slate-600 dark:text-slate-400">{channel.address ?? channel.url}</p>
        {paused ? (
          <p className="text-xs text-amber-800 dark:text-amber-300" data-testid="channel-paused-text">
            {t('channels.pausedText', { plan: planName(paused) })}
          </p>
        ) : null}
        <p className="text-xs text-slate-500 dark:text-slate-400" data-testid="channel-meta">
          {t('channels.from', { severity: t(`severity.${channel.min_severity}`) })}
          {hasEvents
            ? ` · ${channel.events.length > 0 ? t('webhookEvents.count', { count: channel.events.length }) : t('webhookEvents.none')}`
            : ''}
          {last
            ? ` · ${t('channels.last', {
                status: t(`deliveryStatus.${last.status}`, { defaultValue: last.status }),
                time: new Date(last.at).toLocaleString(language, { dateStyle: 'medium', timeStyle: 'short' }),
              })}`
            : ''}
          {channel.previous_secret_expires_at
            ? ` · ${t('channels.previousSecret', {
                time: new Date(channel.previous_secret_expires_at).toLocaleString(language, {
                  dateStyle: 'medium',
                  timeStyle: 'short',
                }),
              })}`
            : ''}
        </p>
      </div>
      <div className="flex shrink-0 flex-wrap items-center gap-2">
        {canManage ? (
          <label className="inline-flex items-center gap-2 text-sm">
            <Checkbox
              checked={channel.enabled}
              onChange={(e) =>
                patch.mutate(
                  { id: channel.id, patch: { enabled: e.target.checked } },
                  { onError: (error) => toast.error(message(error)) },
                )
              }
              data-testid="channel-enabled"
            />
            {t('channels.enabled')}
          </label>
        ) : null}
        {canManage ? (
          <Select
            aria-label={t('channels.language')}
            className="w-auto"
            value={channel.language}
            onChange={(e) =>
              patch.mutate(
                { id: channel.id, patch: { language: e.target.value as Language } },
                { onError: (error) => toast.error(message(error)) },
              )
            }
            data-testid="channel-language"
          >
            <LanguageOptions />
          </Select>
        ) : (
          <span className="text-xs text-slate-500 dark:text-slate-400" lang={channel.language} data-testid="channel-language">
            {LANGUAGE_ENTRIES.find((l) => l.code === channel.language)?.name ?? channel.language}
          </span>
        )}
        <Button
          variant="outline"
          size="sm"
          isLoading={test.isPending}
          disabled={paused !== null}
          onClick={() =>
            test.mutate(channel.id, {
              onSuccess: (result) =>
                result.ok
                  ? toast.success(t('channels.testOk', { name: channel.name }))
                  : toast.error(t('channels.testFailed', { name: channel.name, error: result.delivery.last_error ?? '—' })),
              onError: (error) => toast.error(message(error)),
            })
          }
          aria-label={t('channels.testNamed', { name: channel.name })}
          data-testid="channel-test"
        >
          <Send className="h-4 w-4" aria-hidden="true" />
          {t('channels.test')}
        </Button>
        {canManage && hasEvents ? (
          <Button
            variant="ghost"
            size="sm"
            onClick={onChooseEvents}
            aria-label={t('webhookEvents.editNamed', { name: channel.name })}
            data-testid="channel-events"
          >
            <ListChecks className="h-4 w-4" aria-hidden="true" />
            {t('webhookEvents.edit')}
          </Button>
        ) : null}
        {canManage && channel.type === 'webhook' ? (
          <Button
            variant="ghost"
            size="sm"
            isLoading={rotate.isPending}
            onClick={() =>
              rotate.mutate(channel.id, {
                onSuccess: (rotated) => rotated.secret && onSecret(rotated.secret),
                onError: (error) => toast.error(message(error)),
              })
            }
            aria-label={t('channels.rotateNamed', { name: channel.name })}
            data-testid="channel-rotate"
          >
            <KeyRound className="h-4 w-4" aria-hidden="true" />
            {t('channels.rotate')}
          </Button>
        ) : null}
        {canManage ? (
          <Button
            variant="ghost"
            size="sm"
            className="text-red-600 dark:text-red-400"
            onClick={onDelete}
            aria-label={t('channels.deleteNamed', { name: channel.name })}
            data-testid="channel-delete"
          >
            <Trash2 className="h-4 w-4" aria-hidden="true" />
          </Button>
        ) : null}
      </div>
    </li>
  );
}
