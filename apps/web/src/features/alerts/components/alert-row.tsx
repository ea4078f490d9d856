import type { Alert } from '@proxai/contract';
import { BellOff, Check } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/input';
import { toast } from '@/lib/toast';
import { alertKindLabel, alertLine } from '../alert-line';
import { useAckAlert, useSilenceAlert } from '../api/alerts';
import { SeverityBadge } from './severity-badge';

/** Silence durations offered, in minutes: an hour, four hours, a day, a week (the most the API takes). */
export const SILENCE_MINUTES = [60, 240, 1440, 10_080] as const;

/** Where an alert's subject is shown: a guest's page, a host's page (storages: their host's). */
export function subjectPath(alert: Pick<Alert, 'subject' | 'host_id'>): string | null {
  if (alert.subject.kind === 'guest') return `/vms/${alert.subject.id}`;
  if (alert.subject.kind === 'host') return `/hosts/${alert.subject.id}`;
  return alert.host_id ? `/hosts/${alert.host_id}` : null;
}

/** "1 h 5 min", "3 d 2 h": how long an alert lasted or has lasted. */
export function formatDuration(seconds: number): { key: string; values: Record<string, number> } {
  const s = Math.max(0, Math.round(seconds));
  const days = Math.floor(s / 86_400);
  const hours = Math.floor((s % 86_400) / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  if (days > 0) return { key: 'duration.days', values: { days, hours } };
  if (hours > 0) return { key: 'duration.hours', values: { hours, minutes } };
  return { key: 'duration.minutes', values: { minutes: Math.max(minutes, s > 0 ? 1 : 0) } };
}

export function AlertRow({ alert, canAct, now }: { alert: Alert; canAct: boolean; now: number }) {
  const { t, i18n } = useTranslation('alerts');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const ack = useAckAlert();
  const silence = useSilenceAlert();
  const [minutes, setMinutes] = useState<number>(SILENCE_MINUTES[0]);
  const selectId = useId();
  const path = subjectPath(alert);
  const line = alertLine(alert, t, language);
  const isActive = alert.status === 'active';
  const end = alert.resolved_at ? Date.parse(alert.resolved_at) : now;
  const duration = formatDuration((end - Date.parse(alert.started_at)) / 1000);
  const silencedUntil = alert.silenced_until && Date.parse(alert.silenced_until) > now ? alert.silenced_until : null;
  const when = (iso: string) => new Date(iso).toLocaleString(language, { dateStyle: 'medium', timeStyle: 'short' });

  function handleAck() {
    ack.mutate(alert.id, {
      onSuccess: () => toast.success(t('acked', { name: alert.subject.name })),
      onError: (error) => toast.error(error.message),
    });
  }
  function handleSilence() {
    silence.mutate(
      { id: alert.id, minutes },
      {
        onSuccess: () => toast.success(t('silenced', { name: alert.subject.name })),
        onError: (error) => toast.error(error.message),
      },
    );
  }

  return (
    <li
      className="flex flex-col gap-2 border-b border-slate-100 p-4 last:border-b-0 md:flex-row md:items-center md:justify-between dark:border-slate-800"
      data-testid="alert-row"
      data-alert-id={alert.id}
      data-status={alert.status}
    >
      <div className="min-w-0 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <SeverityBadge severity={alert.severity} />
          <span className="text-sm font-medium">{alertKindLabel(alert.kind, t)}</span>
          <span className="text-sm text-slate-500 dark:text-slate-400">·</span>
          {path ? (
            <Link to={path} className="truncate text-sm font-medium text-brand-700 underline dark:text-brand-500">
              {alert.subject.name}
            </Link>
          ) : (
            <span className="truncate text-sm font-medium">{alert.subject.name}</span>
          )}
          {alert.flapping ? (
            <span className="rounded-full bg-violet-100 px-2 py-0.5 text-xs text-violet-800 dark:bg-violet-950 dark:text-violet-300">
              {t('flapping')}
            </span>
          ) : null}
          {isActive && alert.escalation_level > 0 ? (
            <span className="rounded-full bg-red-50 px-2 py-0.5 text-xs text-red-700 dark:bg-red-950/60 dark:text-red-300">
              {t('escalation', { level: alert.escalation_level })}
            </span>
          ) : null}
        </div>
        {/* The server's English summary stays at hand (with details such as an error message) as a tooltip. */}
        <p
          className="text-sm break-words text-slate-700 dark:text-slate-300"
          title={line === alert.summary ? undefined : alert.summary}
          data-testid="alert-line"
        >
          {line}
        </p>
        <p className="text-xs text-slate-500 dark:text-slate-400" data-testid="alert-meta">
          {t('since', { time: when(alert.started_at) })} · {t(duration.key, duration.values)}
          {alert.resolved_at ? ` · ${t('resolvedAt', { time: when(alert.resolved_at) })}` : ''}
          {alert.acknowledged_at ? ` · ${t('ackedBy', { who: alert.acknowledged_by ?? '—' })}` : ''}
          {silencedUntil ? ` · ${t('silencedUntil', { time: when(silencedUntil) })}` : ''}
        </p>
      </div>
      {isActive && canAct ? (
        <div className="flex shrink-0 flex-wrap items-center gap-2">
          {alert.acknowledged_at ? null : (
            <Button
              variant="outline"
              size="sm"
              onClick={handleAck}
              isLoading={ack.isPending}
              aria-label={t('ackNamed', { name: alert.subject.name })}
              data-testid="alert-ack"
            >
              <Check className="h-4 w-4" aria-hidden="true" />
              {t('ack')}
            </Button>
          )}
          <label htmlFor={selectId} className="sr-only">
            {t('silenceFor', { name: alert.subject.name })}
          </label>
          <Select
            id={selectId}
            className="h-8 w-auto py-0"
            value={minutes}
            onChange={(e) => setMinutes(Number(e.target.value))}
            data-testid="alert-silence-duration"
          >
            {SILENCE_MINUTES.map((m) => (
              <option key={m} value={m}>
                {t(`silenceDuration.${m}`)}
              </option>
            ))}
          </Select>
          <Button
            variant="ghost"
            size="sm"
            onClick={handleSilence}
            isLoading={silence.isPending}
            aria-label={t('silenceNamed', { name: alert.subject.name })}
            data-testid="alert-silence"
          >
            <BellOff className="h-4 w-4" aria-hidden="true" />
            {t('silence')}
          </Button>
        </div>
      ) : null}
    </li>
  );
}
