// Test helpers of the restore-test integration tests (not shipped code paths).
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { expect } from 'vitest';
import type { RestoreTest, TaskDetail } from '@proxai/contract';
import { parseUpid } from '@proxai/pve-client';
import type { SimNode, SimNodeInfo } from '@proxai/pve-sim';
import type { TestApp } from '../../testing/app';
import { CHILD_PATH } from '../../testing/env';
import { tokenBody } from '../hosts/hosts.testing';
import { waitForTask } from '../guests/guests.testing';

const run = promisify(execFile);
const here = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(here, '../../../../..');
const SCRIPT = path.join(ROOT, 'apps/server/src/cli/evidence-verify.ts');
// By absolute URL: the script runs in another directory, where a bare `tsx` would not resolve.
const TSX = pathToFileURL(path.join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href;

/** Runs `npm run evidence:verify -- <args>` as the script itself (a child process): its exit code and output. */
export async function verifyEvidence(
  args: string[],
  cwd: string,
  env: Record<string, string> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    // A clean environment: no INIT_CWD (npm's), no DATA_DIR unless given.
    const { stdout, stderr } = await run(process.execPath, ['--import', TSX, SCRIPT, ...args], {
      cwd,
      env: { PATH: CHILD_PATH, ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/** A guest of the node with a backup on `local`, of that type, set up for a restore test (agent on for a VM). */
export function guestWithBackup(node: SimNode, type: 'qemu' | 'lxc', skip: readonly number[] = []): number {
  const backedUp = new Set((node.storages.get('local')?.backups ?? []).map((b) => b.vmid));
  const g = [...node.guests.values()].find(
    (x) => x.type === type && !x.template && backedUp.has(x.vmid) && !skip.includes(x.vmid),
  );
  if (!g) throw new Error(`no ${type} guest with a backup on ${node.name}`);
  g.agent = true;
  g.agentRunning = true;
  return g.vmid;
}

/**
 * Calls `act` with the copy a restore test makes on `node` (the first guest that was not there before), as soon
 * as it appears: the test can then arrange what the copy's services answer.
 */
export function onCopy(node: SimNode, act: (vmid: number) => void): { stop(): void } {
  const before = new Set(node.guests.keys());
  const timer = setInterval(() => {
    const vmid = [...node.guests.keys()].find((v) => !before.has(v));
    if (vmid === undefined) return;
    clearInterval(timer);
    act(vmid);
  }, 2);
  return { stop: () => clearInterval(timer) };
}

/** Queues a restore test through the API and follows it to its end: the test and its task. */
export async function runThroughApi(
  t: TestApp,
  auth: Record<string, string>,
  body: Record<string, unknown>,
): Promise<{ test: RestoreTest; task: TaskDetail }> {
  const res = await t.app.inject({ method: 'POST', url: '/api/restore-tests', headers: auth, payload: body });
  expect(res.statusCode, res.body).toBe(202);
  const { id, task_id } = res.json<{ id: string; task_id: string }>();
  const task = await waitForTask(t.app, auth, task_id, 60_000);
  const test = (await t.app.inject({ method: 'GET', url: `/api/restore-tests/${id}`, headers: auth })).json<RestoreTest>();
  return { test, task };
}

/** The PVE task types (qmrestore, qmstart, …) a task of the portal sent, in order. */
export const pveTaskTypes = (task: TaskDetail): string[] => task.upids.map((u) => parseUpid(u)?.type ?? '?');

/** The simulated node every restore-test file starts: one node, 14 guests with backups, fast tasks. */
export const RESTORE_TEST_BED = {
  nodes: 1,
  guests: 14,
  seed: 19,
  taskDurationMs: 60,
  addBody: (n: SimNodeInfo) => tokenBody(n),
  // A loaded test machine can be slow to answer: a timeout here would fail a run for the wrong reason.
  env: { PVE_TIMEOUT_MS: '15000' },
};
