// Test peers on 127.0.0.1 that misbehave the ways an address typed into "add host" can: nothing listening,
// a reset, silence, plain HTTP, HTTPS that is not Proxmox, a redirect, an endless answer.
import http from 'node:http';
import https from 'node:https';
import net, { type AddressInfo } from 'node:net';
import { createCertificate } from '@proxai/pve-sim';

export interface Listener {
  port: number;
  url: string;
  /** Connections accepted so far. */
  connections: number;
  /** HTTP requests received so far (HTTP(S) listeners). */
  requests: number;
  close(): Promise<void>;
}

async function listen(server: net.Server, scheme: 'https' | 'http' = 'https'): Promise<Listener> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const listener: Listener = {
    port,
    url: `${scheme}://127.0.0.1:${port}`,
    connections: 0,
    requests: 0,
    close: () =>
      new Promise((resolve) => {
        if ('closeAllConnections' in server) (server as http.Server).closeAllConnections();
        server.close(() => resolve());
      }),
  };
  server.on('connection', (socket: net.Socket) => {
    listener.connections++;
    socket.on('error', () => undefined);
  });
  server.on('request', () => listener.requests++);
  return listener;
}

/** A port nothing listens on (taken, then released). */
export async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Accepts and resets every connection (TCP RST). */
export function resettingListener(): Promise<Listener> {
  return listen(net.createServer((socket) => socket.resetAndDestroy()));
}

/** Accepts and never says anything. */
export function silentListener(): Promise<Listener> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.on('close', () => sockets.forEach((s) => s.destroy()));
  return listen(server).then((l) => ({
    ...l,
    close: () => {
      sockets.forEach((s) => s.destroy());
      return l.close();
    },
  }));
}

/** Plain HTTP, answering every request with `handler` (or a small JSON). */
export function plainHttpListener(handler?: http.RequestListener): Promise<Listener> {
  return listen(
    http.createServer(
      handler ??
        ((_req, res) => {
          res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":null}');
        }),
    ),
    'http',
  );
}

/** HTTPS with a self-signed certificate, answering every request with `handler`. */
export async function httpsListener(handler: http.RequestListener): Promise<Listener> {
  const cert = await createCertificate('test.local', 'ProxAI tests');
  return listen(https.createServer({ key: cert.key, cert: cert.cert }, handler));
}
