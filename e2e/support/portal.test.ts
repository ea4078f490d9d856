import { describe, expect, it } from 'vitest';
import { leaksIn } from './portal';

describe('the portal log scan run when an e2e portal stops', () => {
  const token = 'Zx8_3kPq-9v2LmN0aBcDeFgHiJkLmNoPqRsTuVwXyZ0';

  it('finds tracked secrets, codes as whole numbers only, and anything shaped like an issued token', () => {
    const lines = [
      '{"msg":"request completed","url":"/api/hosts"}',
      '{"msg":"login","password":"hunter2-secret"}',
      '{"msg":"took 1234567 ms"}',
      '{"msg":"code 123456 sent"}',
      `{"msg":"session","token":"${token}"}`,
    ];
    const leaks = leaksIn(lines, ['hunter2-secret', '123456', '234567']);
    expect(leaks).toHaveLength(3);
    expect(leaks.join('\n')).not.toContain('hunter2-secret');
    expect(leaks.join('\n')).not.toContain(token);
  });

  it('lets ordinary log lines through (uuids, fingerprints, hashes)', () => {
    const lines = [
      '{"hostId":"3d4a6d86-b3b7-48f8-806c-708e085624c3","reqId":"req-1f"}',
      '{"fingerprint":"AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89"}',
      `{"sha256":"${'ab'.repeat(32)}"}`,
    ];
    expect(leaksIn(lines, ['not-there-at-all'])).toEqual([]);
  });
});
