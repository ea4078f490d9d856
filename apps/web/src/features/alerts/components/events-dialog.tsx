import type { NotificationChannel, WebhookEventType } from '@proxai/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { usePatchChannel } from '../api/notifications';
import { EventFields } from './event-fields';

/** Changes the domain events an organisation's generic webhook receives besides alerts (PATCH `events`). */
export function EventsDialog({ channel, onClose }: { channel: NotificationChannel | null; onClose: () => void }) {
  const { t } = useTranslation('alerts');
  return (
    <Dialog
      open={channel !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t('webhookEvents.editTitle', { name: channel?.name ?? '' })}
      description={t('webhookEvents.editText')}
      closeLabel={t('close')}
      size="lg"
    >
      {/* Keyed by channel: the draft starts from what that channel receives now. */}
      {channel ? <EventsForm key={channel.id} channel={channel} onDone={onClose} /> : null}
    </Dialog>
  );
}

function EventsForm({ channel, onDone }: { channel: NotificationChannel; onDone: () => void }) {
  const { t } = useTranslation('alerts');
  const patch = usePatchChannel();
  const [events, setEvents] = useState<WebhookEventType[]>(channel.events);

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    patch.mutate(
      { id: channel.id, patch: { events } },
      {
        onSuccess: () => {
          toast.success(t('webhookEvents.saved', { name: channel.name }));
          onDone();
        },
      },
    );
  }

  return (
    <form onSubmit={handleSubmit} className="space-y-4" noValidate>
      <EventFields value={events} onChange={setEvents} testId="channel-events-edit" />
      {patch.error ? (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400" data-testid="channel-events-error">
          {patch.error instanceof ApiError ? patch.error.detail : patch.error.message}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button variant="ghost" onClick={onDone}>
          {t('cancel')}
        </Button>
        <Button type="submit" isLoading={patch.isPending} data-testid="channel-events-save">
          {t('webhookEvents.save')}
        </Button>
      </div>
    </form>
  );
}
