import type { Vm, VmAction } from '@proxai/contract';
import { Play, RotateCw, Square } from 'lucide-react';
import { memo, useMemo } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { perKey } from '@/lib/per-key';

export const GUEST_ROW_HEIGHT = 64;

const ACTIONS: readonly VmAction[] = ['start', 'stop', 'restart'];

const STATE_TONE: Record<string, string> = {
  running: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300',
  stopped: 'bg-slate-200 text-slate-700 dark:bg-slate-800 dark:text-slate-300',
};

/** The rows' words, looked up once per list and language instead of eight times in every row. */
export interface GuestRowText {
  pending: string;
  state(state: string): string;
  cores(count: number): string;
  action: Record<VmAction, string>;
  /** The action with the guest's name, for screen readers ("Stop web-01"). */
  named(action: VmAction, name: string): string;
}

/** Marks where the guest's name goes in "Stop {{name}}", resolved once per language. */
const NAME_MARK = '\u0000';

/** The rows' words in the language of `t` (the dashboard namespace's). */
export function guestRowText(t: TFunction<'dashboard'>): GuestRowText {
  const named = new Map(ACTIONS.map((a) => [a, t(`vms.${a}Named`, { name: NAME_MARK }).split(NAME_MARK)]));
  return {
    pending: t('vms.pending'),
    state: perKey((state: string) => t(`vms.states.${state}`, { defaultValue: state })),
    cores: perKey((count: number) => t('vms.coresShort', { count })),
    action: { start: t('vms.start'), stop: t('vms.stop'), restart: t('vms.restart') },
    named: (action, name) => named.get(action)!.join(name),
  };
}

export function useGuestRowText(): GuestRowText {
  // `t` changes with the language and when translations are added, which refreshes these.
  const { t } = useTranslation('dashboard');
  return useMemo(() => guestRowText(t), [t]);
}

export interface GuestRowProps {
  vm: Vm;
  hostName: string;
  pending?: VmAction;
  canAct: boolean;
  onAction: (vm: Vm, action: VmAction) => void;
  text: GuestRowText;
  /** Offset in the virtual list (px); a number, not a style object, so memo skips rows that did not move. */
  start: number;
}

/** One guest: name, state, cores, RAM (MB), storage (GB), host and the three actions, enabled per state. */
export const GuestRow = memo(function GuestRow({ vm, hostName, pending, canAct, onAction, text, start }: GuestRowProps) {
  const isRunning = vm.state === 'running';
  const isStopped = vm.state === 'stopped';
  const busy = pending !== undefined;
  const stateLabel = busy ? text.pending : text.state(vm.state);
  return (
    <div
      role="row"
      style={{ height: GUEST_ROW_HEIGHT, transform: `translateY(${start}px)` }}
      className="absolute inset-x-0 grid grid-cols-[minmax(0,1fr)_auto] items-center gap-3 border-b border-slate-100 px-4 md:grid-cols-[minmax(0,2fr)_7rem_4rem_6rem_6rem_minmax(0,1fr)_auto] dark:border-slate-800"
      data-testid="guest-row"
      data-vmid={vm.vmid}
      data-state={vm.state}
    >
      <div role="cell" className="min-w-0">
        <p className="truncate font-medium" title={vm.name}>
          {vm.name}
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
            'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium',
            busy
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
      </div>
    </div>
  );
});
