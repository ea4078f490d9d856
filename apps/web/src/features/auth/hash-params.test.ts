import { describe, expect, it } from 'vitest';
import { hashErrorKey, readAuthHash } from './hash-params';

describe('readAuthHash', () => {
  it('reads the one-time session id or the error the server put in the hash', () => {
    expect(readAuthHash('#session_id=abc')).toEqual({ sessionId: 'abc', error: undefined });
    expect(readAuthHash('#error=link_expired')).toEqual({ sessionId: undefined, error: 'link_expired' });
    expect(readAuthHash('')).toEqual({ sessionId: undefined, error: undefined });
  });

  it('treats an empty session id as a failed external sign-in (SPEC §8 missing session id)', () => {
    const read = readAuthHash('#session_id=');
    expect(read.sessionId).toBeUndefined();
    expect(hashErrorKey(read.error!)).toBe('messages.oauthError');
  });
});
