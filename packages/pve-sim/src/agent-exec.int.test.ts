import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFleet, type Fleet } from './fleet';
import { fixtureFleet } from './fixture-fleet';
import { raw, tokenHeader, waitTask, type RawAnswer } from './test-http';

// The guest agent of a restored VM: boot delay, exec / exec-status, network interfaces, and the probe control path.

let fleet: Fleet;
let n: Fleet['nodes'][number];
let t: Record<string, string>;
let vmid: number;
const TASK_MS = 50;
const api = (path: string): string => `/api2/json/nodes/node1${path}`;
const send = (method: string, path: string, form?: Record<string, string | string[]>): Promise<RawAnswer> =>
  raw(n.url, { method, path: api(path), headers: t, ...(form ? { form } : {}) });
const data = <T>(res: RawAnswer): T => (res.json as { data: T }).data;
const run = async (method: string, path: string, form?: Record<string, string | string[]>): Promise<Record<string, unknown>> => {
  const res = await send(method, path, form);
  expect(res.status, res.statusText).toBe(200);
  return waitTask(n.url, 'node1', data<string>(res), t);
};
const probe = (body: unknown): Promise<RawAnswer> =>
  raw(n.url, { method: 'POST', path: `/_sim/guests/${vmid}/probe`, json: body });

/** Runs a command through agent exec and polls exec-status until it exited. */
async function exec(command: string[]): Promise<Record<string, unknown>> {
  const started = await send('POST', `/qemu/${vmid}/agent/exec`, { command });
  expect(started.status, started.statusText).toBe(200);
  const { pid } = data<{ pid: number }>(started);
  for (let i = 0; i < 100; i++) {
    const st = data<Record<string, unknown>>(await send('GET', `/qemu/${vmid}/agent/exec-status?pid=${pid}`));
    if (st['exited'] === 1) return st;
    expect(st).toEqual({ exited: 0 });
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('exec did not exit');
}

beforeAll(async () => {
  fleet = await startFleet(fixtureFleet(), { taskDurationMs: TASK_MS });
  n = fleet.nodes[0]!;
  t = tokenHeader(n.tokenId, n.tokenSecret);
  vmid = Number(data<string>(await raw(n.url, { path: '/api2/json/cluster/nextid', headers: t })));
  const backups = data<{ volid: string }[]>(await send('GET', '/storage/local/content?content=backup&vmid=102'));
  await run('POST', '/qemu', {
    vmid: String(vmid),
    archive: backups[0]!.volid,
    unique: '1',
    net0: 'virtio,bridge=vmbr0,link_down=1',
  });
});
afterAll(() => fleet.close());

describe('agent of a restored VM', () => {
  it('answers ping only a while after the start ("QEMU guest agent is not running" before)', async () => {
    const stopped = await send('POST', `/qemu/${vmid}/agent/ping`);
    expect([stopped.status, stopped.statusText]).toEqual([500, `VM ${vmid} is not running`]);
    // The restore set the boot delay from the task duration (2 × 50 ms); stretched so a busy machine still sees it.
    expect(fleet.node('node1').guest(vmid).agentBootMs).toBe(TASK_MS * 2);
    fleet.node('node1').guest(vmid).agentBootMs = 600;
    await run('POST', `/qemu/${vmid}/status/start`);
    const early = await send('POST', `/qemu/${vmid}/agent/ping`);
    expect([early.status, early.statusText]).toEqual([500, 'QEMU guest agent is not running']);
    let ping = early;
    for (let i = 0; i < 100 && ping.status !== 200; i++) {
      await new Promise((r) => setTimeout(r, 20));
      ping = await send('POST', `/qemu/${vmid}/agent/ping`);
    }
    expect([ping.status, ping.json]).toEqual([200, { data: { result: {} } }]);
  });

  it('lists its NIC with the MAC of the config and no address (the link is down)', async () => {
    const cfg = data<Record<string, string>>(await send('GET', `/qemu/${vmid}/config`));
    const ifaces = data<{ result: Record<string, unknown>[] }>(
      await send('GET', `/qemu/${vmid}/agent/network-get-interfaces`),
    ).result;
    const mac = /=([0-9A-F:]{17})/.exec(cfg['net0'] ?? '')?.[1]?.toLowerCase();
    expect(ifaces[1]).toMatchObject({ name: 'ens18', 'hardware-address': mac });
    expect(ifaces[1]).not.toHaveProperty('ip-addresses');
  });

  it('runs commands given as repeated `command` keys; curl reaches the local HTTP service, not the outside', async () => {
    expect(await exec(['sh', '-c', "curl -s -o /dev/null -w '%{http_code}' http://127.0.0.1/health"])).toEqual({
      exited: 1,
      exitcode: 0,
      'out-data': '200',
    });
    expect(await exec(['curl', '-s', 'http://localhost:8080/'])).toEqual({ exited: 1, exitcode: 0, 'out-data': 'OK' });
    expect(await exec(['sh', '-c', 'curl -sS https://example.com/'])).toMatchObject({
      exitcode: 6,
      'err-data': 'curl: (6) Could not resolve host: example.com\n',
    });
    expect(await exec(['sh', '-c', 'curl -s http://10.0.0.1/'])).toMatchObject({
      exitcode: 7,
      'err-data': expect.stringContaining('Network is unreachable'),
    });
    expect(await exec(['sh', '-c', 'nc -z 127.0.0.1 22'])).toEqual({ exited: 1, exitcode: 0 });
    expect(await exec(['sh', '-c', "ss -ltn | grep -q ':443 '"])).toEqual({ exited: 1, exitcode: 0 });
    expect(await exec(['hostname'])).toEqual({ exited: 1, exitcode: 0, 'out-data': 'machine-test\n' });
    expect(await exec(['sh', '-c', 'exit 3'])).toEqual({ exited: 1, exitcode: 3 });
  });

  it('follows the probe control: HTTP status and body, closed ports, failing exec', async () => {
    const set = await probe({ http: { path: '/health', status: 503, body: 'down' }, tcp_ports_closed: [80] });
    expect(set.json).toEqual({
      vmid,
      node: 'node1',
      probe: { tcp_ports: [22, 443, 8080], http: { path: '/health', status: 503, body: 'down' }, exec_fail: false },
    });
    expect(await exec(['sh', '-c', 'curl -s -w "\\n%{http_code}" http://127.0.0.1:8080/health'])).toMatchObject({
      exitcode: 0,
      'out-data': 'down\n503',
    });
    expect(await exec(['sh', '-c', 'curl -fsS http://127.0.0.1:8080/health'])).toMatchObject({ exitcode: 22 });
    expect(await exec(['sh', '-c', 'wget -qO- http://127.0.0.1:8080/other'])).toMatchObject({ exitcode: 8 });
    expect(await exec(['sh', '-c', 'curl -s http://127.0.0.1/health'])).toMatchObject({ exitcode: 7 });
    expect(await exec(['sh', '-c', 'nc -z 127.0.0.1 80'])).toMatchObject({ exitcode: 1 });
    await probe({ exec_fail: true });
    expect(await exec(['true'])).toMatchObject({ exitcode: 1, 'err-data': 'true: command failed\n' });
    const reset = await raw(n.url, { method: 'DELETE', path: `/_sim/guests/${vmid}/probe` });
    expect((reset.json as { probe: unknown }).probe).toEqual({ tcp_ports: [22, 80, 443, 8080], http: null, exec_fail: false });
    const bad = await probe({ http: { path: 'health', status: 200, body: '' } });
    expect(bad.status).toBe(400);
  });

  it('answers an unknown pid and a VM without agent with the real errors', async () => {
    const unknown = await send('GET', `/qemu/${vmid}/agent/exec-status?pid=1`);
    expect([unknown.status, unknown.statusText]).toEqual([500, "Agent error: Invalid parameter 'pid'"]);
    const noAgent = await send('POST', '/qemu/200/agent/exec', { command: ['true'] });
    expect([noAgent.status, noAgent.statusText]).toEqual([500, 'No QEMU guest agent configured']);
    const missing = await send('POST', `/qemu/${vmid}/agent/exec`);
    expect(missing.json).toMatchObject({ errors: { command: 'property is missing and it is not optional' } });
  });
});
