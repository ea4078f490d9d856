import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateFleet, type Fleet } from '@proxai/pve-sim';
import { createTestApp, type TestApp } from '../../testing/app';
import { TEST_DATABASE_KINDS } from '../../testing/database';
import { LOOPBACK_HOSTS, TEST_DATABASE_URL } from '../../testing/env';
import { buildUser } from '../../testing/factories';
import { trackSecret } from '../../testing/secrets';
import { startHostsTestbed, type HostsTestbed } from '../hosts/hosts-testbed.testing';
import { tokenBody } from '../hosts/hosts.testing';
import { openStream } from './events.testing';

describe.each(TEST_DATABASE_KINDS)('the event stream on %s', (kind) => {
  let bed: HostsTestbed | undefined;
  let t: TestApp;
  let fleet: Fleet;
  let owner: HostsTestbed['owner'];
  let base: string;

  beforeAll(async () => {
    bed = await startHostsTestbed({
      spec: generateFleet({ nodes: 1, guests: 16, seed: 41, pbs: false }),
      taskDurationMs: 100,
      database: kind,
      addBody: (n) => tokenBody(n),
    });
    ({ t, fleet, owner } = bed);
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await bed?.close();
  });

  /** Starts or stops the guest; answers the task's id. */
  const act = async (guest: { id: string; action: string }) =>
    (
      await t.app.inject({
        method: 'POST',
        url: `/api/vms/${guest.id}/action`,
        headers: owner.auth,
        payload: { action: guest.action },
      })
    ).json<{ task_id: string }>().task_id;

  /** A guest to act on, and the action that suits its state. */
  const someGuest = async () => {
    const vms = (await t.app.inject({ method: 'GET', url: '/api/vms', headers: owner.auth })).json<
      { id: string; state: string }[]
    >();
    const guest = vms.find((v) => v.state === 'stopped') ?? vms.find((v) => v.state === 'running')!;
    return { ...guest, action: guest.state === 'stopped' ? 'start' : 'stop' };
  };

  it('carries a guest action as it happens: task created, progress, state change, task ended', async () => {
    const stream = await openStream(`${base}/api/events`, owner.auth);
    try {
      expect(stream.status).toBe(200);
      expect(stream.contentType).toMatch(/^text\/event-stream/);
      const guest = await someGuest();
      const taskId = await act(guest);
      const created = await stream.waitFor((f) => f.event === 'task.created');
      expect(created.data.data).toMatchObject({ task: { id: taskId, kind: `guest.${guest.action}`, status: 'queued' } });
      const transient = guest.action === 'start' ? 'starting' : 'stopping';
      await stream.waitFor(
        (f) => f.event === 'guest.state_changed' && f.data.data.guest_id === guest.id && f.data.data.state === transient,
      );
      const ended = await stream.waitFor((f) => f.event === 'task.ended');
      expect(ended.data.data).toMatchObject({ task: { id: taskId, status: 'succeeded', progress: 100 } });
      const ids = stream.frames.map((f) => Number(f.id));
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      expect(stream.frames.every((f) => f.data.id === f.id && f.data.type === f.event)).toBe(true);
    } finally {
      await stream.close();
    }
  });

  it('resumes after Last-Event-ID with what was missed, and shows nothing of another organisation', async () => {
    const first = await openStream(`${base}/api/events`, owner.auth);
    const guest = await someGuest();
    await t.app.inject({
      method: 'POST',
      url: `/api/vms/${guest.id}/action`,
      headers: owner.auth,
      payload: { action: guest.action },
    });
    const created = await first.waitFor((f) => f.event === 'task.created');
    await first.waitFor((f) => f.event === 'task.ended');
    await first.close();

    const resumed = await openStream(`${base}/api/events`, { ...owner.auth, 'last-event-id': created.id });
    try {
      const ended = await resumed.waitFor((f) => f.event === 'task.ended');
      expect(Number(ended.id)).toBeGreaterThan(Number(created.id));
      expect(resumed.frames.some((f) => f.id === created.id)).toBe(false);
    } finally {
      await resumed.close();
    }

    const stranger = await buildUser(t.database.db);
    const theirs = await openStream(`${base}/api/events`, { ...stranger.auth, 'last-event-id': '0' });
    try {
      await new Promise((r) => setTimeout(r, 800));
      expect(theirs.frames).toEqual([]);
    } finally {
      await theirs.close();
    }
  });

  it('a new stream starts now: events of the seconds before it opened are not replayed', async () => {
    // Events while nobody listens (the hub does not read then)…
    const taskId = await act(await someGuest());
    const deadline = Date.now() + 8000;
    while (Date.now() < deadline) {
      const task = (await t.app.inject({ method: 'GET', url: `/api/tasks/${taskId}`, headers: owner.auth })).json<{
        status: string;
      }>();
      if (task.status === 'succeeded' || task.status === 'failed') break;
      await new Promise((r) => setTimeout(r, 50));
    }
    // …are not handed to a stream opened afterwards.
    const fresh = await openStream(`${base}/api/events`, owner.auth);
    try {
      await new Promise((r) => setTimeout(r, 1200));
      expect(fresh.frames).toEqual([]);
    } finally {
      await fresh.close();
    }
  });

  it('a browser opens it with a single-use ticket; without credentials it is refused', async () => {
    const issued = await t.app.inject({ method: 'POST', url: '/api/events/ticket', headers: owner.auth });
    expect(issued.statusCode).toBe(200);
    const { ticket } = issued.json<{ ticket: string }>();
    trackSecret(ticket);
    const stream = await openStream(`${base}/api/events?ticket=${ticket}`);
    expect(stream.status).toBe(200);
    await stream.close();
    const again = await fetch(`${base}/api/events?ticket=${ticket}`);
    expect(again.status).toBe(401);
    expect(((await again.json()) as { code: string }).code).toBe('unauthenticated');
    expect((await fetch(`${base}/api/events`)).status).toBe(401);
  });

  it.runIf(kind === 'postgres' && TEST_DATABASE_URL)(
    'a change through one replica reaches a stream held on another within 2 s',
    async () => {
      const other = await createTestApp({
        jobs: true,
        reuseDatabase: t.database,
        env: { RATE_LIMIT_ENABLED: 'false', ...LOOPBACK_HOSTS },
      });
      try {
        const otherBase = await other.app.listen({ port: 0, host: '127.0.0.1' });
        const stream = await openStream(`${otherBase}/api/events`, owner.auth);
        try {
          await new Promise((r) => setTimeout(r, 300));
          const guest = await someGuest();
          const started = Date.now();
          const taskId = await act(guest);
          const created = await stream.waitFor(
            (f) => f.event === 'task.created' && (f.data.data.task as { id: string }).id === taskId,
            2000,
          );
          expect(created).toBeDefined();
          expect(Date.now() - started).toBeLessThan(2000);
        } finally {
          await stream.close();
        }
      } finally {
        await other.close();
      }
    },
  );

  it('guests that change on the host arrive with the sync', async () => {
    const stream = await openStream(`${base}/api/events`, owner.auth);
    try {
      const sim = fleet.node(fleet.nodes[0]!.name);
      const gone = [...sim.guests.values()].find((g) => !g.template)!;
      sim.guests.delete(gone.vmid);
      const hostId = bed!.hostIds[0]!;
      await t.app.inject({ method: 'POST', url: `/api/hosts/${hostId}/sync`, headers: owner.auth });
      const event = await stream.waitFor((f) => f.event === 'guest.gone');
      expect(event.data.data).toMatchObject({ host_id: hostId, vmid: gone.vmid, name: gone.name });
    } finally {
      await stream.close();
    }
  });
});
