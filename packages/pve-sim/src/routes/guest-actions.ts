import type { SimNode } from '../node-state';
import type { ParamValue } from '../params';
import { ApiError } from '../router';
import type { SimGuest } from '../types';
import { checkLock, guestKind, nowSec } from './common';

export type GuestAction = 'start' | 'stop' | 'shutdown' | 'reboot' | 'reset' | 'suspend' | 'resume';

const QEMU_TASK: Record<GuestAction, string> = {
  start: 'qmstart',
  stop: 'qmstop',
  shutdown: 'qmshutdown',
  reboot: 'qmreboot',
  reset: 'qmreset',
  suspend: 'qmpause',
  resume: 'qmresume',
};

const LXC_TASK: Record<GuestAction, string> = {
  start: 'vzstart',
  stop: 'vzstop',
  shutdown: 'vzshutdown',
  reboot: 'vzreboot',
  reset: 'vzreset',
  suspend: 'vzsuspend',
  resume: 'vzresume',
};

/**
 * The checks PVE makes before forking the worker (they answer 500 synchronously); returns the
 * task type. qemu-server checks little up front; pve-container checks running state.
 */
export function checkAction(g: SimGuest, action: GuestAction, p: Record<string, ParamValue>): string {
  const running = g.status === 'running';
  if (g.type === 'qemu') {
    if (['reboot', 'reset', 'suspend', 'resume'].includes(action) && !running)
      throw new ApiError(500, `VM ${g.vmid} not running`);
    // qemu-server: a paused VM cannot shut down; with forceStop=1 it is stopped instead (a warning only).
    if (action === 'shutdown' && running && g.paused && p['forceStop'] !== true)
      throw new ApiError(500, 'VM is paused - cannot shutdown');
    if (g.ha && (action === 'start' || action === 'stop' || action === 'shutdown'))
      return action === 'start' ? 'hastart' : 'hastop';
    if (action === 'suspend' && p['todisk'] === true) return 'qmsuspend';
    return QEMU_TASK[action];
  }
  if ((action === 'start' || action === 'resume') && running) throw new ApiError(500, `CT ${g.vmid} already running`);
  if ((action === 'stop' || action === 'shutdown' || action === 'suspend') && !running)
    throw new ApiError(500, `CT ${g.vmid} not running`);
  // pve-container really says "VM" here.
  if (action === 'reboot' && !running) throw new ApiError(500, `VM ${g.vmid} not running`);
  if (g.ha && (action === 'start' || action === 'stop' || action === 'shutdown'))
    return action === 'start' ? 'hastart' : 'hastop';
  return LXC_TASK[action];
}

export function startGuest(node: SimNode, g: SimGuest): void {
  g.status = 'running';
  g.paused = false;
  g.startedAt = nowSec();
  g.startedAtMs = Date.now();
  g.pid = node.nextPid() + g.vmid;
}

export function stopGuest(g: SimGuest): void {
  g.status = 'stopped';
  g.paused = false;
  g.stoppedAt = nowSec();
  delete g.startedAt;
  delete g.startedAtMs;
  delete g.pid;
}

/**
 * The worker's first step (under the config lock, so it fails at once): a locked guest refuses every
 * action (`VM is locked (backup)`), unless `skiplock` or a start resuming a hibernated VM.
 */
export function prepareAction(g: SimGuest, action: GuestAction, p: Record<string, ParamValue>): void {
  if (p['skiplock'] === true || (action === 'start' && g.lock === 'suspended')) return;
  checkLock(g);
}

/** The worker's effect, when the task ends; throwing fails the task with that exit status. */
export function applyAction(node: SimNode, g: SimGuest, action: GuestAction, p: Record<string, ParamValue>): string[] | void {
  const kind = guestKind(g);
  const resumingFromDisk = action === 'start' && g.lock === 'suspended';
  const running = g.status === 'running';
  switch (action) {
    case 'start':
      if (g.template) throw new Error(`you can't start a ${g.type === 'qemu' ? 'vm' : 'CT'} if it's a template`);
      if (running) throw new Error(`VM ${g.vmid} already running`);
      if (resumingFromDisk) delete g.lock;
      startGuest(node, g);
      return;
    case 'stop':
    case 'shutdown':
      if (running) stopGuest(g);
      return;
    case 'reboot':
    case 'reset':
      if (!running) throw new Error(`VM ${g.vmid} not running`);
      g.startedAt = nowSec();
      g.startedAtMs = Date.now();
      g.paused = false;
      return;
    case 'suspend':
      if (!running) throw new Error(`${kind} ${g.vmid} not running`);
      if (g.type === 'lxc' || p['todisk'] === true) {
        // Hibernation / lxc-checkpoint: the guest stops; a qemu VM keeps a 'suspended' lock.
        stopGuest(g);
        if (g.type === 'qemu') g.lock = 'suspended';
      } else {
        g.paused = true;
      }
      return;
    case 'resume':
      if (g.type === 'lxc') startGuest(node, g);
      else g.paused = false;
      return;
  }
}
