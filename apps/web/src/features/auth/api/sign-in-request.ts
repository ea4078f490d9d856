import i18next from 'i18next';
import type { AccountSwitchError } from '@proxai/contract';
import { ApiError, NetworkError } from '@/lib/api-client';
import { getToken } from '@/lib/auth-storage';

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
  const { code, current_email: current, new_email: next } = body as Record<string, unknown>;
  return code === 'account_switch_required' && typeof current === 'string' && typeof next === 'string';
}

/**
 * POSTs one of the sign-in completions (e-mailed link, code, OpenID Connect handoff) as `api()` does: same
 * headers (the stored bearer token is what lets the server see an account switch), same ApiError and
 * NetworkError, never the global 401 handler. It reads the body itself because ApiError keeps only
 * `detail`, `code` and `errors`, and the 409 also names both accounts (AccountSwitchErrorSchema).
 * The second step's calls go through it too: an `authorization` in `headers` (the `mfa_token`) wins over the
 * stored session, which may still be another account's until the sign-in completes.
 */
export async function postSignIn(
  path: string,
  { body, headers: extra }: { body?: Record<string, unknown>; headers?: Record<string, string> } = {},
): Promise<unknown> {
  const language = i18next.resolvedLanguage ?? i18next.language;
  const token = getToken();
  const headers: Record<string, string> = {
    accept: 'application/json',
    ...(language ? { 'accept-language': language } : {}),
    ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    ...(token ? { authorization: `Bearer ${token}` } : {}),
    ...extra,
  };
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method: 'POST',
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
    });
  } catch (err) {
    throw new NetworkError('The server could not be reached', { cause: err });
  }
  const text = await response.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    throw new NetworkError(`Unexpected answer from the server (HTTP ${response.status})`);
  }
  if (response.ok) return data;
  const { detail, code } = (data ?? {}) as { detail?: unknown; code?: unknown };
  const message = typeof detail === 'string' ? detail : `HTTP ${response.status}`;
  if (isAccountSwitch(response.status, data)) {
    throw new AccountSwitchRequiredError(message, data.current_email, data.new_email);
  }
  throw new ApiError(response.status, message, typeof code === 'string' ? code : 'unknown');
}
