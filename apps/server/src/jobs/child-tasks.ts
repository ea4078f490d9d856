import { isTaskDone } from '@proxai/contract';
import type { Db } from '../db/client';
import { AppError } from '../errors';
import { findPresentGuests, type GuestRow } from '../modules/guests/guests.repository';
import { hostsByIds, type HostRow } from '../modules/hosts/hosts.repository';
import {
  appendTaskLog,
  endTask,
  findTask,
  insertTask,
  listChildren,
  setTaskProgress,
  type NewTaskRow,
  type TaskRow,
  type TaskSummary,
} from '../modules/tasks/tasks.repository';
import { guestLabel, HostClients, type JobDeps } from './pve-task';

/**
 * A parent task (a bulk action, a snapshot policy run) and its children, one per guest: how they are created
 * and run, and how the parent ends. The parent's job runs the children in its own process, at most
 * PER_HOST_CONCURRENCY at once on a host, hosts in parallel; a child failing never stops the others.
 */

/** Children running at once on one host. */
export const PER_HOST_CONCURRENCY = 4;
/** Children running at once for one parent, all hosts together. */
const TOTAL_CONCURRENCY = 32;
/** How often a child another process holds (a resumed one) is looked at until it ends. */
const HELD_POLL_MS = 500;

/**
 * Runs a child while this process holds it (withClaimedTask): true when it ran here, false when it had ended or
 * another live process holds it.
 */
export type ChildRunner = (child: TaskRow) => Promise<boolean>;

/** What the parent needs of one guest to make its child: the task row, and for a child that ends at once, how. */
export type ChildSpec = Omit<NewTaskRow, 'organisationId' | 'parentId' | 'createdBy'> & {
  firstLine: string;
  /** Set for a child that has nothing to do (a guest removed since, or already in the asked state). */
  endAt?: { status: 'skipped' | 'failed'; error: string };
};

/**
 * The parent's children, made on its first run (a resumed parent keeps those it made): one per entry of `keys`
 * (the guest ids of its params), in that order. `spec` builds the child of a key that has none yet.
 */
export async function ensureChildren(
  db: Db,
  parent: TaskRow,
  keys: readonly string[],
  spec: (key: string) => ChildSpec,
): Promise<TaskRow[]> {
  const existing = await listChildren(db, parent.id);
  const byKey = new Map(existing.map((c) => [c.params.guest_id, c]));
  const children: TaskRow[] = [];
  for (const key of keys) {
    const made = byKey.get(key);
    if (made) {
      children.push(made);
      continue;
    }
    const { firstLine, endAt, ...values } = spec(key);
    const ended = endAt ? { status: endAt.status, error: endAt.error, endedAt: new Date() } : {};
    children.push(
      await insertTask(
        db,
        {
          ...values,
          ...ended,
          params: { ...values.params, guest_id: key },
          organisationId: parent.organisationId,
          parentId: parent.id,
          createdBy: parent.createdBy,
        },
        endAt ? `${firstLine}: ${endAt.status}, ${endAt.error}` : firstLine,
      ),
    );
  }
  return children;
}

/** Runs `work` over `items` with at most `limit` at once. */
async function pool<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await work(items[next++]!);
  });
  await Promise.all(lanes);
}

/** A counting semaphore. */
function limiter(limit: number): <T>(work: () => Promise<T>) => Promise<T> {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async (work) => {
    if (active >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    active++;
    try {
      return await work();
    } finally {
      active--;
      waiting.shift()?.();
    }
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs the children that have not ended and ends the parent. Before starting each child it checks the parent:
 * once a cancel was asked (POST /tasks/{id}/cancel), children not started are cancelled and running ones
 * finish. A child another process holds (the task recovery resumed it) is waited for. Each ended child moves
 * the parent's progress; a failed or skipped one is also logged on the parent with its reason.
 *
 * The parent ends `cancelled` when a cancel left children unstarted, else `failed` when any child failed
 * ("2 of 20 guests failed"), else `succeeded`; its summary counts the children by outcome.
 */
export async function runChildTasks(
  db: Db,
  parent: TaskRow,
  children: readonly TaskRow[],
  run: ChildRunner,
  label: (child: TaskRow) => string,
): Promise<TaskSummary> {
  const total = children.length;
  let done = children.filter((c) => isTaskDone(c.status)).length;
  const cancelAsked = async () => (await findTask(db, parent.organisationId, parent.id))?.cancelRequestedAt != null;
  const overall = limiter(TOTAL_CONCURRENCY);

  const runOne = async (child: TaskRow): Promise<void> => {
    for (;;) {
      if (await cancelAsked()) {
        await endTask(db, child.id, 'cancelled', 'Cancelled with its parent task', new Date());
        return;
      }
      let ran = false;
      try {
        ran = await run(child);
      } catch (err) {
        // A runner records its own failures; this is one it could not (the database went away, a bug), or a
        // catalogue error that names its cause (credentials sealed with another key).
        const detail =
          err instanceof AppError ? err.detail : `unexpected error: ${err instanceof Error ? err.message : String(err)}`;
        await endTask(db, child.id, 'failed', detail, new Date());
        return;
      }
      const row = await findTask(db, parent.organisationId, child.id);
      if (!row || isTaskDone(row.status)) return;
      if (ran) {
        await endTask(db, child.id, 'failed', 'The task stopped without an outcome', new Date());
        return;
      }
      await sleep(HELD_POLL_MS);
    }
  };

  const byHost = new Map<string, TaskRow[]>();
  for (const child of children) {
    if (isTaskDone(child.status)) continue;
    const key = child.hostId ?? '';
    byHost.set(key, [...(byHost.get(key) ?? []), child]);
  }
  await setTaskProgress(db, parent.id, total ? Math.floor((done * 100) / total) : 100);
  await Promise.all(
    [...byHost.values()].map((list) =>
      pool(list, PER_HOST_CONCURRENCY, async (child) => {
        await overall(() => runOne(child));
        done++;
        const ended = await findTask(db, parent.organisationId, child.id);
        if (ended && (ended.status === 'failed' || ended.status === 'skipped')) {
          await appendTaskLog(db, parent.id, `${label(ended)}: ${ended.status}, ${ended.error ?? 'no reason given'}`);
        }
        await setTaskProgress(db, parent.id, Math.floor((done * 100) / total));
      }),
    ),
  );
  return endParent(db, parent, await cancelAsked());
}

/** Ends the parent from its children's outcomes (see runChildTasks). */
async function endParent(db: Db, parent: TaskRow, cancelAsked: boolean): Promise<TaskSummary> {
  const children = await listChildren(db, parent.id);
  const count = (status: TaskRow['status']) => children.filter((c) => c.status === status).length;
  const summary: TaskSummary = { succeeded: count('succeeded'), failed: count('failed'), skipped: count('skipped') };
  // A cancelled child that never sent anything was not started; one with a UPID was stopped on its host.
  const notStarted = children.filter((c) => c.status === 'cancelled' && c.upids.length === 0).length;
  const stopped = count('cancelled') - notStarted;
  const total = children.length;
  const failures = summary.failed ? `${summary.failed} of ${total} guests failed` : null;
  const counts = `${summary.succeeded} succeeded, ${summary.failed} failed, ${summary.skipped} skipped`;
  if (cancelAsked && notStarted + stopped > 0) {
    const cut = [`${notStarted} of ${total} guests were not started`, stopped ? `${stopped} stopped on their host` : null];
    const error = [`Cancelled: ${cut.filter(Boolean).join(', ')}`, failures].filter(Boolean).join('; ');
    await endTask(db, parent.id, 'cancelled', error, new Date(), summary, [
      `Cancelled: ${counts}, ${notStarted} not started, ${stopped} stopped`,
    ]);
    return summary;
  }
  if (failures) {
    await endTask(db, parent.id, 'failed', failures, new Date(), summary, [`Failed: ${counts}`]);
    return summary;
  }
  await endTask(db, parent.id, 'succeeded', null, new Date(), summary, [`Done: ${counts}`]);
  return summary;
}

/** The parent's guests still on their host (by id) and their hosts: what its children are made from. */
export async function guestsOfParent(
  db: Db,
  parent: TaskRow,
  ids: readonly string[],
): Promise<{ guests: Map<string, GuestRow>; hosts: Map<string, HostRow> }> {
  const guests = new Map((await findPresentGuests(db, parent.organisationId, ids)).map((g) => [g.id, g]));
  const hostIds = [...new Set([...guests.values()].map((g) => g.hostId))];
  return { guests, hosts: new Map((await hostsByIds(db, hostIds)).map((h) => [h.id, h])) };
}

/**
 * runChildTasks for children that each drive one guest: they share one PVE client per host (a password host
 * logs in once), closed at the end; the parent's log names them as 'VM 101 (web)'.
 */
export async function runGuestChildren(
  deps: JobDeps,
  parent: TaskRow,
  children: readonly TaskRow[],
  guests: ReadonlyMap<string, GuestRow>,
  run: (child: TaskRow, clients: HostClients) => Promise<boolean>,
): Promise<TaskSummary> {
  const clients = new HostClients(deps);
  try {
    return await runChildTasks(
      deps.db,
      parent,
      children,
      (child) => run(child, clients),
      (child) => {
        const guest = guests.get(child.params.guest_id as string);
        return guest ? guestLabel(guest) : 'A removed guest';
      },
    );
  } finally {
    await clients.close();
  }
}
