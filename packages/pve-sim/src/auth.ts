import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { atLeast, type PveVersionInfo } from './version';

/** Privileges of an authenticated request: 'all' for root, else an explicit set. */
export type Privileges = 'all' | ReadonlySet<string>;

export interface Identity {
  userid: string;
  /** 'root@pam' or 'root@pam!portal' */
  authid: string;
  tokenName?: string;
  via: 'ticket' | 'token';
  privs: Privileges;
}

export interface TokenDef {
  secret: string;
  privs: Privileges;
}

/**
 * Every privilege of the version (the Administrator role; pve-access-control AccessControl.pm
 * `$privgroups`): PVE 8.0 added Mapping.*, 8.2 Sys.AccessNetwork, 9.0 replaced VM.Monitor with
 * VM.GuestAgent.* and added VM.Replicate.
 */
export function administratorPrivs(v: PveVersionInfo): string[] {
  const privs = [
    'VM.Allocate',
    'VM.Audit',
    'VM.Backup',
    'VM.Clone',
    'VM.Config.CDROM',
    'VM.Config.CPU',
    'VM.Config.Cloudinit',
    'VM.Config.Disk',
    'VM.Config.HWType',
    'VM.Config.Memory',
    'VM.Config.Network',
    'VM.Config.Options',
    'VM.Console',
    'VM.Migrate',
    'VM.PowerMgmt',
    'VM.Snapshot',
    'VM.Snapshot.Rollback',
    'Sys.Audit',
    'Sys.Console',
    'Sys.Incoming',
    'Sys.Modify',
    'Sys.PowerMgmt',
    'Sys.Syslog',
    'Datastore.Allocate',
    'Datastore.AllocateSpace',
    'Datastore.AllocateTemplate',
    'Datastore.Audit',
    'SDN.Allocate',
    'SDN.Audit',
    'SDN.Use',
    'Group.Allocate',
    'Realm.Allocate',
    'Realm.AllocateUser',
    'User.Modify',
    'Pool.Allocate',
    'Pool.Audit',
    'Permissions.Modify',
  ];
  if (atLeast(v, 8)) privs.push('Mapping.Audit', 'Mapping.Modify', 'Mapping.Use');
  if (atLeast(v, 8, 2)) privs.push('Sys.AccessNetwork');
  if (atLeast(v, 9)) {
    privs.push(
      'VM.GuestAgent.Audit',
      'VM.GuestAgent.FileRead',
      'VM.GuestAgent.FileSystemMgmt',
      'VM.GuestAgent.FileWrite',
      'VM.GuestAgent.Unrestricted',
      'VM.Replicate',
    );
  } else {
    privs.push('VM.Monitor');
  }
  return privs.sort();
}

/** The PVEAuditor role (every `*.Audit` privilege), given to the privilege-separated read-only token. */
export function auditorPrivs(v: PveVersionInfo): ReadonlySet<string> {
  return new Set(administratorPrivs(v).filter((p) => p.endsWith('.Audit')));
}

const hex8 = (n: number): string => n.toString(16).toUpperCase().padStart(8, '0');

/**
 * Tickets `PVE:<userid>:<8 hex time>::<signature>` (PBS: `PBS:`), CSRF tokens
 * `<8 hex time>:<43 chars base64 HMAC>` and API tokens. HMAC replaces PVE's RSA signature.
 */
export class AuthService {
  private readonly key = randomBytes(32);
  private readonly issuedAtMs = new Map<string, number>();
  /** Tickets issued before this instant are rejected (the expire-tickets fault). */
  expiredBeforeMs = 0;

  constructor(
    private readonly prefix: 'PVE' | 'PBS',
    private readonly lifetimeSec: number,
    private readonly users: ReadonlyMap<string, string>,
    private readonly tokens: ReadonlyMap<string, TokenDef>,
  ) {}

  checkPassword(userid: string, password: string): boolean {
    const expected = this.users.get(userid);
    return expected !== undefined && safeEqual(expected, password);
  }

  issue(userid: string): { ticket: string; csrf: string } {
    const now = Math.floor(Date.now() / 1000);
    const data = `${this.prefix}:${userid.replace(/:/g, '%3A')}:${hex8(now)}`;
    const ticket = `${data}::${this.sign(data)}`;
    this.issuedAtMs.set(ticket, Date.now());
    if (this.issuedAtMs.size > 10_000) this.issuedAtMs.clear();
    const csrfData = `${hex8(now)}:${userid}`;
    const csrf = `${hex8(now)}:${this.sign(csrfData).replace(/=+$/, '')}`;
    return { ticket, csrf };
  }

  /** The userid of a valid, unexpired ticket, else undefined. */
  verifyTicket(ticket: string): string | undefined {
    const m = /^(PVE|PBS):([^:]+):([0-9A-F]{8})::(.+)$/.exec(ticket);
    if (!m || m[1] !== this.prefix) return undefined;
    const data = `${m[1]}:${m[2]}:${m[3]}`;
    if (!safeEqual(this.sign(data), m[4] ?? '')) return undefined;
    const t = parseInt(m[3] ?? '0', 16);
    const age = Date.now() / 1000 - t;
    if (age > this.lifetimeSec || age < -300) return undefined;
    const issued = this.issuedAtMs.get(ticket) ?? t * 1000;
    if (issued < this.expiredBeforeMs) return undefined;
    return decodeURIComponent(m[2] ?? '');
  }

  verifyCsrf(token: string, userid: string): boolean {
    const m = /^([0-9A-F]{8}):(.{43})$/.exec(token);
    if (!m) return false;
    const age = Date.now() / 1000 - parseInt(m[1] ?? '0', 16);
    if (age > this.lifetimeSec || age < -300) return false;
    return safeEqual(this.sign(`${m[1]}:${userid}`).replace(/=+$/, ''), m[2] ?? '');
  }

  /** Privileges of a user or token id (no secret needed), undefined when there is no such user or token. */
  privilegesOf(authid: string): Privileges | undefined {
    if (authid.includes('!')) return this.tokens.get(authid)?.privs;
    return this.users.has(authid) ? 'all' : undefined;
  }

  /** `user@realm!name` + secret -> identity, or the real error reason. */
  verifyToken(tokenid: string, secret: string): Identity | { error: string } {
    const m = /^([^!]+@[^!]+)!([A-Za-z][A-Za-z0-9.\-_]+)$/.exec(tokenid);
    if (!m) return { error: 'invalid token value!' };
    const [, userid = '', name = ''] = m;
    const def = this.tokens.get(tokenid);
    if (!def) return { error: `no such token '${name}' for user '${userid}'` };
    if (!safeEqual(def.secret, secret)) return { error: 'invalid token value!' };
    return { userid, authid: tokenid, tokenName: name, via: 'token', privs: def.privs };
  }

  private sign(data: string): string {
    return createHmac('sha256', this.key).update(data).digest('base64');
  }
}

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function hasPriv(privs: Privileges, priv: string): boolean {
  return privs === 'all' || privs.has(priv);
}

/**
 * RPCEnvironment `check` / `check_any`: one privilege, or any of a list; else 403
 * `Permission check failed (/vms/100, VM.Snapshot|VM.Snapshot.Rollback)` (the list joined with '|').
 */
export function requirePriv(privs: Privileges, path: string, need: string | readonly string[]): void {
  const any = typeof need === 'string' ? [need] : need;
  if (any.some((p) => hasPriv(privs, p))) return;
  throw new PermissionError(`Permission check failed (${path}, ${any.join('|')})`);
}

/** A failed privilege check; the app answers it with 403. */
export class PermissionError extends Error {}

/**
 * `cap` of the login answer for root (RPCEnvironment compute_api_permission): every privilege of the
 * version, grouped by the regexes of `$priv_re_map`. `mapping` exists from PVE 8.0; `dc` lists
 * Sys.Modify from 8.0 (pve-access-control c27eb24 reached 7.4-3; the recorded 7.4 answer predates it).
 */
export function rootCap(v: PveVersionInfo): Record<string, Record<string, 1>> {
  const groups: [string, RegExp][] = [
    ['vms', /^(VM\.|Permissions\.Modify)/],
    ['access', /^((User|Group)\.|Permissions\.Modify)/],
    ['storage', /^(Datastore\.|Permissions\.Modify)/],
    ['nodes', /^(Sys\.|Permissions\.Modify)/],
    ['sdn', /^(SDN\.|Permissions\.Modify)/],
    ['dc', atLeast(v, 8) ? /^(Sys\.Audit|Sys\.Modify|SDN\.)/ : /^(Sys\.Audit|SDN\.)/],
  ];
  if (atLeast(v, 8)) groups.push(['mapping', /^(Mapping\.|Permissions\.Modify)/]);
  const privs = administratorPrivs(v);
  return Object.fromEntries(
    groups.map(([name, re]) => [name, Object.fromEntries(privs.filter((p) => re.test(p)).map((p) => [p, 1 as const]))]),
  );
}

/** Credentials from the request headers (PVE: PVEAuthCookie / PVEAPIToken; PBS: PBSAuthCookie / PBSAPIToken). */
export function extractCredentials(
  product: 'PVE' | 'PBS',
  headers: { cookie?: string | undefined; authorization?: string | undefined },
): { ticket?: string; token?: { id: string; secret: string }; malformedToken?: boolean } {
  const auth = headers.authorization ?? '';
  const tokenRe = new RegExp(`(?:^|\\s)${product}APIToken(?:=| )([^;]*)`);
  const tm = tokenRe.exec(auth);
  if (tm) {
    const value = (tm[1] ?? '').trim();
    // PVE: user@realm!name=SECRET (split at the last '='); PBS: user@realm!name:SECRET
    const sep = product === 'PVE' ? value.lastIndexOf('=') : value.lastIndexOf(':');
    if (sep <= 0) return { malformedToken: true };
    return { token: { id: value.slice(0, sep), secret: value.slice(sep + 1) } };
  }
  const cookieName = `${product}AuthCookie`;
  const am = new RegExp(`(?:^|\\s)${cookieName}=([^;]*)`).exec(auth);
  if (am) return { ticket: safeDecode(am[1] ?? '') };
  for (const part of (headers.cookie ?? '').split(';')) {
    const [k, ...rest] = part.trim().split('=');
    if (k === cookieName || k === `__Host-${cookieName}`) return { ticket: safeDecode(rest.join('=')) };
  }
  return {};
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
