import net from 'node:net';
import fc from 'fast-check';

/*
 * Generated bodies carry PVE URLs that the server dials. So that a fuzz run reaches no machine, they only name refused
 * ports on loopback or names that cannot resolve, and the run refuses to send a request holding any other URL.
 */

/** Where generated PVE URLs may point: nothing but refused ports on loopback and names that cannot resolve. */
export interface FuzzTargets {
  /** Ports on 127.0.0.1 that refuse connections (checked by the test before the run). */
  closedPorts: readonly number[];
  /** Ids of rows that exist (an organisation, a licence…), so that some requests get past the lookup. */
  knownIds: readonly string[];
}

/** Host names a generated URL may name; `.invalid` never resolves (RFC 6761). */
const LOOPBACK_HOSTS = ['127.0.0.1', 'localhost'];

/**
 * Every http(s) URL found anywhere in `value` that could make the server connect somewhere else than a refused
 * loopback port or an unresolvable name. The fuzz test refuses to send a request for which this is not empty.
 */
export function unsafeUrls(value: unknown, targets: FuzzTargets): string[] {
  const found: string[] = [];
  const visit = (v: unknown, depth: number) => {
    if (depth > 50) return;
    if (typeof v === 'string') {
      // A URL without a base names its scheme before a colon: most generated strings have none (and parsing each
      // took a twentieth of the run).
      if (!v.includes(':')) return;
      let url: URL;
      try {
        url = new URL(v.trim());
      } catch {
        return;
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:') return;
      const host = url.hostname.toLowerCase();
      const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
      if (host.endsWith('.invalid')) return;
      if (LOOPBACK_HOSTS.includes(host) && targets.closedPorts.includes(port)) return;
      found.push(v);
    } else if (Array.isArray(v)) {
      for (const item of v) visit(item, depth + 1);
    } else if (v && typeof v === 'object') {
      for (const [k, item] of Object.entries(v)) {
        visit(k, depth + 1);
        visit(item, depth + 1);
      }
    }
  };
  visit(value, 0);
  return found;
}

/** PVE addresses: refused loopback ports or `.invalid` names, never anything that could answer. */
export function safeUrlArbitrary(targets: FuzzTargets): fc.Arbitrary<string> {
  const port = fc.constantFrom(...targets.closedPorts);
  return fc.oneof(
    fc
      .tuple(
        fc.constantFrom('https', 'http', 'HTTPS'),
        fc.constantFrom(...LOOPBACK_HOSTS),
        port,
        fc.constantFrom('', '/', '/api2/json'),
      )
      .map(([scheme, host, p, path]) => `${scheme}://${host}:${p}${path}`),
    fc
      .tuple(fc.stringMatching(/^[a-z][a-z0-9-]{0,20}$/), fc.constantFrom('', ':8006', ':1'))
      .map(([name, p]) => `https://${name}.invalid${p}`),
    port.map((p) => `https://root:secret@127.0.0.1:${p}`),
    port.map((p) => `  https://127.0.0.1:${p}  `),
  );
}

/** Ports on 127.0.0.1 that refuse connections right now: a listener is opened on a free port, then closed. */
export async function closedLoopbackPorts(count: number): Promise<number[]> {
  const ports = [1];
  for (let i = 0; i < count; i++) {
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    ports.push((server.address() as net.AddressInfo).port);
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
  for (const port of ports) {
    const code = await new Promise<string | undefined>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve('connected');
      });
      socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code));
    });
    if (code !== 'ECONNREFUSED') throw new Error(`port ${port} on 127.0.0.1 is not refused (${code})`);
  }
  return ports;
}
