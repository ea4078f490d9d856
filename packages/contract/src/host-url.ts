/**
 * The address of a Proxmox host as a person types it, checked and normalised before anything connects to it
 * (DESIGN.md §11). Only `https://host[:port][/]` is accepted: plain http would send the host's password in
 * clear; userinfo, a query, a fragment or a path would be kept and used by the client, so each is refused with
 * its own reason. The raw string is parsed because WHATWG URL parsing drops an explicit `:443` and folds
 * other forms (`https:host`, backslashes) that the person did not mean.
 */

/** The API port of each product when the address names none. */
export const DEFAULT_HOST_PORTS = { pve: 8006, pbs: 8007 } as const;

export type HostUrlProblem = 'scheme' | 'userinfo' | 'query' | 'fragment' | 'path' | 'host' | 'port';

export type HostUrlResult =
  { ok: true; url: string; hostname: string; port: number } | { ok: false; problem: HostUrlProblem; message: string };

export const HOST_URL_MESSAGES: Record<HostUrlProblem, string> = {
  scheme: 'must start with https:// (plain http would send the credentials in clear)',
  userinfo: 'must not contain a user name or password (give them in the credential fields)',
  query: 'must not contain a query (?…)',
  fragment: 'must not contain a fragment (#…)',
  path: 'must not contain a path: give only https://host or https://host:port (e.g. https://pve.example.com:8006)',
  host: 'must name a host: a DNS name, an IPv4 address or an IPv6 address in brackets',
  port: 'must have a port between 1 and 65535',
};

const fail = (problem: HostUrlProblem): HostUrlResult => ({ ok: false, problem, message: HOST_URL_MESSAGES[problem] });

const DNS_NAME =
  /^(?=.{1,253}$)([A-Za-z0-9_]([A-Za-z0-9_-]{0,61}[A-Za-z0-9])?)(\.[A-Za-z0-9_]([A-Za-z0-9_-]{0,61}[A-Za-z0-9])?)*\.?$/;
const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const IPV6_BODY = /^[0-9A-Fa-f:.]+$/;

/** `https://pve.lan` -> `https://pve.lan:8006`; `https://[fd00::1]:443/` -> `https://[fd00::1]:443`. */
export function parseHostUrl(raw: string, defaultPort: number = DEFAULT_HOST_PORTS.pve): HostUrlResult {
  const text = raw.trim();
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):\/\//.exec(text);
  if (!scheme || scheme[1]!.toLowerCase() !== 'https') return fail('scheme');
  const rest = text.slice(scheme[0].length);
  const end = rest.search(/[/?#\\]/);
  const authority = end === -1 ? rest : rest.slice(0, end);
  const tail = end === -1 ? '' : rest.slice(end);
  if (authority.includes('@')) return fail('userinfo');
  if (tail.includes('#')) return fail('fragment');
  if (tail.includes('?')) return fail('query');
  if (tail !== '' && tail !== '/') return fail('path');

  let host: string;
  let portText: string | undefined;
  if (authority.startsWith('[')) {
    const close = authority.indexOf(']');
    if (close === -1) return fail('host');
    host = authority.slice(0, close + 1);
    const after = authority.slice(close + 1);
    if (after !== '' && !after.startsWith(':')) return fail('host');
    portText = after === '' ? undefined : after.slice(1);
    if (!IPV6_BODY.test(host.slice(1, -1)) || !host.includes(':')) return fail('host');
  } else {
    const colon = authority.lastIndexOf(':');
    host = colon === -1 ? authority : authority.slice(0, colon);
    portText = colon === -1 ? undefined : authority.slice(colon + 1);
    if (!IPV4.test(host) && (!DNS_NAME.test(host) || /^[\d.]+$/.test(host))) return fail('host');
  }
  let port = defaultPort;
  if (portText !== undefined) {
    if (!/^\d{1,5}$/.test(portText)) return fail('port');
    port = Number(portText);
    if (port < 1 || port > 65535) return fail('port');
  }
  // WHATWG parsing canonicalises the host (lower case, IPv6 compressed) and rejects what our checks let through.
  let hostname: string;
  try {
    hostname = new URL(`https://${host}/`).hostname;
  } catch {
    return fail('host');
  }
  return { ok: true, url: `https://${hostname.replace(/\.$/, '')}:${port}`, hostname: hostname.replace(/^\[|\]$/g, ''), port };
}
