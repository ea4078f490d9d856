import { X509Certificate } from 'node:crypto';
import net from 'node:net';
import { connect } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFleet, type Fleet } from './fleet';
import { generateFleet } from './generator';
import { ServerShell } from './server-shell';
import { raw, ticketHeaders, tokenHeader } from './test-http';
import { createCertificate } from './tls';

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

describe('fleet start and stop (wall clock)', () => {
  it('starts a 3-node fleet with a PBS and stops it in well under a second each', async () => {
    // Warm-up: the RSA key pair is generated once per process (the slow part, ~0.1–1 s) and then cached;
    // every certificate after it is one signature. This measures what every later start and stop costs.
    await (await startFleet(generateFleet({ nodes: 1, guests: 1, pbs: false }))).close();
    const spec = generateFleet({ nodes: 3, guests: 40, seed: 2 });
    const t0 = performance.now();
    const fleet = await startFleet(spec, { taskDurationMs: 50 });
    const startMs = performance.now() - t0;
    let stopMs = Number.NaN;
    try {
      expect(fleet.nodes).toHaveLength(3);
      // Really serving: every node answers on its own port.
      for (const n of fleet.nodes) {
        const res = await raw(n.url, { path: '/api2/json/version', headers: tokenHeader(n.tokenId, n.tokenSecret) });
        expect(res.status).toBe(200);
      }
    } finally {
      const t1 = performance.now();
      await fleet.close();
      stopMs = performance.now() - t1;
    }
    console.log(`startFleet 3 nodes + PBS: start ${startMs.toFixed(0)} ms, stop ${stopMs.toFixed(0)} ms (wall)`);
    expect(startMs).toBeLessThan(1000);
    expect(stopMs).toBeLessThan(1000);
    await expect(raw(fleet.nodes[0]!.url, { path: '/api2/json/version' })).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });
});

describe('certificates', () => {
  let fleet: Fleet;
  beforeAll(async () => {
    fleet = await startFleet(generateFleet({ nodes: 3, guests: 6, seed: 4 }));
  });
  afterAll(() => fleet.close());

  it('every node and the PBS has its own certificate: CN = its name, own serial, own fingerprint', async () => {
    const hosts = [...fleet.nodes, fleet.pbs!];
    const fingerprints = hosts.map((h) => h.fingerprint);
    expect(new Set(fingerprints).size).toBe(hosts.length);
    const serials = new Set<string>();
    for (const h of hosts) {
      const x = new X509Certificate(h.certificatePem);
      expect(x.subject).toContain(`CN=${h.name}`);
      expect(x.fingerprint256).toBe(h.fingerprint);
      serials.add(x.serialNumber);
      // The certificate on the wire is the one reported for that host.
      expect(await peerFingerprint(h.url)).toBe(h.fingerprint);
    }
    expect(serials.size).toBe(hosts.length);
    for (const n of fleet.nodes) {
      const nodes = await raw(n.url, { path: '/api2/json/nodes', headers: tokenHeader(n.tokenId, n.tokenSecret) });
      expect((nodes.json as { data: { ssl_fingerprint: string }[] }).data[0]?.ssl_fingerprint).toBe(n.fingerprint);
    }
  });

  it('rotate-certificate gives a fingerprint different from every other one, in effect when setFault resolves', async () => {
    const n = fleet.nodes[1]!;
    const seen = new Set([...fleet.nodes.map((x) => x.fingerprint), fleet.pbs!.fingerprint]);
    for (let i = 0; i < 3; i++) {
      await fleet.setFault(n.name, { kind: 'rotate-certificate' });
      expect(seen.has(n.fingerprint)).toBe(false);
      expect(await peerFingerprint(n.url)).toBe(n.fingerprint);
      expect(new X509Certificate(n.certificatePem).subject).toContain(`CN=${n.name}`);
      seen.add(n.fingerprint);
    }
    const p = fleet.pbs!;
    await fleet.setFault(p.name, { kind: 'rotate-certificate' });
    expect(seen.has(p.fingerprint)).toBe(false);
    expect(await peerFingerprint(p.url)).toBe(p.fingerprint);
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

  it('refuse: every connection is reset, the port stays bound (no other process can take it), clearing serves again', async () => {
    await fleet.setFault(n.name, { kind: 'refuse' });
    await expect(version()).rejects.toMatchObject({ code: 'ECONNRESET' });
    const squatter = net.createServer();
    await expect(
      new Promise<void>((resolve, reject) => {
        squatter.once('error', reject);
        squatter.listen(n.port, '127.0.0.1', resolve);
      }),
    ).rejects.toMatchObject({ code: 'EADDRINUSE' });
    await fleet.setFault(n.name, null);
    expect((await version()).status).toBe(200);
  });

  it('refuse: a connection accepted before it, still in its TLS handshake, is dropped too (not served)', async () => {
    const shell = new ServerShell(
      await createCertificate('lone', 'Proxmox Virtual Environment'),
      'lone',
      'Proxmox Virtual Environment',
      { handle: () => ({ status: 200, body: 'served' }), flaky: () => ({ status: 500 }) },
      { seed: 1 },
    );
    await shell.listen(0, '127.0.0.1');
    try {
      const socket = net.connect(shell.port, '127.0.0.1');
      await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
      // Accepted by the server (its TLS handshake waits for the client's hello), then the fault.
      while ((await new Promise<number>((r, j) => shell.server.getConnections((e, c) => (e ? j(e) : r(c))))) === 0)
        await new Promise((r) => setImmediate(r));
      await shell.setFault({ kind: 'refuse' });
      // Before, its handshake went on and the request was served: a client's pool kept using it, as if up.
      const answer = await new Promise<string>((resolve) => {
        const tlsSocket = connect({ socket, rejectUnauthorized: false }, () => {
          tlsSocket.write('GET / HTTP/1.1\r\nHost: lone\r\nConnection: close\r\n\r\n');
        });
        let text = '';
        tlsSocket.on('data', (c: Buffer) => (text += c.toString()));
        tlsSocket.on('end', () => resolve(text));
        tlsSocket.on('error', (err: NodeJS.ErrnoException) => resolve(`error ${err.code}`));
      });
      expect(answer).not.toContain('served');
    } finally {
      await shell.close();
    }
  });

  it('hang: TLS is accepted but no answer comes; clearing the fault releases the request', async () => {
    await fleet.setFault(n.name, { kind: 'hang' });
    await expect(version(300)).rejects.toMatchObject({ code: 'ETIMEDOUT' });
    const pending = version(3_000);
    await new Promise((r) => setTimeout(r, 100));
    await fleet.setFault(n.name, null);
    await expect(pending).rejects.toBeDefined();
    expect((await version()).status).toBe(200);
  });

  it('slow: every answer is delayed', async () => {
    await fleet.setFault(n.name, { kind: 'slow', delayMs: 250 });
    const t0 = performance.now();
    expect((await version()).status).toBe(200);
    expect(performance.now() - t0).toBeGreaterThanOrEqual(240);
    await fleet.setFault(n.name, null);
  });

  it('flaky: the given share of requests answers 500', async () => {
    await fleet.setFault(n.name, { kind: 'flaky', rate: 1 });
    const res = await version();
    expect([res.status, res.statusText]).toEqual([500, 'ipcc_send_rec[1] failed: Connection refused']);
    await fleet.setFault(n.name, { kind: 'flaky', rate: 0.5 });
    const statuses = await Promise.all(Array.from({ length: 40 }, () => version().then((r) => r.status)));
    const failed = statuses.filter((s) => s === 500).length;
    expect(failed).toBeGreaterThan(5);
    expect(failed).toBeLessThan(35);
    await fleet.setFault(n.name, null);
  });

  it('expire-tickets: tickets issued before are rejected, new logins work', async () => {
    const old = await ticketHeaders(n.url, n.password);
    await fleet.setFault(n.name, { kind: 'expire-tickets' });
    const res = await raw(n.url, { path: '/api2/json/version', headers: old.get });
    expect([res.status, res.statusText]).toEqual([401, 'permission denied - invalid PVE ticket']);
    const fresh = await ticketHeaders(n.url, n.password);
    expect((await raw(n.url, { path: '/api2/json/version', headers: fresh.get })).status).toBe(200);
    await fleet.setFault(n.name, null);
  });

  it('rotate-certificate: a new fingerprint on the wire, in the fleet info and in /nodes', async () => {
    const before = n.fingerprint;
    const other = fleet.nodes[1]!.fingerprint;
    expect(await peerFingerprint(n.url)).toBe(before);
    await fleet.setFault(n.name, { kind: 'rotate-certificate' });
    const after = await peerFingerprint(n.url);
    expect(after).not.toBe(before);
    expect(n.fingerprint).toBe(after);
    const nodes = await raw(n.url, { path: '/api2/json/nodes', headers: t });
    expect((nodes.json as { data: { ssl_fingerprint: string }[] }).data[0]?.ssl_fingerprint).toBe(after);
    // The other node keeps its own (different) certificate.
    expect(other).not.toBe(before);
    expect(await peerFingerprint(fleet.nodes[1]!.url)).toBe(other);
  });

  it('faults apply to the PBS by its name', async () => {
    const p = fleet.pbs!;
    await fleet.setFault(p.name, { kind: 'flaky', rate: 1 });
    const res = await raw(p.url, { path: '/api2/json/version', headers: tokenHeader(p.tokenId, p.tokenSecret, 'PBS') });
    expect(res.status).toBe(500);
    await fleet.setFault(p.name, null);
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
