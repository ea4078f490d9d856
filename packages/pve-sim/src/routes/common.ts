import type { Identity } from '../auth';
import type { SimNode } from '../node-state';
import type { ParamValue } from '../params';
import type { TaskWork } from '../tasks';
import { ApiError } from '../router';
import { simNowMs } from '../sim-time';
import type { GuestType, SimGuest } from '../types';

/** Unix seconds of the node's fleet time (sim-time.ts). */
export const nowSec = (): number => Math.floor(simNowMs() / 1000);

/** Starts a worker on the node and answers its UPID, like fork_worker. */
export function startNodeTask(
  node: SimNode,
  type: string,
  id: string,
  identity: Identity,
  work: Omit<TaskWork, 'durationMs'> & { durationMs?: number },
): string {
  return node.runner.start(type, id, identity.authid, { durationMs: node.taskDurationMs, ...work }).upid;
}

/** 'root@pam!portal' -> { user: 'root@pam', tokenid: 'portal' } as the task APIs split it. */
export function splitAuthid(authid: string): { user: string; tokenid?: string } {
  const i = authid.indexOf('!');
  return i < 0 ? { user: authid } : { user: authid.slice(0, i), tokenid: authid.slice(i + 1) };
}

/** Route permission on the guest's ACL path: one privilege or any of several. */
export const vmPerm =
  (priv: string | readonly string[]) =>
  (p: Record<string, ParamValue>): [string, string | readonly string[]] => [`/vms/${String(p['vmid'])}`, priv];

/** 'VM' or 'CT', as pve-guest-common's guest_type() words its messages. */
export const guestKind = (g: SimGuest): 'VM' | 'CT' => (g.type === 'qemu' ? 'VM' : 'CT');

/** AbstractConfig check_lock: dies `VM is locked (backup)` / `CT is locked (snapshot)`. */
export function checkLock(g: SimGuest): void {
  if (g.lock) throw new Error(`${guestKind(g)} is locked (${g.lock})`);
}

/** The guest of that type, else 500 like load_config: `Configuration file 'nodes/pve1/qemu-server/999.conf' does not exist`. */
export function findGuest(node: SimNode, type: GuestType, vmid: number): SimGuest {
  const g = node.guests.get(vmid);
  if (!g || g.type !== type) {
    const dir = type === 'qemu' ? 'qemu-server' : 'lxc';
    throw new ApiError(500, `Configuration file 'nodes/${node.name}/${dir}/${vmid}.conf' does not exist`);
  }
  return g;
}
