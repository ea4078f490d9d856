// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { hashErrorKey, readAuthHash } from './hash-params';

describe('readAuthHash', () => {
  it('reads the one-time session id, the e-mailed link token or the error the server put in the hash', () => {
    expect(readAuthHash('#session_id=abc')).toEqual({ sessionId: 'abc', error: undefined });
    expect(readAuthHash('#magic=tok_123')).toEqual({ magic: 'tok_123', error: undefined });
    expect(readAuthHash('#error=link_expired')).toEqual({ magic: undefined, error: 'link_expired' });
    expect(readAuthHash('')).toEqual({ magic: undefined, error: undefined });
  });

  it('treats an empty session id as a failed external sign-in (SPEC §8 missing session id)', () => {
    const read = readAuthHash('#session_id=');
    expect(read.sessionId).toBeUndefined();
    expect(hashErrorKey(read.error!)).toBe('messages.oauthError');
  });

  it('treats an empty link token as an expired link', () => {
    const read = readAuthHash('#magic=');
    expect(read.magic).toBeUndefined();
    expect(hashErrorKey(read.error!)).toBe('messages.linkExpired');
  });
});
