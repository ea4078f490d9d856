import type { IncomingMessage, ServerResponse } from 'node:http';
import https from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { PveClient, type PveClientOptions } from '@proxai/pve-client';
import { createCertificate, type SimCertificate } from '../tls';

/** An HTTPS listener on 127.0.0.1 with its own self-signed certificate that records what reaches it. */
export interface TlsPeer {
  port: number;
  certificate: SimCertificate;
  /** TCP connections accepted so far */
  connections: number;
  /** SNI of every completed TLS handshake, in order; false when the client sent none */
  servernames: (string | false)[];
  /** request paths ('/api2/json/version'), in order */
  requests: string[];
  /** closes every open connection (the next client call needs a new one) */
  dropConnections(): void;
  close(): Promise<void>;
}

export type PeerHandler = (req: IncomingMessage, res: ServerResponse) => void;

/** Minimal answers of a Proxmox node, enough for version() and get(). */
export const answerVersion: PeerHandler = (_req, res) => {
  res.writeHead(200, { 'Content-Type': 'application/json;charset=UTF-8' });
  res.end(JSON.stringify({ data: { version: '8.2.4', release: '8.2', repoid: 'faa83925c9641325' } }));
};

/**
 * Starts a peer whose certificate names `commonName` (plus localhost and 127.0.0.1, as pve-sim's do).
 * Connections are counted when TCP accepts them, before any TLS, so "no connection" means no SYN.
 */
export async function startTlsPeer(commonName: string, handler: PeerHandler = answerVersion): Promise<TlsPeer> {
  const certificate = await createCertificate(commonName, 'ProxAI tests');
  const sockets = new Set<Socket>();
  const server = https.createServer({ key: certificate.key, cert: certificate.cert }, (req, res) => {
    peer.requests.push(req.url ?? '');
    handler(req, res);
  });
  server.on('connection', (socket: Socket) => {
    peer.connections++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.on('secureConnection', (socket: TLSSocket) => {
    peer.servernames.push(socket.servername || false);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const peer: TlsPeer = {
    port: (server.address() as AddressInfo).port,
    certificate,
    connections: 0,
    servernames: [],
    requests: [],
    dropConnections: () => {
      for (const s of sockets) s.destroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        peer.dropConnections();
      }),
  };
  return peer;
}

/**
 * The clients a test file opens against its peers: pinned to the peer's certificate, a dummy token, no retries;
 * `track` adds one made otherwise (a PbsClient); `closeAll` closes them all in the file's afterAll.
 */
export function peerClients(timeoutMs: number) {
  const open: { close(): Promise<void> }[] = [];
  const track = <C extends { close(): Promise<void> }>(c: C): C => {
    open.push(c);
    return c;
  };
  return {
    client: (peer: TlsPeer, o: Partial<PveClientOptions> & Pick<PveClientOptions, 'baseUrl'>): PveClient =>
      track(
        new PveClient({
          fingerprint: peer.certificate.fingerprint,
          auth: { kind: 'token', tokenId: 'root@pam!portal', secret: 'secret' },
          retries: 0,
          timeoutMs,
          ...o,
        }),
      ),
    track,
    closeAll: () => Promise.all(open.map((c) => c.close())),
  };
}
