import type { Identity } from '../auth';
import type { SimNode } from '../node-state';
import type { TaskWork } from '../tasks';

export const nowSec = (): number => Math.floor(Date.now() / 1000);

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
