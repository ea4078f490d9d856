import { z } from 'zod';
import { probeOf } from './guest-probe';
import type { SimNode } from './node-state';
import type { SimQuirks } from './restore-types';
import type { SimGuest } from './types';

/**
 * Control paths for restore tests (see SimControl):
 * - `POST /_sim/guests/{vmid}/probe` `{tcp_ports?, tcp_ports_closed?, http?: {path, status, body} | null, exec_fail?}`
 *   / `DELETE` (back to the defaults: ports 22, 80, 443, 8080 listening, every HTTP path 200 `OK`, exec works);
 * - `POST /_sim/quirks` `{ignore_link_down?}` (fleet-wide; `GET` reads them);
 * - `POST /_sim/nodes/{node}/memory` `{free_bytes: number | null}`: pins the node's free memory (null unpins).
 */

const port = z.number().int().min(1).max(65_535);
export const ProbeBody = z.strictObject({
  tcp_ports: z.array(port).optional(),
  tcp_ports_closed: z.array(port).optional(),
  http: z
    .strictObject({
      path: z.string().startsWith('/'),
      status: z.number().int().min(100).max(599),
      body: z.string(),
    })
    .nullable()
    .optional(),
  exec_fail: z.boolean().optional(),
});
export const QuirksBody = z.strictObject({ ignore_link_down: z.boolean().optional() });
export const MemoryBody = z.strictObject({ free_bytes: z.number().int().min(0).nullable() });

function probeJson(g: SimGuest): Record<string, unknown> {
  const p = probeOf(g);
  return { tcp_ports: p.tcpPorts, http: p.http ?? null, exec_fail: p.execFail };
}

export function setProbe(
  { node, g }: { node: SimNode; g: SimGuest },
  b: z.output<typeof ProbeBody> | null,
): Record<string, unknown> {
  if (b === null) {
    delete g.probe;
  } else {
    const p = probeOf(g);
    let ports = b.tcp_ports ?? p.tcpPorts;
    if (b.tcp_ports_closed) ports = ports.filter((x) => !b.tcp_ports_closed?.includes(x));
    g.probe = { tcpPorts: [...new Set(ports)].sort((x, y) => x - y), execFail: b.exec_fail ?? p.execFail };
    const http = b.http === undefined ? p.http : (b.http ?? undefined);
    if (http) g.probe.http = http;
  }
  return { vmid: g.vmid, node: node.name, probe: probeJson(g) };
}

export function quirksJson(q: SimQuirks): Record<string, unknown> {
  return { ignore_link_down: q.ignoreLinkDown };
}

export function setQuirks(q: SimQuirks, b: z.output<typeof QuirksBody>): Record<string, unknown> {
  if (b.ignore_link_down !== undefined) q.ignoreLinkDown = b.ignore_link_down;
  return quirksJson(q);
}

export function setNodeMemory(node: SimNode, b: z.output<typeof MemoryBody>): Record<string, unknown> {
  if (b.free_bytes === null) delete node.memFreePinned;
  else node.memFreePinned = Math.min(b.free_bytes, node.spec.memoryBytes);
  return { node: node.name, memory: { total: node.spec.memoryBytes, free_bytes: node.memFreePinned ?? null } };
}
