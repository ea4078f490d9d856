import type { Vm, VmAction } from '@proxai/contract';
import { Camera, Play, RotateCw, Square } from 'lucide-react';
import { memo, useMemo } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { cn } from '@/components/ui/cn';
import { perKey } from '@/lib/per-key';

export const GUEST_ROW_HEIGHT = 64;

const ACTIONS: readonly VmAction[] = ['start', 'stop', 'restart'];

const STATE_TONE: Record<string, string> = {
  running: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300',
  stopped: 'bg-slate-200 text-slate-700 dark:bg-slate-800 dark:text-slate-300',
};

/**
 * The table's columns, shared by the header row: [selection] name, state, cores, RAM, storage, host, actions. The
 * selection column exists only for members who may act on guests.
 */
export const GUEST_COLUMNS = {
  selectable: 'grid-cols-[auto_minmax(0,1fr)_auto] md:grid-cols-[auto_minmax(0,2fr)_7rem_4rem_6rem_6rem_minmax(0,1fr)_auto]',
  plain: 'grid-cols-[minmax(0,1fr)_auto] md:grid-cols-[minmax(0,2fr)_7rem_4rem_6rem_6rem_minmax(0,1fr)_auto]',
} as const;

/** The rows' words, looked up once per list and language instead of eight times in every row. */
export interface GuestRowText {
  pending: string;
  state(state: string): string;
  cores(count: number): string;
  action: Record<VmAction, string>;
  /** The action with the guest's name, for screen readers ("Stop web-01"). */
  named(action: VmAction, name: string): string;
  snapshots: string;
  /** "Snapshots of web-01". */
  snapshotsOf(name: string): string;
  /** "Select web-01". */
  select(name: string): string;
  /** "Task in progress on web-01". */
  progressOf(name: string): string;
  /** 40 → "40 %", in the language's way; the formatter is made at the first running task, not at the first row. */
  percent(value: number): string;
}

/** Marks where the guest's name goes in "Stop {{name}}", resolved once per language. */
const NAME_MARK = '\u0000';

/** "Stop {{name}}" as a function of the name, from one lookup. */
function withName(t: TFunction<'dashboard'>, key: string): (name: string) => string {
  const parts = t(key, { name: NAME_MARK }).split(NAME_MARK);
  return (name) => parts.join(name);
}

/** The rows' words in the language of `t` (the dashboard namespace's). */
export function guestRowText(t: TFunction<'dashboard'>, language = 'en'): GuestRowText {
  const named = new Map(ACTIONS.map((a) => [a, withName(t, `vms.${a}Named`)]));
  let percent: Intl.NumberFormat | undefined;
  return {
    pending: t('vms.pending'),
    state: perKey((state: string) => t(`vms.states.${state}`, { defaultValue: state })),
    cores: perKey((count: number) => t('vms.coresShort', { count })),
    action: { start: t('vms.start'), stop: t('vms.stop'), restart: t('vms.restart') },
    named: (action, name) => named.get(action)!(name),
    snapshots: t('vms.snapshots'),
    snapshotsOf: withName(t, 'vms.snapshotsNamed'),
    select: withName(t, 'vms.selectNamed'),
    progressOf: withName(t, 'vms.progressNamed'),
    percent: (value) => (percent ??= new Intl.NumberFormat(language, { style: 'percent' })).format(value / 100),
  };
}

export function useGuestRowText(): GuestRowText {
  // `t` changes with the language and when translations are added, which refreshes these.
  const { t, i18n } = useTranslation('dashboard');
  const language = i18n.resolvedLanguage ?? i18n.language;
  return useMemo(() => guestRowText(t, language), [t, language]);
}

export interface GuestRowProps {
  vm: Vm;
  hostName: string;
  pending?: VmAction;
  canAct: boolean;
  onAction: (vm: Vm, action: VmAction) => void;
  onSnapshots: (vm: Vm) => void;
  /** Whether the row has its selection box (members who may act on guests), and whether it is ticked. */
  selectable?: boolean;
  selected?: boolean;
  onToggle?: (vm: Vm) => void;
  /** Progress (0–100) of a task running on the guest, from the event stream. */
  progress?: number;
  text: GuestRowText;
  /** Offset in the virtual list (px); a number, not a style object, so memo skips rows that did not move. */
  start: number;
}

/**
 * One guest: [selection box] name, state, cores, RAM (MB), storage (GB), host, the three actions (enabled per
 * state) and its snapshots; a thin bar along the bottom while a task runs on it.
 */
export const GuestRow = memo(function GuestRow({
  vm,
  hostName,
  pending,
  canAct,
  onAction,
  onSnapshots,
  selectable = false,
  selected = false,
  onToggle,
  progress,
  text,
  start,
}: GuestRowProps) {
  const isRunning = vm.state === 'running';
  const isStopped = vm.state === 'stopped';
  const busy = pending !== undefined;
  // The percent is the bar's (and its label's): the state column stays one short word wide.
  const hasTask = busy || progress !== undefined;
  const stateLabel = hasTask ? text.pending : text.state(vm.state);
  return (
    <div
      role="row"
      style={{ height: GUEST_ROW_HEIGHT, transform: `translateY(${start}px)` }}
      className={cn(
        'absolute inset-x-0 grid items-center gap-3 border-b border-slate-100 px-4 dark:border-slate-800',
        selectable ? GUEST_COLUMNS.selectable : GUEST_COLUMNS.plain,
        selected && 'bg-brand-50/60 dark:bg-brand-500/10',
      )}
      data-testid="guest-row"
      data-vmid={vm.vmid}
      data-state={vm.state}
      data-progress={progress}
    >
      {selectable ? (
        <div role="cell" className="flex items-center">
          <Checkbox
            checked={selected}
            onChange={() => onToggle?.(vm)}
            aria-label={text.select(vm.name)}
            data-testid="guest-select"
          />
        </div>
      ) : null}
      <div role="cell" className="min-w-0">
        <p className="truncate font-medium" title={vm.name}>
          {/* The guest's page: its charts, facts and tasks (features/monitoring). */}
          <Link to={`/vms/${vm.id}`} className="hover:underline focus-visible:underline" data-testid="guest-link">
            {vm.name}
          </Link>
        </p>
        <p className="truncate text-xs text-slate-500 dark:text-slate-400">
          {vm.type === 'qemu' ? 'VM' : 'CT'} {vm.vmid}
          <span className="md:hidden">
            {' · '}
            {stateLabel} · {text.cores(vm.cpu)} · {vm.memory} MB · {vm.storage} GB
          </span>
        </p>
      </div>
      <div role="cell" className="hidden md:block">
        <span
          className={cn(
            'inline-flex items-center whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium',
            hasTask
              ? 'bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-300'
              : (STATE_TONE[vm.state] ?? STATE_TONE.stopped),
          )}
          data-testid="guest-state"
          aria-live="polite"
        >
          {stateLabel}
        </span>
      </div>
      <div role="cell" className="hidden tabular-nums md:block">
        {vm.cpu}
      </div>
      <div role="cell" className="hidden tabular-nums md:block">
        {vm.memory}
      </div>
      <div role="cell" className="hidden tabular-nums md:block">
        {vm.storage}
      </div>
      <div role="cell" className="hidden truncate text-sm text-slate-500 md:block dark:text-slate-400" title={hostName}>
        {hostName}
      </div>
      <div role="cell" className="flex justify-end gap-1">
        <Button
          variant="ghost"
          size="icon"
          aria-label={text.named('start', vm.name)}
          title={text.action.start}
          disabled={!canAct || busy || isRunning}
          isLoading={pending === 'start'}
          onClick={() => onAction(vm, 'start')}
          data-testid="vm-start"
        >
          {pending === 'start' ? null : <Play className="h-4 w-4 text-emerald-600" aria-hidden="true" />}
        </Button>
        <Button
          variant="ghost"
          size="icon"
          aria-label={text.named('stop', vm.name)}
          title={text.action.stop}
          disabled={!canAct || busy || isStopped}
          isLoading={pending === 'stop'}
          onClick={() => onAction(vm, 'stop')}
          data-testid="vm-stop"
        >
          {pending === 'stop' ? null : <Square className="h-4 w-4 text-rose-600" aria-hidden="true" />}
        </Button>
        <Button
          variant="ghost"
          size="icon"
          aria-label={text.named('restart', vm.name)}
          title={text.action.restart}
          disabled={!canAct || busy || isStopped}
          isLoading={pending === 'restart'}
          onClick={() => onAction(vm, 'restart')}
          data-testid="vm-restart"
        >
          {pending === 'restart' ? null : <RotateCw className="h-4 w-4 text-sky-600" aria-hidden="true" />}
        </Button>
        <Button
          variant="ghost"
          size="icon"
          aria-label={text.snapshotsOf(vm.name)}
          title={text.snapshots}
          aria-haspopup="dialog"
          onClick={() => onSnapshots(vm)}
          data-testid="vm-snapshots"
        >
          <Camera className="h-4 w-4 text-slate-500 dark:text-slate-400" aria-hidden="true" />
        </Button>
      </div>
      {progress === undefined ? null : (
        <div
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress}
          aria-valuetext={text.percent(progress)}
          aria-label={text.progressOf(vm.name)}
          title={text.percent(progress)}
          className="absolute inset-x-0 bottom-0 h-0.5 bg-sky-100 dark:bg-sky-950"
          data-testid="guest-progress"
        >
          <div className="h-full bg-sky-500 transition-[width] duration-300" style={{ width: `${progress}%` }} />
        </div>
      )}
    </div>
  );
});
