import { DEFAULT_HOST_PORTS, parseHostUrl, type HostType, type Language } from '@proxai/contract';
import {
  fetchFingerprint,
  isPveError,
  normalizeFingerprint,
  PbsClient,
  PveClient,
  type PveAuth,
  type PveClientOptions,
  type Version,
} from '@proxai/pve-client';
import type { Config } from '../../config/env';
import { AppError, errorText } from '../../errors';
import { FALLBACK_LANGUAGE, message } from '../../i18n/messages';
import { addressGuard, type AddressPolicy, type Resolver } from '../../net/outbound-policy';
import type { HostRow } from '../../db/schema';
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
  /** Created by trusted code (the demo's simulated nodes): not checked against the address policy. */
  addressTrusted?: boolean;
}

/** How the server connects to hosts: the deadline, the outbound address policy and the answer size cap. */
export interface ConnectSettings {
  timeoutMs: number;
  policy: AddressPolicy;
  maxResponseBytes: number;
  /** Tests: resolve names with a table instead of the system resolver. */
  resolver?: Resolver;
}

export const connectSettings = (config: Config): ConnectSettings => ({
  timeoutMs: config.PVE_TIMEOUT_MS,
  policy: config.HOST_ADDRESS_POLICY,
  maxResponseBytes: config.PVE_MAX_RESPONSE_BYTES,
});

/** The pve-client options that enforce the outbound policy and the size cap for this target. */
function outboundOptions(t: ConnectionTarget, s: ConnectSettings) {
  return {
    maxResponseBytes: s.maxResponseBytes,
    ...(t.addressTrusted ? {} : { resolveAddress: addressGuard(s.policy, s.resolver) }),
  };
}

/** 'root@pam' + 'portal' -> 'root@pam!portal'; a full token id given as the name is kept. */
export function tokenId(user: string, tokenName: string): string {
  return tokenName.includes('!') ? tokenName : `${user}!${tokenName}`;
}

/** `https://pve/` -> `https://pve:8006`, a PBS's -> `:8007` (the contract already refused anything else: parseHostUrl). */
export function normalizePveUrl(url: string, type: HostType = 'pve'): string {
  const parsed = parseHostUrl(url, DEFAULT_HOST_PORTS[type]);
  if (!parsed.ok) throw new AppError('bad_request', errorText('hosts.invalidUrl', { problem: parsed.message }));
  return parsed.url;
}

function authOf(t: ConnectionTarget): PveAuth {
  return t.authType === 'password'
    ? { kind: 'password', username: t.user, password: t.secret }
    : { kind: 'token', tokenId: tokenId(t.user, t.tokenName ?? ''), secret: t.secret };
}

/**
 * `probing`: first contact while adding (nothing the remote side says reaches the answer); `givenFingerprint`:
 * the pinned fingerprint was typed by the user rather than stored; `language`: that of the error details (the
 * request's), English when absent (what is stored).
 */
export function errorContext(
  t: ConnectionTarget,
  s: ConnectSettings,
  opts: { probing?: boolean; givenFingerprint?: boolean; language?: Language } = {},
): PveErrorContext {
  return {
    url: t.url,
    node: t.node,
    user: t.authType === 'token' ? tokenId(t.user, t.tokenName ?? '') : t.user,
    authType: t.authType,
    policy: s.policy,
    maxResponseBytes: s.maxResponseBytes,
    pinned: t.fingerprint,
    isAdding: opts.givenFingerprint ?? false,
    probing: opts.probing ?? false,
    ...(opts.language ? { language: opts.language } : {}),
  };
}

export interface ClientOptions {
  retries?: number;
  retryDelayMs?: number;
  signal?: AbortSignal;
}

/** What PveClient and PbsClient are built from: the target's address, credentials, pin and the outbound policy. */
function clientOptions(t: ConnectionTarget, s: ConnectSettings, opts: ClientOptions): PveClientOptions {
  return {
    baseUrl: t.url,
    auth: authOf(t),
    ...(t.fingerprint ? { fingerprint: t.fingerprint } : {}),
    timeoutMs: s.timeoutMs,
    retries: opts.retries ?? 0,
    ...(opts.retryDelayMs !== undefined ? { retryDelayMs: opts.retryDelayMs } : {}),
    ...(opts.signal ? { signal: opts.signal } : {}),
    ...outboundOptions(t, s),
  };
}

export function createClient(t: ConnectionTarget, s: ConnectSettings, opts: ClientOptions = {}): PveClient {
  return new PveClient(clientOptions(t, s, opts));
}

/** A Proxmox Backup Server's client: the same pin, policy and caps; token auth sends `PBSAPIToken=id:secret`. */
export function createPbsClient(t: ConnectionTarget, s: ConnectSettings, opts: ClientOptions = {}): PbsClient {
  return new PbsClient(clientOptions(t, s, opts));
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
    addressTrusted: host.addressTrusted,
  };
}

/** The SHA-256 fingerprint of the certificate the host presents now (no credentials sent). */
export async function presentedFingerprint(
  t: ConnectionTarget,
  s: ConnectSettings,
  language: Language = FALLBACK_LANGUAGE,
  toError: (err: unknown, ctx: PveErrorContext) => AppError = toHostError,
): Promise<string> {
  try {
    return await fetchFingerprint(t.url, { timeoutMs: s.timeoutMs, ...outboundOptions(t, s) });
  } catch (err) {
    throw toError(err, errorContext(t, s, { language }));
  }
}

/**
 * First contact, before any credential is sent: the target pinned to the fingerprint given, else to the one the
 * host presents now (trust on first use), and the error context of the calls that follow. `toError` maps a failure
 * to read the certificate (PVE's or PBS's wording).
 */
export async function pinTarget(
  t: ConnectionTarget,
  s: ConnectSettings,
  language: Language,
  toError: (err: unknown, ctx: PveErrorContext) => AppError,
): Promise<{ pinned: ConnectionTarget & { fingerprint: string }; ctx: PveErrorContext }> {
  const given = t.fingerprint ? normalizeFingerprint(t.fingerprint) : null;
  let fingerprint: string;
  try {
    fingerprint = given ?? (await fetchFingerprint(t.url, { timeoutMs: s.timeoutMs, ...outboundOptions(t, s) }));
  } catch (err) {
    throw toError(err, errorContext(t, s, { probing: true, givenFingerprint: true, language }));
  }
  const pinned = { ...t, fingerprint };
  return { pinned, ctx: errorContext(pinned, s, { probing: true, givenFingerprint: Boolean(given), language }) };
}

export interface ProbeResult {
  fingerprint: string | null;
  version: Pick<Version, 'version'>;
}

/**
 * First contact with a host being added: pins the certificate (the one given, else the one presented now),
 * logs in, reads /version and the node's status. Every connection goes through the outbound address policy;
 * any failure becomes one of a few fixed 4xx/5xx `detail`s in `language`, never the remote side's text.
 */
export async function probeHost(
  t: ConnectionTarget,
  s: ConnectSettings,
  language: Language = FALLBACK_LANGUAGE,
): Promise<ProbeResult> {
  const { pinned, ctx } = await pinTarget(t, s, language, toHostError);
  const fingerprint = pinned.fingerprint;
  const client = createClient(pinned, s, { signal: AbortSignal.timeout(s.timeoutMs * 3) });
  try {
    let version: Version;
    try {
      await client.login();
      version = await client.version();
    } catch (err) {
      // A web server that is not PVE answers /access/ticket or /version with 404 or HTML.
      if (isPveError(err, 'not-found')) throw new AppError('host_error', message(language, 'host.notPve', { url: t.url }));
      throw err;
    }
    const nodes = await client.nodes();
    if (!nodes.some((n) => n.node === t.node)) {
      // Only names that are node names are repeated (PVE allows nothing else), never free text.
      const known = nodes
        .map((n) => n.node)
        .filter((n) => /^[A-Za-z0-9][A-Za-z0-9.-]{0,63}$/.test(n))
        .slice(0, 20)
        .join(', ');
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
