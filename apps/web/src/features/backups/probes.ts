import type { Probe } from '@proxai/contract';

// The probes editor's drafts: every field as typed (numbers as text, a command one argument per line), the checks
// the contract's ProbeSchema makes (probes.test.ts holds them to it), and the probes they become.

export const PROBE_TYPES = ['agent_ping', 'tcp', 'http', 'exec'] as const;
export type ProbeType = (typeof PROBE_TYPES)[number];

/** One probe being edited. Switching its type keeps what was typed for the other types. */
export interface ProbeDraft {
  type: ProbeType;
  port: string;
  urlPath: string;
  expectStatus: string;
  expectBody: string;
  /** One argument per line: `sh`, `-c`, `curl -s localhost`. */
  command: string;
  expectExit: string;
  expectOutput: string;
}

export type ProbeField = 'port' | 'urlPath' | 'expectStatus' | 'expectBody' | 'command' | 'expectExit' | 'expectOutput';

const BLANK: ProbeDraft = {
  type: 'agent_ping',
  port: '',
  urlPath: '/',
  expectStatus: '200',
  expectBody: '',
  command: '',
  expectExit: '0',
  expectOutput: '',
};

export function newProbeDraft(type: ProbeType): ProbeDraft {
  return { ...BLANK, type, port: type === 'http' ? '80' : type === 'tcp' ? '22' : '' };
}

export function draftOf(probe: Probe): ProbeDraft {
  switch (probe.type) {
    case 'agent_ping':
      return { ...BLANK };
    case 'tcp':
      return { ...BLANK, type: 'tcp', port: String(probe.port) };
    case 'http':
      return {
        ...BLANK,
        type: 'http',
        port: String(probe.port),
        urlPath: probe.url_path,
        expectStatus: String(probe.expect_status),
        expectBody: probe.expect_body ?? '',
      };
    case 'exec':
      return {
        ...BLANK,
        type: 'exec',
        command: probe.command.join('\n'),
        expectExit: String(probe.expect_exit),
        expectOutput: probe.expect_output ?? '',
      };
  }
}

/** A whole number as typed, or NaN (which the checks and the server refuse). */
const number = (typed: string) => (/^\d{1,6}$/.test(typed.trim()) ? Number(typed.trim()) : NaN);

/** The arguments of a command: its non-empty lines, as typed (spaces inside an argument are kept). */
export const commandArgs = (typed: string) => typed.split('\n').filter((line) => line.trim() !== '');

export function probeOf(d: ProbeDraft): Probe {
  switch (d.type) {
    case 'agent_ping':
      return { type: 'agent_ping' };
    case 'tcp':
      return { type: 'tcp', port: number(d.port) };
    case 'http':
      return {
        type: 'http',
        url_path: d.urlPath.trim(),
        port: number(d.port),
        expect_status: number(d.expectStatus),
        ...(d.expectBody ? { expect_body: d.expectBody } : {}),
      };
    case 'exec':
      return {
        type: 'exec',
        command: commandArgs(d.command),
        expect_exit: number(d.expectExit),
        ...(d.expectOutput ? { expect_output: d.expectOutput } : {}),
      };
  }
}

const inRange = (n: number, min: number, max: number) => Number.isInteger(n) && n >= min && n <= max;
/** A control character (U+0000–U+001F, U+007F): what the contract refuses in paths and command arguments. */
const hasControl = (s: string) => [...s].some((c) => c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127);

/** The problems of one probe, as message keys of the backups namespace. */
export function probeProblems(p: Probe): Partial<Record<ProbeField, string>> {
  const e: Partial<Record<ProbeField, string>> = {};
  switch (p.type) {
    case 'agent_ping':
      break;
    case 'tcp':
      if (!inRange(p.port, 1, 65535)) e.port = 'probes.errors.port';
      break;
    case 'http':
      if (!inRange(p.port, 1, 65535)) e.port = 'probes.errors.port';
      if (!p.url_path.startsWith('/') || p.url_path.length > 512 || /\s/.test(p.url_path) || hasControl(p.url_path))
        e.urlPath = 'probes.errors.urlPath';
      if (!inRange(p.expect_status, 100, 599)) e.expectStatus = 'probes.errors.status';
      if ((p.expect_body ?? '').length > 256) e.expectBody = 'probes.errors.expected';
      break;
    case 'exec':
      if (p.command.length === 0) e.command = 'probes.errors.commandEmpty';
      else if (p.command.length > 32 || p.command.some((a) => a.length > 1024 || hasControl(a)))
        e.command = 'probes.errors.command';
      if (!inRange(p.expect_exit, 0, 255)) e.expectExit = 'probes.errors.exit';
      if ((p.expect_output ?? '').length > 256) e.expectOutput = 'probes.errors.expected';
      break;
  }
  return e;
}

/** 1 to 16 probes, none with a problem. */
export function areProbesValid(probes: readonly Probe[]): boolean {
  return probes.length >= 1 && probes.length <= MAX_PROBES && probes.every((p) => Object.keys(probeProblems(p)).length === 0);
}

export const MAX_PROBES = 16;
