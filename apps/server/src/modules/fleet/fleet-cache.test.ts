import { afterEach, describe, expect, it, vi } from 'vitest';
import { createOrgCache, invalidateOrg } from './fleet-cache';

/**
 * Loads the test finishes by hand, and the organisation's fleet version as the database would answer it.
 * `calls` holds, per load started, the data version it read; `versionReads` counts the version reads.
 */
function controlledLoads() {
  const pending: (() => void)[] = [];
  const failures: ((e: Error) => void)[] = [];
  let version = 0;
  const calls: number[] = [];
  const counter = { versionReads: 0 };
  const load = () => {
    calls.push(version);
    const seen = version;
    return new Promise<string>((resolve, reject) => {
      pending.push(() => resolve(`v${seen}`));
      failures.push(reject);
    });
  };
  const readVersion = () => {
    counter.versionReads++;
    return Promise.resolve(version);
  };
  return {
    load,
    readVersion,
    calls,
    counter,
    /** A write made here: the version is raised and this process's entry dropped, as fleetChanged does. */
    write: (organisationId: string) => {
      version++;
      invalidateOrg(organisationId);
    },
    /** A write made by another replica: only the version in the database changes. */
    remoteWrite: () => {
      version++;
    },
    finish: (i: number) => pending[i]!(),
    fail: (i: number) => failures[i]!(new Error('db down')),
  };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

afterEach(() => {
  vi.useRealTimers();
});

describe('organisation cache', () => {
  it('concurrent misses share one load, and a hit within the check window reads nothing', async () => {
    const cached = createOrgCache<string>();
    const l = controlledLoads();
    const a = cached('org1', l.load, l.readVersion);
    const b = cached('org1', l.load, l.readVersion);
    await tick();
    expect(l.calls).toHaveLength(1);
    l.finish(0);
    await expect(Promise.all([a, b])).resolves.toEqual(['v0', 'v0']);
    await expect(cached('org1', l.load, l.readVersion)).resolves.toBe('v0');
    expect(l.calls).toHaveLength(1);
    expect(l.counter.versionReads).toBe(1);
  });

  it('after writes during a running load, callers wait for one fresh load that starts once it ends', async () => {
    const cached = createOrgCache<string>();
    const l = controlledLoads();
    const first = cached('org2', l.load, l.readVersion);
    await tick();
    // Three writes, each followed by a read, while the first load is still running.
    const later: Promise<string>[] = [];
    for (let i = 0; i < 3; i++) {
      l.write('org2');
      later.push(cached('org2', l.load, l.readVersion));
    }
    await tick();
    expect(l.calls).toHaveLength(1); // nothing piled up on the database
    l.finish(0);
    await expect(first).resolves.toBe('v0');
    await tick();
    expect(l.calls).toEqual([0, 3]); // one more load, started after every write
    l.finish(1);
    await expect(Promise.all(later)).resolves.toEqual(['v3', 'v3', 'v3']);
  });

  it('a failed load is not kept: the next caller loads again', async () => {
    const cached = createOrgCache<string>();
    const l = controlledLoads();
    const failed = cached('org3', l.load, l.readVersion);
    await tick();
    l.fail(0);
    await expect(failed).rejects.toThrow('db down');
    const again = cached('org3', l.load, l.readVersion);
    await tick();
    expect(l.calls).toHaveLength(2);
    l.finish(1);
    await expect(again).resolves.toBe('v0');
  });

  it('past the check window, an unchanged fleet is served again after one version read shared by every caller', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const cached = createOrgCache<string>();
    const l = controlledLoads();
    const a = cached('org4', l.load, l.readVersion);
    await tick();
    l.finish(0);
    await a;
    vi.setSystemTime(Date.now() + 1_001);
    const again = await Promise.all([1, 2, 3].map(() => cached('org4', l.load, l.readVersion)));
    expect(again).toEqual(['v0', 'v0', 'v0']);
    expect(l.calls).toHaveLength(1);
    expect(l.counter.versionReads).toBe(2);
    // Found current: served without a read for another window.
    await expect(cached('org4', l.load, l.readVersion)).resolves.toBe('v0');
    expect(l.counter.versionReads).toBe(2);
  });

  it("another replica's change is seen once the check window has passed; organisations do not share entries", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const cached = createOrgCache<string>();
    const l = controlledLoads();
    const a = cached('org5', l.load, l.readVersion);
    await tick();
    l.finish(0);
    await a;
    const other = cached('org6', l.load, l.readVersion);
    await tick();
    expect(l.calls).toHaveLength(2);
    l.finish(1);
    await other;

    l.remoteWrite();
    // Within the window this process cannot know yet.
    await expect(cached('org5', l.load, l.readVersion)).resolves.toBe('v0');
    vi.setSystemTime(Date.now() + 1_001);
    const fresh = cached('org5', l.load, l.readVersion);
    await tick();
    await tick();
    expect(l.calls).toHaveLength(3);
    l.finish(2);
    await expect(fresh).resolves.toBe('v1');
  });
});
