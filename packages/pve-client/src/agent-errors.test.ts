import { describe, expect, it } from 'vitest';
import { agentUnavailable, isAgentAnswer } from './agent-errors';
import { isRetryable } from './api-envelope';
import { PveError } from './errors';

const err = (status: number, serverMessage: string): PveError =>
  new PveError({ kind: 'api-error', method: 'GET', path: '/nodes/pve/qemu/100/agent/file-read', status, serverMessage });

describe('agentUnavailable', () => {
  it('names PVE refusals (HTTP 500, as qemu-server words them)', () => {
    expect(agentUnavailable(err(500, 'No QEMU guest agent configured'))).toBe('not_configured');
    expect(agentUnavailable(err(500, 'QEMU guest agent is not running'))).toBe('not_running');
    expect(agentUnavailable(err(500, 'VM 100 is not running'))).toBe('not_running');
  });

  it('is null for everything else', () => {
    expect(agentUnavailable(err(500, "Agent error: failed to open file '/x': No such file or directory"))).toBeNull();
    expect(agentUnavailable(err(403, 'No QEMU guest agent configured'))).toBeNull();
    expect(agentUnavailable(err(500, 'ipcc_send_rec[1] failed: Connection refused'))).toBeNull();
    expect(agentUnavailable(new Error('QEMU guest agent is not running'))).toBeNull();
    expect(agentUnavailable(undefined)).toBeNull();
  });

  it('agent answers are not retried; other 500s still are', () => {
    expect(isAgentAnswer(err(500, 'QEMU guest agent is not running'))).toBe(true);
    expect(isRetryable(err(500, 'QEMU guest agent is not running'))).toBe(false);
    expect(isRetryable(err(500, "Agent error: can't read from file"))).toBe(false);
    expect(isRetryable(err(500, 'ipcc_send_rec[1] failed: Connection refused'))).toBe(true);
  });
});
