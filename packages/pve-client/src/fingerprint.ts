import { connect, type PeerCertificate, type TLSSocket } from 'node:tls';
import { PveError } from './errors';
import { classifyNetworkError } from './net-errors';

/** 'aabb…' / 'AA:BB:…' (SHA-256, 32 bytes) -> 'AA:BB:…'. Throws on anything else. */
export function normalizeFingerprint(fp: string): string {
  const hex = fp.replace(/[:\s]/g, '').toUpperCase();
  if (!/^[0-9A-F]{64}$/.test(hex)) throw new TypeError(`not a SHA-256 fingerprint: '${fp}'`);
  return hex.replace(/(..)(?!$)/g, '$1:');
}

/** The SHA-256 fingerprint of the server's leaf certificate, without trusting it (for TOFU). */
export async function fetchFingerprint(baseUrl: string, opts: { timeoutMs?: number } = {}): Promise<string> {
  const url = new URL(baseUrl);
  const port = Number(url.port || 443);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const path = '/';
  return new Promise((resolve, reject) => {
    const isIp = /^[\d.]+$|:/.test(host);
    const socket: TLSSocket = connect({ host, port, rejectUnauthorized: false, ...(isIp ? {} : { servername: host }) }, () => {
      clearTimeout(timer);
      const cert: PeerCertificate | undefined = socket.getPeerCertificate();
      socket.end();
      if (!cert?.fingerprint256) {
        reject(new PveError({ kind: 'api-error', method: 'TLS', path, serverMessage: 'server sent no certificate' }));
        return;
      }
      resolve(normalizeFingerprint(cert.fingerprint256));
    });
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new PveError({ kind: 'timeout', method: 'TLS', path }));
    }, timeoutMs);
    socket.on('error', (err) => {
      clearTimeout(timer);
      reject(new PveError({ kind: classifyNetworkError(err) ?? 'unreachable', method: 'TLS', path, cause: err }));
    });
  });
}
