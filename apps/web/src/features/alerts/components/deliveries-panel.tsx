import { RotateCcw } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Label, Select } from '@/components/ui/input';
import { LoadError, LoadingRows } from '@/components/ui/load-states';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useChannels, useDeliveries, useReplayDelivery, type DeliveryList } from '../api/notifications';

/**
 * A channel's delivery log, or its dead letters (messages given up after 24 h of retries), of the organisation's
 * channels and the person's own; a dead letter, or a message skipped while the plan paused its channel, can be
 * replayed (once the plan includes the channel again).
 */
export function DeliveriesPanel() {
  const { t, i18n } = useTranslation('alerts');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const shared = useChannels('organisation');
  const mine = useChannels('me');
  const [chosen, setChosen] = useState<string | null>(null);
  const [list, setList] = useState<DeliveryList>('deliveries');
  const all = [...(shared.data ?? []), ...(mine.data ?? [])];
  const channelId = chosen ?? all[0]?.id ?? null;
  const channel = all.find((c) => c.id === channelId);
  const deliveries = useDeliveries(channelId, list);
  const replay = useReplayDelivery();
  const ids = { channel: useId(), list: useId() };
  const groups = [
    { label: t('channels.title'), items: shared.data ?? [] },
    { label: t('myChannels.title'), items: mine.data ?? [] },
  ].filter((g) => g.items.length > 0);

  if (all.length === 0) return null;
  return (
    <section className="space-y-3" aria-labelledby="deliveries-title" data-testid="deliveries">
      <h2 id="deliveries-title" className="text-lg font-semibold">
        {t('deliveries.title')}
      </h2>
      <div className="flex flex-wrap items-end gap-3">
        <div>
          <Label htmlFor={ids.channel}>{t('deliveries.channel')}</Label>
          <Select
            id={ids.channel}
            value={channelId ?? ''}
            onChange={(e) => setChosen(e.target.value)}
            data-testid="deliveries-channel"
          >
            {groups.map((group) => (
              <optgroup key={group.label} label={group.label}>
                {group.items.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </optgroup>
            ))}
          </Select>
        </div>
        <div>
          <Label htmlFor={ids.list}>{t('deliveries.show')}</Label>
          <Select
            id={ids.list}
            value={list}
            onChange={(e) => setList(e.target.value as DeliveryList)}
            data-testid="deliveries-list"
          >
            <option value="deliveries">{t('deliveries.all')}</option>
            <option value="dead-letters">{t('deliveries.dead')}</option>
          </Select>
        </div>
      </div>
      {deliveries.isPending ? (
        <LoadingRows label={t('loading')} rows={2} className="h-10" testId="deliveries" />
      ) : deliveries.isError ? (
        <LoadError
          message={t('deliveries.loadError')}
          error={deliveries.error}
          retryLabel={t('retry')}
          onRetry={() => void deliveries.refetch()}
          testId="deliveries"
        />
      ) : deliveries.data.items.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="deliveries-empty">
          {t(list === 'dead-letters' ? 'deliveries.noDead' : 'deliveries.none')}
        </p>
      ) : (
        <Card className="overflow-x-auto p-0">
          <table className="w-full text-sm">
            <caption className="sr-only">{t(list === 'dead-letters' ? 'deliveries.dead' : 'deliveries.all')}</caption>
            <thead className="bg-slate-100 text-start dark:bg-slate-800">
              <tr>
                <th scope="col" className="px-3 py-2 text-start font-medium">
                  {t('deliveries.when')}
                </th>
                <th scope="col" className="px-3 py-2 text-start font-medium">
                  {t('deliveries.what')}
                </th>
                <th scope="col" className="px-3 py-2 text-start font-medium">
                  {t('deliveries.status')}
                </th>
                <th scope="col" className="px-3 py-2 text-end font-medium">
                  <span className="sr-only">{t('deliveries.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {deliveries.data.items.map((d) => (
                <tr key={d.id} className="border-t border-slate-100 dark:border-slate-800" data-testid="delivery-row">
                  <td className="px-3 py-2 whitespace-nowrap">
                    {new Date(d.created_at).toLocaleString(language, { dateStyle: 'short', timeStyle: 'short' })}
                  </td>
                  <td className="px-3 py-2">{d.summary}</td>
                  <td className="px-3 py-2">
                    {t(`deliveryStatus.${d.status}`)}
                    {d.attempts > 1 ? ` · ${t('deliveries.attempts', { number: d.attempts })}` : ''}
                    {d.last_error ? <span className="block text-xs text-red-600 dark:text-red-400">{d.last_error}</span> : null}
                  </td>
                  <td className="px-3 py-2 text-end">
                    {d.status === 'dead' || (d.status === 'skipped' && !channel?.paused_by_plan) ? (
                      <Button
                        variant="outline"
                        size="sm"
                        isLoading={replay.isPending && replay.variables === d.id}
                        onClick={() =>
                          replay.mutate(d.id, {
                            onSuccess: () => toast.success(t('deliveries.replayed')),
                            onError: (error) => toast.error(error instanceof ApiError ? error.detail : error.message),
                          })
                        }
                        data-testid="delivery-replay"
                      >
                        <RotateCcw className="h-4 w-4" aria-hidden="true" />
                        {t('deliveries.replay')}
                      </Button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
      )}
    </section>
  );
}
