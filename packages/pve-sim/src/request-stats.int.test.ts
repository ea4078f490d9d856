import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFleet, type Fleet } from './fleet';
import { fixtureFleet } from './fixture-fleet';
import type { SimRequestStats } from './request-stats';
import { raw, tokenHeader } from './test-http';

let fleet: Fleet;
let n: Fleet['nodes'][number];
let t: Record<string, string>;
const stats = async (url = n.url): Promise<SimRequestStats> => {
  const res = await raw(url, { path: '/_sim/stats' });
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toBe('application/json');
  return res.json as SimRequestStats;
};

beforeAll(async () => {
  fleet = await startFleet(fixtureFleet(), { taskDurationMs: 50 });
  n = fleet.nodes[0]!;
  t = tokenHeader(n.tokenId, n.tokenSecret);
});
afterAll(() => fleet.close());

describe('GET /_sim/stats', () => {
  it('counts /api2 requests by route pattern, target node and minute; itself needs no auth and is not counted', async () => {
    const before = Math.floor(Date.now() / 1000);
    fleet.resetRequestStats();
    const api = (path: string, method = 'GET') => raw(n.url, { method, path: `/api2/json${path}`, headers: t });
    await api('/nodes/node1/qemu');
    await api('/nodes/node1/qemu');
    await api('/nodes/node1/qemu/100/status/current');
    await api('/nodes/node1/lxc/105/status/current');
    await api('/version');
    await api('/nodes/node1/bogus');
    await raw(n.url, { method: 'POST', path: '/api2/json/access/ticket', form: { username: 'root@pam', password: 'x' } });
    await raw(n.url, { path: '/api2/json/nodes' }); // 401, still received
    await raw(n.url, { path: '/not-the-api' }); // outside /api2: not counted
    const s = await stats();
    expect(s).toEqual({
      since: expect.any(Number),
      total: 8,
      by_node: { node1: 8 },
      by_path: {
        'GET /nodes/{node}/qemu': 2,
        'GET /nodes/{node}/qemu/{vmid}/status/current': 1,
        'GET /nodes/{node}/lxc/{vmid}/status/current': 1,
        'GET /version': 1,
        'GET (not implemented)': 1,
        'POST /access/ticket': 1,
        'GET /nodes': 1,
      },
      per_minute: expect.any(Array),
    });
    expect(s.since).toBeGreaterThanOrEqual(before);
    // One minute, or two when the requests straddled a minute boundary.
    expect(s.per_minute.reduce((sum, m) => sum + m.count, 0)).toBe(8);
    expect(s.per_minute.every((m) => m.minute % 60 === 0 && Date.now() / 1000 - m.minute < 120)).toBe(true);
    expect(fleet.requestStats('node1')).toEqual(await stats());
    // Every node counts only what it received.
    expect((await stats(fleet.nodes[1]!.url)).total).toBe(0);
  });

  it('POST /_sim/stats/reset starts again; unknown control paths answer 404', async () => {
    await raw(n.url, { path: '/api2/json/version', headers: t });
    const reset = await raw(n.url, { method: 'POST', path: '/_sim/stats/reset' });
    expect(reset.status).toBe(200);
    expect(reset.json).toMatchObject({ total: 0, by_node: {}, by_path: {}, per_minute: [] });
    expect((await stats()).total).toBe(0);
    expect((await raw(n.url, { path: '/_sim/nope' })).status).toBe(404);
    expect((await raw(n.url, { method: 'POST', path: '/_sim/stats' })).status).toBe(404);
  });

  it('answers while the node hangs; requests answered by a flaky fault count too', async () => {
    fleet.resetRequestStats('node1');
    await fleet.setFault('node1', { kind: 'hang' });
    expect((await stats()).total).toBe(0);
    await fleet.setFault('node1', { kind: 'flaky', rate: 1 });
    const res = await raw(n.url, { path: '/api2/json/nodes/node1/qemu', headers: t });
    expect(res.status).toBe(500);
    expect((await stats()).by_path).toEqual({ 'GET /nodes/{node}/qemu': 1 });
    await fleet.setFault('node1', null);
  });
});
