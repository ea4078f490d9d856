import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskPage } from '@proxai/contract';
import { generateFleet, startFleet, type Fleet } from '@proxai/pve-sim';
import { tokenBody } from './modules/hosts/hosts.testing';
import { TEST_DATABASE_URL } from './testing/env';
import { trackSecret } from './testing/secrets';
import {
  callServer,
  guestActionUnderWay,
  scratchPostgres,
  signInToServer,
  startServer,
  stopServer,
  taskOnServerEnded,
  type ServerProcess,
} from './testing/server-process';

/**
 * SIGTERM to the real server (DESIGN.md §17): it stops taking requests and jobs, lets the job handlers under way end
 * within SHUTDOWN_GRACE_MS, hands the rest back (the job to pg-boss, the task to recovery), closes the database last
 * and exits 0, with no promise left to fail on a closed database (Node would print the unhandled rejection and exit 1).
 */
const GRACE_MS = 2_000;
/** What the rest of the shutdown may take after the grace period (issue 30: within grace + 5 s). */
const MARGIN_MS = 5_000;

/** Sends SIGTERM; answers the exit code and how long the exit took. */
async function terminate(server: ServerProcess): Promise<{ code: number | null; ms: number }> {
  const started = Date.now();
  const exited = new Promise<number | null>((resolve) => server.child.once('exit', (code) => resolve(code)));
  server.child.kill('SIGTERM');
  return { code: await exited, ms: Date.now() - started };
}

/** What must never show in the output of a clean stop. */
const UNCLEAN = /unhandled|PGlite is closed|Cannot use a pool after calling end|graceful shutdown timed out/i;

describe('graceful shutdown', () => {
  it('stops an idle server on SIGTERM with exit 0 after closing the database', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'proxai-shutdown-'));
    try {
      const server = await startServer({ DATA_DIR: dataDir, LOG_LEVEL: 'info' });
      expect(await terminate(server)).toMatchObject({ code: 0 });
      const output = server.output.join('');
      expect(output).toContain('shutting down');
      expect(output).toContain('bye');
      expect(output).not.toMatch(UNCLEAN);
      await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('SIGTERM while guest actions run', () => {
  const PVE_TASK_MS = 6_000;
  let fleet: Fleet;
  beforeAll(async () => {
    fleet = await startFleet(generateFleet({ nodes: 1, guests: 4, seed: 37, pbs: false }), { taskDurationMs: PVE_TASK_MS });
    for (const n of fleet.nodes) trackSecret(n.tokenSecret, n.password);
  });
  afterAll(async () => {
    await fleet?.close();
  });

  async function stopDuringAction(env: Record<string, string>) {
    const settings = { ...env, HOST_ADDRESS_POLICY: 'any', TASK_HEARTBEAT_SECONDS: '1', SHUTDOWN_GRACE_MS: String(GRACE_MS) };
    const first = await startServer(settings);
    const token = await signInToServer(first.url, 'shutdown-owner@example.test');
    // SIGTERM once Proxmox has the action and while its PVE task (6 s) outlasts the grace period (2 s).
    let { task } = await guestActionUnderWay(first.url, token, tokenBody(fleet.nodes[0]!));
    const taskId = task.id;
    expect(task).toMatchObject({ status: 'running', upids: [expect.any(String)] });

    const stopped = await terminate(first);
    const output = first.output.join('');
    expect(stopped.code, output).toBe(0);
    expect(stopped.ms).toBeLessThan(GRACE_MS + MARGIN_MS);
    expect(output).not.toMatch(UNCLEAN);

    // The next start's recovery takes the task over and follows its UPID to the end: nothing stays running.
    const second = await startServer(settings);
    try {
      task = await taskOnServerEnded(second.url, token, taskId);
      expect(task, JSON.stringify(task)).toMatchObject({ status: 'succeeded', upids: [expect.any(String)] });
      expect((await callServer<TaskPage>(second.url, '/tasks?status=running', { token })).body.items).toEqual([]);
    } finally {
      await stopServer(second.child);
    }
    expect(second.output.join('')).not.toMatch(UNCLEAN);
  }

  it('on the embedded database', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'proxai-sigterm-'));
    try {
      await stopDuringAction({ DATA_DIR: dataDir });
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 150_000);

  it.runIf(TEST_DATABASE_URL)(
    'on PostgreSQL',
    async () => {
      const database = await scratchPostgres('proxai_sigterm');
      try {
        await stopDuringAction({ DATABASE_URL: database.url, DATA_DIR: os.tmpdir() });
      } finally {
        await database.drop();
      }
    },
    150_000,
  );
});
