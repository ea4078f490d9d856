import type { AccountSwitchError } from '@proxai/contract';
import { ApiError } from '@/lib/api-client';

/**
 * 409 `account_switch_required`: this browser is signed in as `currentEmail` and the sign-in would open
 * `newEmail`. Nothing was consumed; the same call with `confirm_switch: true` completes it.
 */
export class AccountSwitchRequiredError extends ApiError {
  constructor(
    detail: string,
    readonly currentEmail: string,
    readonly newEmail: string,
  ) {
    super(409, detail, 'account_switch_required');
    this.name = 'AccountSwitchRequiredError';
  }
}

function isAccountSwitch(status: number, body: unknown): body is AccountSwitchError {
  if (status !== 409 || body === null || typeof body !== 'object') return false;
  return (
    'code' in body &&
    body.code === 'account_switch_required' &&
    'current_email' in body &&
    typeof body.current_email === 'string' &&
    'new_email' in body &&
    typeof body.new_email === 'string'
  );
}

/**
 * One of the sign-in completions (e-mailed link, code, OpenID Connect handoff, passkey, second step), sent with
 * `apiCall` and `skipUnauthorizedHandler` (a refused sign-in is not a session that ended): its answer, or its error
 * with a 409 that names both accounts (AccountSwitchErrorSchema) as AccountSwitchRequiredError. The second step's
 * calls pass their `mfa_token` as `authorization` (mfaBearer), which wins over the stored session, which may still be
 * another account's until the sign-in completes.
 */
export async function signInCall<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (err) {
    if (err instanceof ApiError && isAccountSwitch(err.status, err.body)) {
      throw new AccountSwitchRequiredError(err.detail, err.body.current_email, err.body.new_email);
    }
    throw err;
  }
}
