import { connect, type PeerCertificate, type TLSSocket } from 'node:tls';
import { PveError } from './errors';
import { classifyNetworkError } from './net-errors';
import { AddressRefused, resolveChecked, serverName, type ResolveAddress } from './resolve-address';

/** 'aabb…' / 'AA:BB:…' (SHA-256, 32 bytes) -> 'AA:BB:…'. Throws on anything else. */
export function normalizeFingerprint(fp: string): string {
  const hex = fp.replace(/[:\s]/g, '').toUpperCase();
  if (!/^[0-9A-F]{64}$/.test(hex)) throw new TypeError(`not a SHA-256 fingerprint: '${fp}'`);
  return hex.replace(/(..)(?!$)/g, '$1:');
}

/**
 * The SHA-256 fingerprint of the server's leaf certificate, without trusting it (for TOFU).
 * With `resolveAddress`, the socket goes to the address it returns (see PveClientOptions.resolveAddress);
 * when it throws, no connection is made and the call fails with kind 'address-refused'.
 */
export async function fetchFingerprint(
  baseUrl: string,
  opts: { timeoutMs?: number; resolveAddress?: ResolveAddress } = {},
): Promise<string> {
  const url = new URL(baseUrl);
  const port = Number(url.port || 443);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const path = '/';
  const target = opts.resolveAddress ? resolveChecked(opts.resolveAddress, host) : Promise.resolve(host);
  return new Promise((resolve, reject) => {
    let socket: TLSSocket | undefined;
    let settled = false;
    const fail = (err: PveError): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket?.destroy();
      reject(err);
    };
    // The deadline covers the address policy and the TLS handshake.
    const timer = setTimeout(() => fail(new PveError({ kind: 'timeout', method: 'TLS', path })), timeoutMs);
    target.then(
      (address) => {
        if (settled) return;
        const servername = serverName(host);
        const s = connect({ host: address, port, rejectUnauthorized: false, ...(servername ? { servername } : {}) }, () => {
          const cert: PeerCertificate | undefined = s.getPeerCertificate();
          s.end();
          if (!cert?.fingerprint256) {
            fail(new PveError({ kind: 'api-error', method: 'TLS', path, serverMessage: 'server sent no certificate' }));
            return;
          }
          settled = true;
          clearTimeout(timer);
          resolve(normalizeFingerprint(cert.fingerprint256));
        });
        socket = s;
        s.on('error', (err) => {
          fail(new PveError({ kind: classifyNetworkError(err) ?? 'unreachable', method: 'TLS', path, cause: err }));
        });
      },
      (err: unknown) => {
        const reason = err instanceof AddressRefused ? err.reason : err;
        fail(new PveError({ kind: 'address-refused', method: 'TLS', path, cause: reason }));
      },
    );
  });
}
