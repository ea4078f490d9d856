import { connect } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFleet, type Fleet } from './fleet';
import { generateFleet } from './generator';
import { raw, ticketHeaders, tokenHeader } from './test-http';

const peerFingerprint = (url: string): Promise<string> =>
  new Promise((resolve, reject) => {
    const u = new URL(url);
    const s = connect({ host: u.hostname, port: Number(u.port), rejectUnauthorized: false }, () => {
      resolve(s.getPeerCertificate().fingerprint256);
      s.end();
    });
    s.on('error', reject);
  });

describe('fleet start', () => {
  it('starts 10 nodes x 500 guests well under a second (key pair already generated)', async () => {
    await (await startFleet(generateFleet({ nodes: 1, guests: 1 }))).close();
    const spec = generateFleet({ nodes: 10, guests: 5000, seed: 1 });
    const t = performance.now();
    const cpu = process.cpuUsage();
    const fleet = await startFleet(spec);
    const ms = performance.now() - t;
    const used = process.cpuUsage(cpu);
    const cpuMs = (used.user + used.system) / 1000;
    try {
      console.log(`startFleet 10 x 500 guests: ${ms.toFixed(0)} ms wall, ${cpuMs.toFixed(0)} ms CPU`);
      // CPU time, not wall time: the test machine is shared and wall time moves with other load.
      expect(cpuMs).toBeLessThan(1000);
      expect(fleet.nodes).toHaveLength(10);
      expect(new Set(fleet.nodes.map((n) => n.port)).size).toBe(10);
      const n = fleet.nodes[9]!;
      const res = await raw(n.url, { path: `/api2/json/nodes/${n.name}/qemu`, headers: tokenHeader(n.tokenId, n.tokenSecret) });
      const lxc = await raw(n.url, { path: `/api2/json/nodes/${n.name}/lxc`, headers: tokenHeader(n.tokenId, n.tokenSecret) });
      expect((res.json as { data: unknown[] }).data.length + (lxc.json as { data: unknown[] }).data.length).toBe(500);
    } finally {
      await fleet.close();
    }
  });
});

describe('faults', () => {
  let fleet: Fleet;
  let n: Fleet['nodes'][number];
  let t: Record<string, string>;
  const version = (timeoutMs = 2_000) => raw(n.url, { path: '/api2/json/version', headers: t, timeoutMs });

  beforeAll(async () => {
    fleet = await startFleet(generateFleet({ nodes: 2, guests: 10, seed: 3 }));
    n = fleet.nodes[0]!;
    t = tokenHeader(n.tokenId, n.tokenSecret);
  });
  afterAll(() => fleet.close());

  it('refuse: the port is closed, then open again', async () => {
    fleet.setFault(n.name, { kind: 'refuse' });
    await expect(version()).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    fleet.setFault(n.name, null);
    expect((await version()).status).toBe(200);
  });

  it('hang: TLS is accepted but no answer comes; clearing the fault releases the request', async () => {
    fleet.setFault(n.name, { kind: 'hang' });
    await expect(version(300)).rejects.toMatchObject({ code: 'ETIMEDOUT' });
    const pending = version(3_000);
    await new Promise((r) => setTimeout(r, 100));
    fleet.setFault(n.name, null);
    await expect(pending).rejects.toBeDefined();
    expect((await version()).status).toBe(200);
  });

  it('slow: every answer is delayed', async () => {
    fleet.setFault(n.name, { kind: 'slow', delayMs: 250 });
    const t0 = performance.now();
    expect((await version()).status).toBe(200);
    expect(performance.now() - t0).toBeGreaterThanOrEqual(240);
    fleet.setFault(n.name, null);
  });

  it('flaky: the given share of requests answers 500', async () => {
    fleet.setFault(n.name, { kind: 'flaky', rate: 1 });
    const res = await version();
    expect([res.status, res.statusText]).toEqual([500, 'ipcc_send_rec[1] failed: Connection refused']);
    fleet.setFault(n.name, { kind: 'flaky', rate: 0.5 });
    const statuses = await Promise.all(Array.from({ length: 40 }, () => version().then((r) => r.status)));
    const failed = statuses.filter((s) => s === 500).length;
    expect(failed).toBeGreaterThan(5);
    expect(failed).toBeLessThan(35);
    fleet.setFault(n.name, null);
  });

  it('expire-tickets: tickets issued before are rejected, new logins work', async () => {
    const old = await ticketHeaders(n.url, n.password);
    fleet.setFault(n.name, { kind: 'expire-tickets' });
    const res = await raw(n.url, { path: '/api2/json/version', headers: old.get });
    expect([res.status, res.statusText]).toEqual([401, 'permission denied - invalid PVE ticket']);
    const fresh = await ticketHeaders(n.url, n.password);
    expect((await raw(n.url, { path: '/api2/json/version', headers: fresh.get })).status).toBe(200);
    fleet.setFault(n.name, null);
  });

  it('rotate-certificate: a new fingerprint on the wire, in the fleet info and in /nodes', async () => {
    const before = n.fingerprint;
    expect(await peerFingerprint(n.url)).toBe(before);
    fleet.setFault(n.name, { kind: 'rotate-certificate' });
    const after = await peerFingerprint(n.url);
    expect(after).not.toBe(before);
    expect(n.fingerprint).toBe(after);
    const nodes = await raw(n.url, { path: '/api2/json/nodes', headers: t });
    expect((nodes.json as { data: { ssl_fingerprint: string }[] }).data[0]?.ssl_fingerprint).toBe(after);
    expect(await peerFingerprint(fleet.nodes[1]!.url)).toBe(before);
  });

  it('faults apply to the PBS by its name', async () => {
    const p = fleet.pbs!;
    fleet.setFault(p.name, { kind: 'flaky', rate: 1 });
    const res = await raw(p.url, { path: '/api2/json/version', headers: tokenHeader(p.tokenId, p.tokenSecret, 'PBS') });
    expect(res.status).toBe(500);
    fleet.setFault(p.name, null);
    expect(() => fleet.setFault('nope', null)).toThrow(/no simulated node/);
  });
});

describe('version quirks', () => {
  it('PVE 7.4 sends LXC vmids as strings, PVE 9 drops diskread/diskwrite from the qemu list', async () => {
    const spec = generateFleet({ nodes: 2, guests: 40, seed: 5, pbs: false });
    spec.nodes[0]!.pveVersion = '7.4-16';
    spec.nodes[1]!.pveVersion = '9.0.3';
    const fleet = await startFleet(spec);
    try {
      const [old, v9] = fleet.nodes as [Fleet['nodes'][number], Fleet['nodes'][number]];
      const lxc = (
        await raw(old.url, { path: `/api2/json/nodes/${old.name}/lxc`, headers: tokenHeader(old.tokenId, old.tokenSecret) })
      ).json as { data: { vmid: unknown }[] };
      expect(lxc.data.length).toBeGreaterThan(0);
      expect(lxc.data.every((c) => typeof c.vmid === 'string')).toBe(true);
      const ver = (await raw(old.url, { path: '/api2/json/version', headers: tokenHeader(old.tokenId, old.tokenSecret) })).json;
      expect(ver).toMatchObject({ data: { version: '7.4-16', release: '7.4' } });
      const q = (
        await raw(v9.url, { path: `/api2/json/nodes/${v9.name}/qemu`, headers: tokenHeader(v9.tokenId, v9.tokenSecret) })
      ).json as { data: Record<string, unknown>[] };
      expect(q.data.some((g) => 'diskread' in g)).toBe(false);
      const st = (
        await raw(v9.url, { path: `/api2/json/nodes/${v9.name}/status`, headers: tokenHeader(v9.tokenId, v9.tokenSecret) })
      ).json as { data: Record<string, Record<string, unknown>> };
      expect(st.data['memory']).toHaveProperty('available');
      expect(st.data).toHaveProperty('current-kernel');
    } finally {
      await fleet.close();
    }
  });
});

describe('latency', () => {
  it('every answer of a node waits its latencyMs', async () => {
    const fleet = await startFleet(generateFleet({ nodes: 1, guests: 2, latencyMs: 150, pbs: false }));
    try {
      const n = fleet.nodes[0]!;
      for (let i = 0; i < 3; i++) {
        const t0 = performance.now();
        expect((await raw(n.url, { path: '/api2/json/version', headers: tokenHeader(n.tokenId, n.tokenSecret) })).status).toBe(
          200,
        );
        expect(performance.now() - t0).toBeGreaterThanOrEqual(145);
      }
    } finally {
      await fleet.close();
    }
  });
});
