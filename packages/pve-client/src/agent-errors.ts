import { PveError } from './errors';

export type AgentUnavailable = 'not_configured' | 'not_running';

/**
 * Why a guest-agent call failed when the agent cannot answer (qemu-server QemuServer/Agent.pm, HTTP 500):
 * 'not_configured' for "No QEMU guest agent configured" (the VM's `agent` option is off), 'not_running' for
 * "QEMU guest agent is not running" (configured, nothing answering inside the VM) and "VM 100 is not running"
 * (the VM itself is down). Null for anything else (permissions, a real agent error, the host unreachable).
 */
export function agentUnavailable(err: unknown): AgentUnavailable | null {
  if (!(err instanceof PveError) || err.status !== 500) return null;
  const msg = (err.serverMessage ?? '').trim();
  if (/^No QEMU guest agent configured$/i.test(msg)) return 'not_configured';
  if (/^QEMU guest agent is not running$/i.test(msg) || /^VM \d+ is not running$/.test(msg)) return 'not_running';
  return null;
}

/** qemu-ga's own errors ("Agent error: …") and the refusals above are answers, not hiccups: never retried. */
export function isAgentAnswer(err: PveError): boolean {
  return agentUnavailable(err) !== null || /^Agent error: /.test(err.serverMessage ?? '');
}
