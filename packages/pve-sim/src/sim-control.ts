import { z } from 'zod';
import { membersOf } from './cluster';
import type { SimNode } from './node-state';
import { nowSec } from './routes/common';
import type { ShellRequest, ShellResponse } from './server-shell';
import type { SimQuirks } from './restore-types';
import { MemoryBody, ProbeBody, QuirksBody, quirksJson, setNodeMemory, setProbe, setQuirks } from './sim-control-guests';
import type { Fault, LoadProfile, SimGuest } from './types';

/**
 * The simulator's control paths for black-box tests (outside /api2, no auth, not counted in /_sim/stats),
 * answered by every node for the whole fleet:
 * - `POST /_sim/guests/{vmid}/load` `{cpu?, mem_bytes?, duration_seconds?, start?}` / `DELETE`: a load profile
 *   the guest's live values and RRD rows follow (history kept, so a spike stays in the RRD's MAX);
 * - `POST /_sim/nodes/{node}/fault` `{kind: 'down'|'slow'|'error', duration_seconds?, latency_ms?}` / `DELETE`;
 * - `POST /_sim/guests/{vmid}/agent` `{configured, running, mem_available_bytes?}`;
 * - `POST|DELETE /_sim/guests/{vmid}/probe`, `GET|POST /_sim/quirks`, `POST /_sim/nodes/{node}/memory`
 *   (restore tests, see sim-control-guests.ts).
 * A vmid is looked up in the receiving node's cluster first, then fleet-wide; `?node=` picks one.
 */
export interface FleetAccess {
  nodes(): SimNode[];
  setFault(node: string, fault: Fault | null): Promise<void>;
}

const LoadBody = z
  .strictObject({
    cpu: z.number().min(0).max(1).optional(),
    mem_bytes: z.number().int().min(0).optional(),
    duration_seconds: z.number().positive().optional(),
    /** Unix seconds the profile starts at (default now); a past start puts a spike into the RRD history. */
    start: z.number().int().min(0).optional(),
  })
  .refine((b) => b.cpu !== undefined || b.mem_bytes !== undefined, { message: 'set cpu and/or mem_bytes' });
const FaultBody = z.strictObject({
  kind: z.enum(['down', 'slow', 'error']),
  duration_seconds: z.number().positive().optional(),
  latency_ms: z.number().int().min(0).optional(),
});
const AgentBody = z.strictObject({
  configured: z.boolean(),
  running: z.boolean(),
  mem_available_bytes: z.number().int().min(0).nullable().optional(),
});

/** Profiles kept per guest (oldest dropped). */
const MAX_PROFILES = 100;

class ControlError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export class SimControl {
  /** Fleet-wide switches every node reads (startFleet hands this object to each SimNode). */
  readonly quirks: SimQuirks = { ignoreLinkDown: false };
  private fleet: FleetAccess | undefined;
  private readonly faultTimers = new Map<string, NodeJS.Timeout>();

  attach(fleet: FleetAccess): void {
    this.fleet = fleet;
  }

  close(): void {
    for (const t of this.faultTimers.values()) clearTimeout(t);
    this.faultTimers.clear();
  }

  /** Undefined: not a path of this controller. */
  async handle(req: ShellRequest, receiving: SimNode): Promise<ShellResponse | undefined> {
    const { pathname } = req.url;
    const method = req.method.toUpperCase();
    const guest = /^\/_sim\/guests\/(\d+)\/(load|agent|probe)$/.exec(pathname);
    const node = /^\/_sim\/nodes\/([^/]+)\/(fault|memory)$/.exec(pathname);
    const quirks = pathname === '/_sim/quirks';
    if (!guest && !node && !quirks) return undefined;
    try {
      if (guest) {
        const [, vmid = '', what] = guest;
        const found = this.findGuest(Number(vmid), receiving, req.url.searchParams.get('node'));
        if (what === 'load' && method === 'POST') return json(200, setLoad(found, parse(LoadBody, req.body)));
        if (what === 'load' && method === 'DELETE') return json(200, clearLoad(found));
        if (what === 'agent' && method === 'POST') return json(200, setAgent(found, parse(AgentBody, req.body)));
        if (what === 'probe' && method === 'POST') return json(200, setProbe(found, parse(ProbeBody, req.body)));
        if (what === 'probe' && method === 'DELETE') return json(200, setProbe(found, null));
      } else if (node) {
        const name = decodeURIComponent(node[1] ?? '');
        if (node[2] === 'memory' && method === 'POST')
          return json(200, setNodeMemory(this.node(name), parse(MemoryBody, req.body)));
        if (node[2] === 'fault' && method === 'POST') return await this.setFault(name, parse(FaultBody, req.body), receiving);
        if (node[2] === 'fault' && method === 'DELETE') return await this.setFault(name, null, receiving);
      } else {
        if (method === 'GET') return json(200, quirksJson(this.quirks));
        if (method === 'POST') return json(200, setQuirks(this.quirks, parse(QuirksBody, req.body)));
      }
      return json(405, { error: `method ${method} not allowed on ${pathname}` });
    } catch (err) {
      if (err instanceof ControlError) return json(err.status, { error: err.message });
      throw err;
    }
  }

  private nodes(): SimNode[] {
    if (!this.fleet) throw new ControlError(503, 'the fleet is still starting');
    return this.fleet.nodes();
  }

  private node(name: string): SimNode {
    const n = this.nodes().find((x) => x.name === name);
    if (!n) throw new ControlError(404, `no node '${name}' in the fleet`);
    return n;
  }

  private findGuest(vmid: number, receiving: SimNode, nodeName: string | null): { node: SimNode; g: SimGuest } {
    const all = this.nodes();
    if (nodeName !== null) {
      const n = all.find((x) => x.name === nodeName);
      const g = n?.guests.get(vmid);
      if (!n || !g) throw new ControlError(404, `no guest ${vmid} on node '${nodeName}'`);
      return { node: n, g };
    }
    const local = membersOf(receiving).find((m) => m.guests.has(vmid));
    if (local) return { node: local, g: local.guest(vmid) };
    const hits = all.filter((n) => n.guests.has(vmid));
    if (hits.length === 0) throw new ControlError(404, `no guest ${vmid} in the fleet`);
    if (hits.length > 1) {
      throw new ControlError(409, `vmid ${vmid} is on ${hits.map((n) => n.name).join(', ')}: add ?node=<name>`);
    }
    const n = hits[0] as SimNode;
    return { node: n, g: n.guest(vmid) };
  }

  private async setFault(name: string, body: z.output<typeof FaultBody> | null, receiving: SimNode): Promise<ShellResponse> {
    const fleet = this.fleet;
    if (!fleet || !this.nodes().some((n) => n.name === name)) throw new ControlError(404, `no node '${name}' in the fleet`);
    clearTimeout(this.faultTimers.get(name));
    this.faultTimers.delete(name);
    const fault: Fault | null =
      body === null
        ? null
        : body.kind === 'down'
          ? { kind: 'refuse' }
          : body.kind === 'slow'
            ? { kind: 'slow', delayMs: body.latency_ms ?? 5_000 }
            : { kind: 'flaky', rate: 1 };
    const until = body?.duration_seconds !== undefined ? nowSec() + body.duration_seconds : null;
    if (body?.duration_seconds !== undefined) {
      const timer = setTimeout(() => {
        this.faultTimers.delete(name);
        fleet.setFault(name, null).catch(() => {});
      }, body.duration_seconds * 1000);
      timer.unref();
      this.faultTimers.set(name, timer);
    }
    const answer = { node: name, fault: body === null ? null : { ...body }, until };
    // A node taking itself down answers first: its connections drop once the answer is out.
    if (fault?.kind === 'refuse' && name === receiving.name) {
      return { ...json(200, answer), afterSend: () => void fleet.setFault(name, fault).catch(() => {}) };
    }
    await fleet.setFault(name, fault);
    return json(200, answer);
  }
}

function setLoad({ node, g }: { node: SimNode; g: SimGuest }, b: z.output<typeof LoadBody>): Record<string, unknown> {
  const from = b.start ?? nowSec();
  // The new profile replaces whatever was still running from then on.
  for (const p of g.loadProfiles) if (p.until > from) p.until = Math.max(p.from, from);
  const profile: LoadProfile = { from, until: b.duration_seconds !== undefined ? from + b.duration_seconds : Infinity };
  if (b.cpu !== undefined) profile.cpu = b.cpu;
  if (b.mem_bytes !== undefined) profile.memBytes = Math.min(b.mem_bytes, g.memoryBytes);
  g.loadProfiles.push(profile);
  if (g.loadProfiles.length > MAX_PROFILES) g.loadProfiles.splice(0, g.loadProfiles.length - MAX_PROFILES);
  return { vmid: g.vmid, node: node.name, status: g.status, load: profileJson(profile) };
}

function clearLoad({ node, g }: { node: SimNode; g: SimGuest }): Record<string, unknown> {
  const now = nowSec();
  for (const p of g.loadProfiles) if (p.until > now) p.until = Math.max(p.from, now);
  return { vmid: g.vmid, node: node.name, status: g.status, load: null };
}

function setAgent({ node, g }: { node: SimNode; g: SimGuest }, b: z.output<typeof AgentBody>): Record<string, unknown> {
  if (g.type !== 'qemu') throw new ControlError(400, `guest ${g.vmid} is a container: containers have no guest agent`);
  g.agent = b.configured;
  g.agentRunning = b.running;
  if (b.mem_available_bytes === null) delete g.agentMemAvailable;
  else if (b.mem_available_bytes !== undefined) g.agentMemAvailable = b.mem_available_bytes;
  return {
    vmid: g.vmid,
    node: node.name,
    agent: { configured: g.agent, running: g.agentRunning, mem_available_bytes: g.agentMemAvailable ?? null },
  };
}

function profileJson(p: LoadProfile): Record<string, unknown> {
  return {
    ...(p.cpu !== undefined ? { cpu: p.cpu } : {}),
    ...(p.memBytes !== undefined ? { mem_bytes: p.memBytes } : {}),
    from: p.from,
    until: Number.isFinite(p.until) ? p.until : null,
  };
}

function parse<S extends z.ZodType>(schema: S, body: string): z.output<S> {
  let input: unknown = {};
  if (body.trim() !== '') {
    try {
      input = JSON.parse(body);
    } catch {
      throw new ControlError(400, 'the body must be JSON');
    }
  }
  const r = schema.safeParse(input);
  if (!r.success) {
    throw new ControlError(400, r.error.issues.map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`).join('; '));
  }
  return r.data;
}

export function json(status: number, body: unknown): ShellResponse {
  return {
    status,
    headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' },
    body: JSON.stringify(body),
  };
}
