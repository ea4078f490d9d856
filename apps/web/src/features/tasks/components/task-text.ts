import type { Task, TaskStatus } from '@proxai/contract';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { RTL_LANGUAGES } from '@/config/languages';
import { perKey } from '@/lib/per-key';

/** The panel's words and formats, made once per language instead of once per task and render. */
export interface TaskText {
  /** The task in words: "Start VM web-01 (100)". */
  kind(task: Pick<Task, 'kind' | 'params'>): string;
  /** Who or what started it: "ada@example.org", "API key ci", "ProxAI". */
  actor(task: Pick<Task, 'created_by'>): string;
  /** "Started by ada@example.org". */
  startedBy(task: Pick<Task, 'created_by'>): string;
  status(status: TaskStatus): string;
  /** "2 minutes ago", from `now` (ms). */
  relative(iso: string, now: number): string;
  /** Date and time, for titles and the detail view. */
  absolute(iso: string): string;
  /** Time of day with seconds, for log lines. */
  clock(iso: string): string;
  percent(value: number): string;
  progressLabel(label: string): string;
}

const GUEST_ACTIONS = new Set(['start', 'stop', 'restart']);
const SNAPSHOT_OPERATIONS = new Set(['create', 'rollback', 'delete', 'rotate']);

const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
  ['second', 1],
];

/** "web-01 (100)", or whichever of the two the task names. */
function guestOf(params: Record<string, unknown>): string {
  const name = typeof params.name === 'string' && params.name ? params.name : null;
  const vmid = typeof params.vmid === 'number' || typeof params.vmid === 'string' ? String(params.vmid) : null;
  return name && vmid ? `${name} (${vmid})` : (name ?? vmid ?? '');
}

export function taskText(t: TFunction<'tasks'>, language: string): TaskText {
  const relative = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  const absolute = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'medium' });
  const clock = new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit', second: '2-digit' });
  const percent = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 0 });
  // Guest names and vmids are left-to-right: isolated, they keep their order inside an Arabic sentence.
  const isolate = RTL_LANGUAGES.has(language) ? (s: string) => `\u2068${s}\u2069` : (s: string) => s;
  const actor = ({ created_by: by }: Pick<Task, 'created_by'>) =>
    by.type === 'user' ? isolate(by.name) : t(`actor.${by.type}`, { name: isolate(by.name) });
  const status = perKey((s: TaskStatus) => t(`status.${s}`, { defaultValue: s }));
  return {
    kind: ({ kind, params }) => {
      const [family, action] = kind.split('.');
      if (family === 'guest' && action && GUEST_ACTIONS.has(action)) {
        return t(`kinds.guest.${action}`, { guest: isolate(guestOf(params)) });
      }
      // A bulk action or a schedule's run: the parent of one task per guest.
      if (family === 'bulk' && action && GUEST_ACTIONS.has(action)) {
        const count = Array.isArray(params.guest_ids) ? params.guest_ids.length : 0;
        return t(`kinds.bulk.${action}`, { count });
      }
      if (family === 'snapshot' && action === 'policy') {
        return t('kinds.snapshot.policy', {
          name: isolate(typeof params.schedule_name === 'string' ? params.schedule_name : ''),
        });
      }
      if (family === 'snapshot' && action && SNAPSHOT_OPERATIONS.has(action)) {
        const snapshot = typeof params.snapname === 'string' ? params.snapname : '';
        return t(`kinds.snapshot.${action}`, { guest: isolate(guestOf(params)), snapshot: isolate(snapshot) });
      }
      return t('kinds.other', { kind: isolate(kind) });
    },
    actor,
    startedBy: ({ created_by: by }) => t(`startedBy.${by.type}`, { name: isolate(by.name) }),
    status,
    relative: (iso, now) => {
      // Never "in 2 seconds": a clock a little ahead of this one's still means "now".
      const seconds = Math.min(0, Math.round((Date.parse(iso) - now) / 1000));
      const [unit, size] = UNITS.find(([, s]) => Math.abs(seconds) >= s) ?? UNITS[UNITS.length - 1]!;
      return relative.format(Math.trunc(seconds / size), unit);
    },
    absolute: (iso) => absolute.format(new Date(iso)),
    clock: (iso) => clock.format(new Date(iso)),
    percent: (value) => percent.format(value / 100),
    progressLabel: (label) => t('progress', { task: label }),
  };
}

export function useTaskText(): TaskText {
  // `t` changes with the language and when translations arrive, which makes these again.
  const { t, i18n } = useTranslation('tasks');
  const language = i18n.resolvedLanguage ?? i18n.language;
  return useMemo(() => taskText(t, language), [t, language]);
}
