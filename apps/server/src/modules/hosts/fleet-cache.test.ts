import { afterEach, describe, expect, it, vi } from 'vitest';
import { createOrgCache, invalidateOrg } from './fleet-cache';

/** Loads the test finishes by hand; `calls` holds, per load started, the data version it read. */
function controlledLoads() {
  const pending: (() => void)[] = [];
  const failures: ((e: Error) => void)[] = [];
  let version = 0;
  const calls: number[] = [];
  const load = () => {
    calls.push(version);
    const seen = version;
    return new Promise<string>((resolve, reject) => {
      pending.push(() => resolve(`v${seen}`));
      failures.push(reject);
    });
  };
  return {
    load,
    calls,
    write: () => {
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
  it('concurrent misses share one load, and a hit within the TTL does not load again', async () => {
    const cached = createOrgCache<string>();
    const l = controlledLoads();
    const a = cached('org1', l.load);
    const b = cached('org1', l.load);
    expect(l.calls).toHaveLength(1);
    l.finish(0);
    await expect(Promise.all([a, b])).resolves.toEqual(['v0', 'v0']);
    await expect(cached('org1', l.load)).resolves.toBe('v0');
    expect(l.calls).toHaveLength(1);
  });

  it('after writes during a running load, callers wait for one fresh load that starts once it ends', async () => {
    const cached = createOrgCache<string>();
    const l = controlledLoads();
    const first = cached('org2', l.load);
    // Three writes, each followed by a read, while the first load is still running.
    const later: Promise<string>[] = [];
    for (let i = 0; i < 3; i++) {
      l.write();
      invalidateOrg('org2');
      later.push(cached('org2', l.load));
    }
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
    const failed = cached('org3', l.load);
    l.fail(0);
    await expect(failed).rejects.toThrow('db down');
    const again = cached('org3', l.load);
    expect(l.calls).toHaveLength(2);
    l.finish(1);
    await expect(again).resolves.toBe('v0');
  });

  it('loads again once the TTL has passed, and organisations do not share entries', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const cached = createOrgCache<string>();
    const l = controlledLoads();
    const a = cached('org4', l.load);
    l.finish(0);
    await a;
    const other = cached('org5', l.load);
    expect(l.calls).toHaveLength(2);
    l.finish(1);
    await other;
    vi.setSystemTime(Date.now() + 2_001);
    const b = cached('org4', l.load);
    expect(l.calls).toHaveLength(3);
    l.finish(2);
    await expect(b).resolves.toBe('v0');
  });
});
