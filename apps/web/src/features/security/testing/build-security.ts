import type { MfaStatus, Passkey, SessionInfo } from '@proxai/contract';

// The security page's answers in tests: factors, passkeys and sessions, each overridable.

export function buildMfaStatus(overrides: Partial<MfaStatus> = {}): MfaStatus {
  return { totp: false, passkeys: [], recovery_codes_left: 0, required_by: null, ...overrides };
}

export function buildPasskey(overrides: Partial<Passkey> = {}): Passkey {
  return {
    id: '00000000-0000-4000-8000-0000000000a1',
    name: 'Work laptop',
    created_at: '2026-01-10T09:00:00.000Z',
    last_used_at: null,
    ...overrides,
  };
}

export const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
export const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

export function buildSession(overrides: Partial<SessionInfo> = {}): SessionInfo {
  return {
    id: '00000000-0000-4000-8000-0000000000b1',
    ip: '203.0.113.7',
    user_agent: CHROME_LINUX,
    created_at: '2026-01-10T09:00:00.000Z',
    last_seen_at: '2026-01-12T10:00:00.000Z',
    current: true,
    ...overrides,
  };
}

/** Ten recovery codes as the server makes them. */
export const RECOVERY_CODES = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`);
