import type { MfaStatus, SessionInfo } from '@proxai/contract';
import { setUpPageTests } from '@/testing/render-at';
import { json, stubApi, type ApiCall } from '@/testing/stub-api';
import { buildMfaStatus, buildSession } from './build-security';

export { renderAt, signIn } from '@/testing/render-at';

/** A test file's setup: the security strings in English, a member of `orgRole` signed in before each test. */
export function setUpSecurityTests(orgRole = 'owner'): void {
  setUpPageTests(['security'], orgRole);
}

/** Answers the page's reads (`routes` add or replace some): `mfa` and `sessions`, the policy off. */
export function stubSecurity(
  routes: Record<string, (url: URL, call: ApiCall) => Response | Promise<Response>> = {},
  { mfa = buildMfaStatus(), sessions = [buildSession()] }: { mfa?: MfaStatus; sessions?: SessionInfo[] } = {},
): ApiCall[] {
  return stubApi({
    'GET /api/auth/mfa': () => json(mfa),
    'GET /api/auth/sessions': () => json(sessions),
    'GET /api/organisation/security': () => json({ require_mfa: false, approval_actions: [] }),
    ...routes,
  });
}
