// Test helpers of the guest, bulk-action and snapshot integration tests (not shipped code paths).
import { afterAll, beforeAll } from 'vitest';
import { isTaskDone, type TaskDetail } from '@proxai/contract';
import type { FastifyInstance } from 'fastify';
import { generateFleet, type Fleet, type SimNodeInfo } from '@proxai/pve-sim';
import { startHostsTestbed, type HostsTestbed } from '../hosts/hosts-testbed.testing';

/** A guest as GET /api/vms lists it (the fields tests read). */
export interface VmDto {
  id: string;
  vmid: number;
  name: string;
  state: string;
  type: 'qemu' | 'lxc';
  host_id: string;
}

/** Before the hosts are added (`beforeAdd`): every guest but templates running, unlocked and without snapshots. */
export function readyGuests(fleet: Fleet): void {
  for (const n of fleet.nodes)
    for (const g of fleet.node(n.name).guests.values()) {
      if (g.template) continue;
      g.status = 'running';
      delete g.lock;
      g.snapshots = [];
      delete g.parent;
    }
}

/** Follows a task through GET /api/tasks/{id} until it ends (or `ms` passed): answers its last state. */
export async function waitForTask(
  app: FastifyInstance,
  headers: Record<string, string>,
  id: string,
  ms = 30_000,
): Promise<TaskDetail> {
  const deadline = Date.now() + ms;
  for (;;) {
    const task = (await app.inject({ method: 'GET', url: `/api/tasks/${id}`, headers })).json<TaskDetail>();
    if (isTaskDone(task.status) || Date.now() > deadline) return task;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * For a describe block: simulated nodes whose guests are ready (readyGuests), each added as a host with
 * `addBody`, the app on a fresh `kind` database; started before its tests, closed after. The answer is filled in
 * once started.
 */
export function useReadyTestbed(
  kind: 'pglite' | 'postgres',
  options: {
    nodes: number;
    guests: number;
    seed: number;
    taskDurationMs: number;
    addBody: (node: SimNodeInfo, index: number) => Record<string, unknown>;
    env?: Record<string, string>;
  },
): HostsTestbed {
  const bed = {} as HostsTestbed;
  let started: HostsTestbed | undefined;
  beforeAll(async () => {
    started = await startHostsTestbed({
      spec: generateFleet({ nodes: options.nodes, guests: options.guests, seed: options.seed, pbs: false }),
      taskDurationMs: options.taskDurationMs,
      database: kind,
      env: { PVE_TIMEOUT_MS: '5000', ...options.env },
      beforeAdd: readyGuests,
      addBody: options.addBody,
    });
    Object.assign(bed, started);
  });
  afterAll(async () => {
    await started?.close();
  });
  return bed;
}
