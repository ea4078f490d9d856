// @vitest-environment node
import { ProbeSchema, type Probe } from '@proxai/contract';
import { describe, expect, it } from 'vitest';
import { areProbesValid, draftOf, newProbeDraft, probeOf, probeProblems, type ProbeDraft } from './probes';

const draft = (patch: Partial<ProbeDraft>): ProbeDraft => ({ ...newProbeDraft('tcp'), ...patch });

describe('probe drafts', () => {
  it('gives back the probes they were made from', () => {
    const probes: Probe[] = [
      { type: 'agent_ping' },
      { type: 'tcp', port: 22 },
      { type: 'http', url_path: '/health', port: 8080, expect_status: 204, expect_body: 'ok' },
      { type: 'exec', command: ['sh', '-c', 'systemctl is-active nginx'], expect_exit: 0, expect_output: 'active' },
    ];
    expect(probes.map((p) => probeOf(draftOf(p)))).toEqual(probes);
  });

  it('reads a command one argument per line, blank lines aside, spaces inside an argument kept', () => {
    expect(probeOf(draft({ type: 'exec', command: 'sh\n-c\n\ncurl -s localhost\n', expectExit: '0' }))).toEqual({
      type: 'exec',
      command: ['sh', '-c', 'curl -s localhost'],
      expect_exit: 0,
    });
  });

  it('finds the problems the contract refuses, one per field', () => {
    const cases: [Partial<ProbeDraft>, string, string][] = [
      [{ type: 'tcp', port: '' }, 'port', 'probes.errors.port'],
      [{ type: 'tcp', port: '70000' }, 'port', 'probes.errors.port'],
      [{ type: 'http', port: '80', urlPath: 'health' }, 'urlPath', 'probes.errors.urlPath'],
      [{ type: 'http', port: '80', urlPath: '/a b' }, 'urlPath', 'probes.errors.urlPath'],
      [{ type: 'http', port: '80', expectStatus: '99' }, 'expectStatus', 'probes.errors.status'],
      [{ type: 'http', port: '80', expectBody: 'x'.repeat(257) }, 'expectBody', 'probes.errors.expected'],
      [{ type: 'exec', command: ' \n ' }, 'command', 'probes.errors.commandEmpty'],
      [{ type: 'exec', command: 'echo\u0007' }, 'command', 'probes.errors.command'],
      [{ type: 'exec', command: 'true', expectExit: '256' }, 'expectExit', 'probes.errors.exit'],
    ];
    for (const [patch, field, message] of cases) {
      const probe = probeOf(draft(patch));
      expect(probeProblems(probe), JSON.stringify(patch)).toEqual({ [field]: message });
      expect(ProbeSchema.safeParse(probe).success, JSON.stringify(patch)).toBe(false);
    }
  });

  it('accepts what the contract accepts, and needs one to sixteen probes', () => {
    const good = [probeOf(draft({ type: 'tcp', port: '443' })), probeOf(draft({ type: 'http', port: '80' }))];
    for (const p of good) expect(ProbeSchema.safeParse(p).success).toBe(true);
    expect(areProbesValid(good)).toBe(true);
    expect(areProbesValid([])).toBe(false);
    expect(areProbesValid(Array.from({ length: 17 }, () => ({ type: 'agent_ping' as const })))).toBe(false);
    expect(areProbesValid([...good, probeOf(draft({ type: 'tcp', port: '0' }))])).toBe(false);
  });
});
