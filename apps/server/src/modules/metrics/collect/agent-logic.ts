import { agentUnavailable, isPveError } from '@proxai/pve-client';

// The guest-agent memory reads' rules (ADR 012): parsing /proc/meminfo, what a refusal means, backoff, cadence.

/** MemTotal and MemAvailable of a /proc/meminfo text, in bytes; null when it has no MemTotal. */
export function parseMeminfo(content: string): { total: number; available: number } | null {
  const kb = new Map<string, number>();
  for (const line of content.split('\n')) {
    const m = /^(\w+):\s+(\d+)(?:\s+kB)?\s*$/.exec(line.trim());
    if (m) kb.set(m[1]!, Number(m[2]));
  }
  const total = kb.get('MemTotal');
  if (total === undefined || total <= 0) return null;
  // Kernels before 3.14 have no MemAvailable: free + buffers + page cache is what it estimates.
  const available = kb.get('MemAvailable') ?? (kb.get('MemFree') ?? 0) + (kb.get('Buffers') ?? 0) + (kb.get('Cached') ?? 0);
  return { total: total * 1024, available: Math.min(available, total) * 1024 };
}

export type AgentOutcome = 'ok' | 'not_configured' | 'not_running' | 'error';

/**
 * Why a read was refused: PVE answers HTTP 500 "No QEMU guest agent configured" (agent option off) or
 * "QEMU guest agent is not running" (option on, nothing answering inside the VM); anything else is 'error'.
 */
export function refusalOf(err: unknown): Exclude<AgentOutcome, 'ok'> {
  const known = agentUnavailable(err);
  if (known) return known;
  const text = isPveError(err) ? `${err.serverMessage ?? ''} ${err.message}` : err instanceof Error ? err.message : '';
  if (/no qemu guest agent configured/i.test(text)) return 'not_configured';
  if (/guest agent is not running/i.test(text)) return 'not_running';
  return 'error';
}

const MINUTE = 60_000;

/**
 * When a VM whose agent refused is tried again: 30 minutes after the first refusal, doubling to at most 6 hours
 * (a VM without an agent costs a few reads a day, not a share of every minute's budget). Other errors: 10 minutes,
 * doubling to the same cap.
 */
export function retryDelayMs(outcome: Exclude<AgentOutcome, 'ok'>, failures: number): number {
  const base = outcome === 'error' ? 10 * MINUTE : 30 * MINUTE;
  return Math.min(6 * 60 * MINUTE, base * 2 ** Math.max(0, failures - 1));
}

/**
 * The times (ms into the host's claimed minute) of its reads: one every 60 s / budget from `elapsedMs` (when the
 * run starts), at most `count`, none past the minute. A run that starts late reads fewer, never faster: the k-th read
 * of a minute is never before k × 60 s / budget, so with minutes that do not overlap any 60 s hold ≤ budget reads.
 */
export function readSlots(budget: number, elapsedMs: number, count: number): number[] {
  if (budget <= 0) return []; // AGENT_READS_PER_HOST_PER_MINUTE=0 turns the reads off
  const spacing = MINUTE / budget;
  const out: number[] = [];
  for (let t = Math.max(0, elapsedMs); t < MINUTE && out.length < Math.min(count, budget); t += spacing) out.push(Math.round(t));
  return out;
}

/** The spacing of a host's reads at `budget` a minute (ms). */
export const readSpacingMs = (budget: number): number => MINUTE / Math.max(1, budget);

/** Minutes for `vms` VMs to be read once each at `budget` reads a minute (500 VMs at 20: 25). */
export const fullCycleMinutes = (vms: number, budget: number): number => (vms <= 0 || budget <= 0 ? 0 : Math.ceil(vms / budget));
