import type { Language } from '@proxai/contract';
import { fetchFingerprint, isPveError, normalizeFingerprint, PveClient, type PveAuth, type Version } from '@proxai/pve-client';
import { AppError } from '../../errors';
import { FALLBACK_LANGUAGE, message } from '../../i18n/messages';
import type { HostRow } from './hosts.repository';
import { toHostError, type PveErrorContext } from './pve-errors';
import type { SecretBox } from './secret-box';

export interface ConnectionTarget {
  url: string;
  node: string;
  user: string;
  authType: 'password' | 'token';
  tokenName: string | null;
  secret: string;
  fingerprint: string | null;
}

/** 'root@pam' + 'portal' -> 'root@pam!portal'; a full token id given as the name is kept. */
export function tokenId(user: string, tokenName: string): string {
  return tokenName.includes('!') ? tokenName : `${user}!${tokenName}`;
}

/** https://pve:8006/ or …/api2/json -> https://pve:8006 */
export function normalizePveUrl(url: string): string {
  const u = new URL(url);
  u.pathname = u.pathname.replace(/\/api2\/json\/?$/, '').replace(/\/+$/, '');
  u.search = '';
  u.hash = '';
  return u.toString().replace(/\/+$/, '');
}

function authOf(t: ConnectionTarget): PveAuth {
  return t.authType === 'password'
    ? { kind: 'password', username: t.user, password: t.secret }
    : { kind: 'token', tokenId: tokenId(t.user, t.tokenName ?? ''), secret: t.secret };
}

/** `language`: that of the error details (the request's); English when absent (what is stored). */
export function errorContext(t: ConnectionTarget, timeoutMs: number, isAdding = false, language?: Language): PveErrorContext {
  return {
    url: t.url,
    node: t.node,
    user: t.authType === 'token' ? tokenId(t.user, t.tokenName ?? '') : t.user,
    authType: t.authType,
    timeoutMs,
    pinned: t.fingerprint,
    isAdding,
    ...(language ? { language } : {}),
  };
}

export function createClient(
  t: ConnectionTarget,
  opts: { timeoutMs: number; retries?: number; retryDelayMs?: number; signal?: AbortSignal },
): PveClient {
  return new PveClient({
    baseUrl: t.url,
    auth: authOf(t),
    ...(t.fingerprint ? { fingerprint: t.fingerprint } : {}),
    timeoutMs: opts.timeoutMs,
    retries: opts.retries ?? 0,
    ...(opts.retryDelayMs !== undefined ? { retryDelayMs: opts.retryDelayMs } : {}),
    ...(opts.signal ? { signal: opts.signal } : {}),
  });
}

export function targetOf(host: HostRow, box: SecretBox): ConnectionTarget {
  return {
    url: host.pveUrl,
    node: host.pveNode,
    user: host.username,
    authType: host.authType,
    tokenName: host.tokenName,
    secret: box.open(host.secretEncrypted),
    fingerprint: host.tlsFingerprint,
  };
}

export interface ProbeResult {
  fingerprint: string | null;
  version: Version;
}

/**
 * First contact with a host being added: pins the certificate (the one given, else the one presented now),
 * logs in, reads /version and the node's status. Any failure becomes a precise 4xx/5xx `detail` in `language`.
 */
export async function probeHost(
  t: ConnectionTarget,
  timeoutMs: number,
  language: Language = FALLBACK_LANGUAGE,
): Promise<ProbeResult> {
  const given = t.fingerprint ? normalizeFingerprint(t.fingerprint) : null;
  const isPlainHttp = new URL(t.url).protocol === 'http:';
  let fingerprint: string | null;
  try {
    // Plain http (e.g. behind a TLS-terminating tunnel on localhost) has no certificate to pin.
    fingerprint = given ?? (isPlainHttp ? null : await fetchFingerprint(t.url, { timeoutMs }));
  } catch (err) {
    throw toHostError(err, errorContext(t, timeoutMs, true, language));
  }
  const pinned = { ...t, fingerprint };
  const ctx = errorContext(pinned, timeoutMs, Boolean(given), language);
  const client = createClient(pinned, { timeoutMs, signal: AbortSignal.timeout(timeoutMs * 3) });
  try {
    let version: Version;
    try {
      await client.login();
      version = await client.version();
    } catch (err) {
      // A web server that is not PVE answers /access/ticket or /version with 404 or HTML.
      if (isPveError(err, 'not-found'))
        throw new AppError('host_error', message(language, 'host.notPveNoVersion', { url: t.url }));
      throw err;
    }
    const nodes = await client.nodes();
    if (!nodes.some((n) => n.node === t.node)) {
      const known = nodes.map((n) => n.node).join(', ');
      throw new AppError(
        'bad_request',
        known
          ? message(language, 'host.unknownNode', { node: t.node, url: t.url, nodes: known })
          : message(language, 'host.unknownNodeNone', { node: t.node, url: t.url }),
      );
    }
    await client.nodeStatus(t.node);
    return { fingerprint, version };
  } catch (err) {
    throw toHostError(err, ctx);
  } finally {
    await client.close();
  }
}
