import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import {
  OutboundRefused,
  OutboundUnresolved,
  resolveAllowed,
  systemResolver,
  type AddressPolicy,
  type Resolver,
} from '../../net/outbound-policy';

/**
 * One POST to a notification receiver, through the outbound address policy (NOTIFY_ADDRESS_POLICY): the host
 * name is resolved and checked, then the socket connects to exactly that address (a custom `lookup`), so a DNS
 * answer cannot change between the check and the connection; TLS still checks the certificate against the URL's
 * name. Redirects are never followed (a 3xx could point anywhere, past the policy).
 */

export interface OutboundRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

export type OutboundResult =
  | { kind: 'answered'; status: number; retryAfter: string | null; body: string }
  /** Refused by the policy or unresolvable: `reason` is safe to show. */
  | { kind: 'refused'; reason: string }
  | { kind: 'failed'; reason: string };

export interface OutboundOptions {
  policy: AddressPolicy;
  timeoutMs: number;
  resolver?: Resolver;
}

/** A receiver's answer body is only kept as a hint for the delivery log. */
const MAX_ANSWER_BYTES = 4096;

/** Checks a receiver URL against the policy now (at creation); answers a sentence saying why not, or null. */
export async function refusalOf(url: string, policy: AddressPolicy, resolver: Resolver = systemResolver): Promise<string | null> {
  const hostname = new URL(url).hostname;
  try {
    await resolveAllowed(hostname, policy, resolver);
    return null;
  } catch (err) {
    return describeRefusal(err);
  }
}

function describeRefusal(err: unknown): string | null {
  if (err instanceof OutboundRefused) {
    return `${err.hostname} is a ${err.addressClass} address, which NOTIFY_ADDRESS_POLICY=${err.policy} does not allow`;
  }
  if (err instanceof OutboundUnresolved) return `${err.hostname} does not resolve to any address`;
  return null;
}

export async function postOutbound(req: OutboundRequest, opts: OutboundOptions): Promise<OutboundResult> {
  const url = new URL(req.url);
  let address: { address: string; family: 4 | 6 };
  try {
    address = await resolveAllowed(url.hostname, opts.policy, opts.resolver);
  } catch (err) {
    const reason = describeRefusal(err);
    if (reason) return { kind: 'refused', reason };
    throw err;
  }
  const lookup: LookupFunction = (_host, options, callback) => {
    if ((options as { all?: boolean }).all) {
      (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [address]);
    } else callback(null, address.address, address.family);
  };
  const client = url.protocol === 'https:' ? https : http;
  const bare = url.hostname.replace(/^\[|\]$/g, '');
  return new Promise<OutboundResult>((resolve) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: { 'user-agent': 'ProxAI-Notifications/1', ...req.headers, 'content-length': Buffer.byteLength(req.body) },
        lookup,
        // SNI only for names (RFC 6066); the certificate is checked against the URL's name either way.
        ...(url.protocol === 'https:' && isIP(bare) === 0 ? { servername: bare } : {}),
        timeout: opts.timeoutMs,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          if (size < MAX_ANSWER_BYTES) chunks.push(chunk.subarray(0, MAX_ANSWER_BYTES - size));
          size += chunk.length;
        });
        res.on('end', () => {
          const retryAfter = res.headers['retry-after'];
          resolve({
            kind: 'answered',
            status: res.statusCode ?? 0,
            retryAfter: typeof retryAfter === 'string' ? retryAfter : null,
            body: Buffer.concat(chunks).toString('utf8'),
          });
        });
        res.on('error', (err) => resolve({ kind: 'failed', reason: `answer interrupted: ${err.message}` }));
      },
    );
    // One deadline for the whole exchange, besides the socket's idle timeout.
    const deadline = setTimeout(() => request.destroy(new Error(`no answer within ${opts.timeoutMs} ms`)), opts.timeoutMs);
    request.on('timeout', () => request.destroy(new Error(`no answer within ${opts.timeoutMs} ms`)));
    request.on('error', (err) => resolve({ kind: 'failed', reason: connectionError(err) }));
    request.on('close', () => clearTimeout(deadline));
    request.end(req.body);
  });
}

function connectionError(err: Error & { code?: string }): string {
  if (err.code === 'ECONNREFUSED') return 'connection refused';
  if (err.code === 'ECONNRESET') return 'connection reset';
  if (err.code?.startsWith('ERR_TLS') || err.code?.includes('CERT')) return `TLS error: ${err.message}`;
  return err.message;
}

const MAX_RETRY_AFTER_MS = 3600_000;

/**
 * A Retry-After header (RFC 9110: delay-seconds or an HTTP date) as a delay in ms from `now`, capped at an hour;
 * null when absent or unreadable.
 */
export function retryAfterMs(header: string | null, now: Date): number | null {
  if (!header) return null;
  const trimmed = header.trim();
  let ms: number;
  if (/^\d+$/.test(trimmed)) ms = Number(trimmed) * 1000;
  else {
    const at = Date.parse(trimmed);
    if (Number.isNaN(at)) return null;
    ms = at - now.getTime();
  }
  return Math.min(Math.max(ms, 0), MAX_RETRY_AFTER_MS);
}
