import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { isTaskDone, type TaskDetail } from '@proxai/contract';
import { alertGuestStops, eventCursors, events } from '../../db/schema';
import { TEST_DATABASE_KINDS } from '../../testing/database';
import { until } from '../../testing/until';
import { tokenBody } from '../hosts/hosts.testing';
import { guestStopSubscriber } from '../alerts/guest-stops';
import { useReadyTestbed, waitForTask, type VmDto } from './guests.testing';

/** How many guests are stopped (each stop's job and the polls race on its row). */
const STOPPED = 6;
/** Long enough for several polls to run while each stop's Proxmox task does. */
const TASK_MS = 600;
/** How often a guest action's job asks Proxmox whether its task ended (guest-action.job.ts). */
const JOB_TASK_CHECK_MS = 250;
/** Pause between two syncs of the host (each also takes its own time). */
const POLL_GAP_MS = 40;

/**
 * A portal stop and a host poll both learn that a guest went stopping → stopped: the job when its Proxmox task
 * ends (guestStateWriter), the poll when `/cluster/resources` shows it (syncHost). Whichever writes first tells
 * the event stream; the other must not tell it again. Several guests are stopped through the portal while the
 * host is synced back to back, so a poll lands between the guest stopping in Proxmox and the job noticing it
 * (the job checks its task every 250 ms), and polls read before a job's write commit after it.
 */
describe.each(TEST_DATABASE_KINDS)('a guest stop racing host polls on %s', (kind) => {
  const bed = useReadyTestbed(kind, {
    nodes: 1,
    guests: 10,
    seed: 31,
    taskDurationMs: TASK_MS,
    addBody: (n) => tokenBody(n),
  });

  const inject = (method: 'GET' | 'POST', url: string, payload?: object) =>
    bed.t.app.inject({ method, url, payload, headers: bed.owner.auth });
  const sim = () => bed.fleet.node(bed.fleet.nodes[0]!.name);
  /** Waits until the task's job sent its action to Proxmox (its UPID is recorded). */
  const sentToPve = async (taskId: string) => {
    const deadline = Date.now() + 5000;
    for (;;) {
      const task = (await inject('GET', `/api/tasks/${taskId}`)).json<TaskDetail>();
      if (task.upids.length > 0 || isTaskDone(task.status)) return;
      if (Date.now() > deadline) throw new Error(`task ${taskId} was not sent to Proxmox: ${JSON.stringify(task)}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  };
  const sync = async () => {
    const res = await inject('POST', `/api/hosts/${bed.hostIds[0]!}/sync`);
    expect(res.statusCode, res.body).toBe(200);
  };

  it('tells each stop once, in the event stream and to the alerts, however the polls interleave', async () => {
    const db = bed.t.database.db;
    const running = (await inject('GET', '/api/vms')).json<VmDto[]>().filter((v) => v.state === 'running');
    expect(running.length).toBeGreaterThanOrEqual(STOPPED);
    const chosen = running.slice(0, STOPPED);
    const ids = chosen.map((v) => v.id);

    // Polls back to back from before the first stop until every task ended.
    let tasksEnded = false;
    let polls = 0;
    const polling = (async () => {
      while (!tasksEnded) {
        await sync();
        polls++;
        await new Promise((r) => setTimeout(r, POLL_GAP_MS));
      }
    })();
    try {
      // One stop at a time, each task a little longer than the last: the jobs check their task every 250 ms, so
      // the time between a guest stopping in Proxmox and its job noticing differs from guest to guest, and some
      // of those windows are wide enough for a poll to see the stop first whatever the machine's pace.
      const taskIds: string[] = [];
      for (const [i, v] of chosen.entries()) {
        sim().taskDurationMs = TASK_MS + Math.round((i * JOB_TASK_CHECK_MS) / STOPPED);
        const res = await inject('POST', `/api/vms/${v.id}/action`, { action: 'stop' });
        expect(res.statusCode, res.body).toBe(202);
        const taskId = res.json<{ task_id: string }>().task_id;
        await sentToPve(taskId);
        taskIds.push(taskId);
      }
      const tasks = await Promise.all(taskIds.map((id) => waitForTask(bed.t.app, bed.owner.auth, id, 10_000)));
      expect(tasks.map((task) => task.status)).toEqual(tasks.map(() => 'succeeded'));
    } finally {
      tasksEnded = true;
      await polling;
    }
    // The race needs polls during the tasks (each ran about TASK_MS).
    expect(polls).toBeGreaterThanOrEqual(5);
    await sync();

    const stateEvents = await db
      .select()
      .from(events)
      .where(and(eq(events.organisationId, bed.owner.user.organisationId!), eq(events.type, 'guest.state_changed')));
    const ours = stateEvents.filter((e) => ids.includes(String(e.data.guest_id)));
    /** Each guest's transitions as told, in order, e.g. ['running→stopping', 'stopping→stopped']. */
    const told = Object.fromEntries(
      chosen.map((v) => [
        v.name,
        ours
          .filter((e) => e.data.guest_id === v.id)
          .sort((a, b) => a.id - b.id)
          .map((e) => `${String(e.data.previous)}→${String(e.data.state)}`),
      ]),
    );
    const each = <T>(of: (list: string[]) => T) =>
      Object.fromEntries(Object.entries(told).map(([name, list]) => [name, of(list)]));
    const all = <T>(value: T) => Object.fromEntries(chosen.map((v) => [v.name, value]));
    // The stop told once, by the job or by a poll, whichever wrote it first.
    expect(
      each((list) => list.filter((s) => s.endsWith('→stopped')).length),
      JSON.stringify(told),
    ).toEqual(all(1));
    // And every change told starts where the one before left off (from 'running', as listed before the stop): a
    // writer that judged the change against a state read before the other's write tells one that did not happen.
    expect(
      each((list) => list.filter((s, i) => s.split('→')[0] !== (i === 0 ? 'running' : list[i - 1]!.split('→')[1]))),
      JSON.stringify(told),
    ).toEqual(all([]));

    // The alerts' durable subscriber records one stop per event it was given: one per guest.
    const lastId = Math.max(...ours.map((e) => e.id));
    const cursor = await until(
      async () => (await db.select().from(eventCursors).where(eq(eventCursors.subscriber, guestStopSubscriber.name)))[0],
      (c) => (c?.lastEventId ?? 0) >= lastId,
    );
    expect(cursor?.lastEventId ?? 0).toBeGreaterThanOrEqual(lastId);
    const stops = await db.select().from(alertGuestStops).where(inArray(alertGuestStops.guestId, ids));
    const recorded = Object.fromEntries(chosen.map((v) => [v.name, stops.filter((s) => s.guestId === v.id).length]));
    expect(recorded, JSON.stringify(told)).toEqual(all(1));
  }, 20_000);
});
