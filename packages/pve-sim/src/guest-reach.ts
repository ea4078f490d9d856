import { guestNets } from './guest-config';
import { isLinkDown, parseNet } from './net-config';
import type { GuestProbe } from './restore-types';
import type { SimGuest } from './types';

// What Linux and Windows guests share when they run a probe (guest-probe.ts, guest-probe-windows.ts): the result
// of a command, shell words, and what a URL or host answers from inside the guest.

export interface ExecResult {
  exitcode: number;
  out: string;
  err: string;
}

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '::1', '[::1]', '0.0.0.0']);
export const ok = (out = ''): ExecResult => ({ exitcode: 0, out, err: '' });

/** Splits a shell command line into words, honouring single and double quotes (no expansion). */
export function shellWords(line: string): string[] {
  const words: string[] = [];
  let cur = '';
  let quote: "'" | '"' | undefined;
  let has = false;
  for (const ch of line) {
    if (quote) {
      if (ch === quote) quote = undefined;
      else cur += ch;
    } else if (ch === "'" || ch === '"') {
      quote = ch;
      has = true;
    } else if (/\s/.test(ch)) {
      if (has || cur) words.push(cur);
      cur = '';
      has = false;
    } else {
      cur += ch;
    }
  }
  if (has || cur) words.push(cur);
  return words;
}

/** undefined when the host is reachable from inside the guest, else why not. */
export function reachable(g: SimGuest, host: string): string | undefined {
  if (LOCAL_HOSTS.has(host)) return undefined;
  const allDown = Object.entries(guestNets(g)).every(([k, v]) => {
    try {
      return isLinkDown(parseNet(g.type, k, v));
    } catch {
      return false;
    }
  });
  return allDown ? 'Network is unreachable' : 'Connection timed out';
}

export interface HttpAnswer {
  status: number;
  body: string;
}

/** The URL's answer, or the connection error (curl exit code and message). */
export function http(g: SimGuest, probe: GuestProbe, url: string): HttpAnswer | { code: number; message: string } {
  const m = /^https?:\/\/(\[[^\]]+\]|[^/:]+)(?::(\d+))?(\/[^?#]*)?/.exec(url);
  if (!m) return { code: 3, message: 'URL using bad/illegal format or missing URL' };
  const host = m[1] ?? '';
  const port = Number(m[2] ?? (url.startsWith('https') ? 443 : 80));
  const path = m[3] ?? '/';
  if (!LOCAL_HOSTS.has(host)) {
    if (!/^[\d.]+$|^\[/.test(host)) return { code: 6, message: `Could not resolve host: ${host}` };
    return {
      code: 7,
      message: `Failed to connect to ${host} port ${port} after 0 ms: ${reachable(g, host) ?? 'Network is unreachable'}`,
    };
  }
  if (!probe.tcpPorts.includes(port))
    return { code: 7, message: `Failed to connect to ${host} port ${port} after 0 ms: Couldn't connect to server` };
  if (port === 22) return { code: 1, message: 'Received HTTP/0.9 when not allowed' };
  if (!probe.http) return { status: 200, body: 'OK' };
  return path === probe.http.path ? { status: probe.http.status, body: probe.http.body } : { status: 404, body: 'Not Found' };
}
