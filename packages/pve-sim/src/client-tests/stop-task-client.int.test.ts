import { isTaskOk, PveClient } from '@proxai/pve-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureFleet } from '../fixture-fleet';
import { startFleet, type Fleet } from '../fleet';
import { startSlowTask } from '../test-http';
import { rejection } from './rejection';

// PveClient.stopTask against the simulator: DELETE /nodes/{node}/tasks/{upid}.

const poll = { pollMs: 20, timeoutMs: 5_000 };

describe('PveClient.stopTask', () => {
  let fleet: Fleet;
  let c: PveClient;
  let readonly: PveClient;

  beforeAll(async () => {
    fleet = await startFleet(fixtureFleet(), { taskDurationMs: 50 });
    const n = fleet.nodes[0]!;
    const client = (tokenId: string, secret: string): PveClient =>
      new PveClient({ baseUrl: n.url, auth: { kind: 'token', tokenId, secret }, fingerprint: n.fingerprint, retries: 0 });
    c = client(n.tokenId, n.tokenSecret);
    readonly = client(n.readonlyTokenId, n.readonlyTokenSecret);
  });
  afterAll(async () => {
    await c.close();
    await readonly.close();
    await fleet.close();
  });

  const slowStart = (vmid: number): Promise<string> =>
    startSlowTask(fleet.node('node1'), () => c.guestAction('node1', 'qemu', vmid, 'start'), 5_000);

  it('stops a running task: it ends with the interrupt as its exit status, the guest stays stopped', async () => {
    const upid = await slowStart(102);
    expect((await c.taskStatus('node1', upid)).status).toBe('running');
    await expect(c.stopTask('node1', upid)).resolves.toBeUndefined();
    const end = await c.waitForTask('node1', upid, poll);
    expect([end.status, end.exitstatus, isTaskOk(end)]).toEqual(['stopped', 'received interrupt', false]);
    expect((await c.guestStatus('node1', 'qemu', 102)).status).toBe('stopped');
  });

  it('a finished task is left as it ended', async () => {
    const upid = await c.guestAction('node1', 'qemu', 100, 'reboot');
    expect(isTaskOk(await c.waitForTask('node1', upid, poll))).toBe(true);
    await c.stopTask('node1', upid);
    expect((await c.taskStatus('node1', upid)).exitstatus).toBe('OK');
  });

  it('rejects an unknown task and a token without Sys.Modify on the node', async () => {
    const unknown = await rejection(c.stopTask('node1', 'UPID:node1:0000FFFF:00000001:00000001:qmstart:100:root@pam:'));
    expect([unknown.status, unknown.errors]).toEqual([400, { upid: 'no such task' }]);
    const upid = await slowStart(102);
    const denied = await rejection(readonly.stopTask('node1', upid));
    expect([denied.kind, denied.status, denied.serverMessage]).toEqual([
      'forbidden',
      403,
      'Permission check failed (/nodes/node1, Sys.Modify)',
    ]);
    expect((await c.taskStatus('node1', upid)).status).toBe('running');
    await c.stopTask('node1', upid);
  });
});
