import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskPage } from '@proxai/contract';
import { generateFleet, startFleet, type Fleet } from '@proxai/pve-sim';
import { tokenBody } from '../modules/hosts/hosts.testing';
import { TEST_DATABASE_URL } from '../testing/env';
import { trackSecret } from '../testing/secrets';
import {
  callServer,
  guestActionUnderWay,
  scratchPostgres,
  signInToServer,
  startServer,
  stopServer,
  taskOnServerEnded,
} from '../testing/server-process';

/**
 * `kill -9` of the server while a guest action runs: after a restart the task ends (here resumed from its
 * UPID, since the action had reached Proxmox), and no task stays running (issue 10).
 */
const PVE_TASK_MS = 6000;

describe('a task survives kill -9 of the server', () => {
  let fleet: Fleet;
  beforeAll(async () => {
    fleet = await startFleet(generateFleet({ nodes: 1, guests: 4, seed: 31, pbs: false }), { taskDurationMs: PVE_TASK_MS });
    for (const n of fleet.nodes) trackSecret(n.tokenSecret, n.password);
  });
  afterAll(async () => {
    await fleet?.close();
  });

  const call = callServer;
  const signIn = (url: string) => signInToServer(url, 'crash-owner@example.test');

  async function runAndKill(env: Record<string, string>) {
    const first = await startServer(env);
    const token = await signIn(first.url);
    const underWay = await guestActionUnderWay(first.url, token, tokenBody(fleet.nodes[0]!));
    const { guestId, action } = underWay;
    let task = underWay.task;
    const taskId = task.id;
    // Kill once Proxmox has the action (its UPID is on the task) and while its PVE task still runs.
    expect(task).toMatchObject({ status: 'running', upids: [expect.any(String)] });
    first.child.kill('SIGKILL');
    await new Promise((r) => first.child.once('exit', r));

    const second = await startServer(env);
    try {
      task = await taskOnServerEnded(second.url, token, taskId);
      expect(task, JSON.stringify(task)).toMatchObject({ status: 'succeeded', upids: [expect.any(String)] });
      expect(task.log.map((l) => l.line)).toContain(`Resumed after an interruption: following ${task.upids[0]}`);
      expect((await call<TaskPage>(second.url, '/tasks?status=running', { token })).body.items).toEqual([]);
      const after = (await call<{ id: string; state: string }[]>(second.url, '/vms', { token })).body;
      expect(after.find((v) => v.id === guestId)!.state).toBe(action === 'start' ? 'running' : 'stopped');
    } finally {
      await stopServer(second.child);
    }
  }

  const base = { HOST_ADDRESS_POLICY: 'any', TASK_HEARTBEAT_SECONDS: '1', PVE_TIMEOUT_MS: '5000' };

  it('on the embedded database', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'proxai-task-crash-'));
    try {
      await runAndKill({ ...base, DATA_DIR: dataDir });
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 150_000);

  it.runIf(TEST_DATABASE_URL)(
    'on PostgreSQL',
    async () => {
      const database = await scratchPostgres('proxai_task_crash');
      try {
        await runAndKill({ ...base, DATABASE_URL: database.url, DATA_DIR: os.tmpdir() });
      } finally {
        await database.drop();
      }
    },
    150_000,
  );
});
