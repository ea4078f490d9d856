import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { guests as guestsTable, hosts } from '../../db/schema';
import { useReadyTestbed, waitForTask, type VmDto } from '../guests/guests.testing';
import { TEST_DATABASE_KINDS } from '../../testing/database';
import { passwordBody } from './hosts.testing';
import { createSecretBox, UNREADABLE_SECRET } from '../pve/secret-box';

/**
 * A host whose credentials were sealed with another key (a replica with its own key, a lost key): what reaches the
 * user names the cause, not Node's "Unsupported state or unable to authenticate data" (issue 30).
 */
describe.each(TEST_DATABASE_KINDS)('credentials sealed with another key on %s', (kind) => {
  const bed = useReadyTestbed(kind, { nodes: 1, guests: 3, seed: 30, taskDurationMs: 50, addBody: (n) => passwordBody(n) });
  let hostId: string;
  beforeAll(async () => {
    hostId = bed.hostIds[0]!;
    const otherKey = createSecretBox(randomBytes(32));
    await bed.t.database.db
      .update(hosts)
      .set({ secretEncrypted: otherKey.seal(bed.fleet.nodes[0]!.password) })
      .where(eq(hosts.id, hostId));
  });

  it("a bulk action's tasks fail naming the key, not AES-GCM's words", async () => {
    const guests = (await bed.t.app.inject({ method: 'GET', url: '/api/vms', headers: bed.owner.auth })).json<VmDto[]>();
    const ids = guests.filter((g) => g.host_id === hostId).map((g) => g.id);
    expect(ids.length).toBeGreaterThan(0);
    // Known as stopped, so that starting them is not skipped: each child gets as far as opening the credentials.
    await bed.t.database.db.update(guestsTable).set({ state: 'stopped' }).where(inArray(guestsTable.id, ids));
    const res = await bed.t.app.inject({
      method: 'POST',
      url: '/api/vms/bulk-action',
      headers: bed.owner.auth,
      payload: { action: 'start', ids },
    });
    expect(res.statusCode, res.body).toBe(202);
    const parent = await waitForTask(bed.t.app, bed.owner.auth, res.json<{ task_id: string }>().task_id);
    expect(parent.status).toBe('failed');
    expect(parent.children).toHaveLength(ids.length);
    for (const child of parent.children) expect(child).toMatchObject({ status: 'failed', error: UNREADABLE_SECRET });
    expect(JSON.stringify(parent)).not.toMatch(/unexpected error|Unsupported state/);
  });

  it("one guest's action ends failed naming the key instead of staying running for recovery to retry forever", async () => {
    const guests = (await bed.t.app.inject({ method: 'GET', url: '/api/vms', headers: bed.owner.auth })).json<VmDto[]>();
    const guest = guests.find((g) => g.host_id === hostId)!;
    await bed.t.database.db.update(guestsTable).set({ state: 'stopped' }).where(eq(guestsTable.id, guest.id));
    const res = await bed.t.app.inject({
      method: 'POST',
      url: `/api/vms/${guest.id}/action`,
      headers: bed.owner.auth,
      payload: { action: 'start' },
    });
    expect(res.statusCode, res.body).toBe(202);
    const task = await waitForTask(bed.t.app, bed.owner.auth, res.json<{ task_id: string }>().task_id);
    expect(task).toMatchObject({ status: 'failed', error: UNREADABLE_SECRET });
  });

  it('a request that reads the host live answers 409 naming the key, not a 500', async () => {
    const res = await bed.t.app.inject({ method: 'GET', url: `/api/hosts/${hostId}/privileges`, headers: bed.owner.auth });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ code: 'invalid_state', detail: UNREADABLE_SECRET });
  });
});
