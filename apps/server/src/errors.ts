import type { FieldError } from '@proxai/contract';

/**
 * The catalogue of errors the API answers with: a stable code, an HTTP status and whether it is worth
 * reporting (logged at error level). Handlers and services throw `AppError`s; only the error handler
 * writes the `{detail, code, errors?}` answer.
 */
export const ERROR_CATALOGUE = {
  bad_request: { status: 400, report: false },
  host_not_allowed: { status: 400, report: false },
  validation_failed: { status: 400, report: false },
  invalid_json: { status: 400, report: false },
  invalid_code: { status: 400, report: false },
  unauthenticated: { status: 401, report: false },
  invalid_credentials: { status: 401, report: false },
  /** A sensitive action: prove a second factor for exactly this request (`challenge`), then retry with X-Step-Up. */
  step_up_required: { status: 401, report: false },
  /** A wrong, used or expired second-factor proof (TOTP, recovery, e-mailed code, passkey assertion). */
  invalid_factor: { status: 400, report: false },
  /** The second step of a sign-in expired or was already used: sign in again. */
  mfa_token_invalid: { status: 401, report: false },
  forbidden: { status: 403, report: false },
  not_admin: { status: 403, report: false },
  /** A platform administrator tried a passwordless sign-in: administrators sign in with their password. */
  admin_password_required: { status: 403, report: false },
  plan_limit: { status: 403, report: false },
  /** The feature is outside the organisation's plan; `plan` names the cheapest plan that has it. */
  plan_required: { status: 403, report: false },
  csrf: { status: 403, report: false },
  not_found: { status: 404, report: false },
  conflict: { status: 409, report: false },
  already_subscribed: { status: 409, report: false },
  already_revoked: { status: 409, report: false },
  /** The change would leave the organisation without an owner, or its policy without a factor. */
  last_owner: { status: 409, report: false },
  mfa_required_by_policy: { status: 409, report: false },
  invalid_state: { status: 409, report: false },
  /** The sign-in would replace a different account signed in in this browser: the person must confirm. */
  account_switch_required: { status: 409, report: false },
  /** Adding a host: the address or credentials the user typed do not lead to a usable Proxmox VE node. */
  host_connect_failed: { status: 422, report: false },
  /** The address of a host resolves to a range HOST_ADDRESS_POLICY refuses (loopback, link-local, metadata…). */
  address_not_allowed: { status: 400, report: false },
  payload_too_large: { status: 413, report: false },
  unsupported_media_type: { status: 415, report: false },
  rate_limited: { status: 429, report: false },
  internal: { status: 500, report: true },
  not_configured: { status: 404, report: false },
  host_unreachable: { status: 502, report: false },
  host_error: { status: 502, report: false },
  host_timeout: { status: 504, report: false },
  unavailable: { status: 503, report: true },
} as const satisfies Record<string, { status: number; report: boolean }>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

export class AppError extends Error {
  readonly status: number;
  readonly report: boolean;

  constructor(
    readonly code: ErrorCode,
    readonly detail: string,
    options: { errors?: FieldError[]; cause?: unknown; fields?: Record<string, unknown>; headers?: Record<string, string> } = {},
  ) {
    super(detail, { cause: options.cause });
    this.name = 'AppError';
    this.status = ERROR_CATALOGUE[code].status;
    this.report = ERROR_CATALOGUE[code].report;
    this.errors = options.errors;
    this.fields = options.fields;
    this.headers = options.headers;
  }

  /** Answer headers that go with the error (e.g. Retry-After of a 429). */
  readonly headers: Record<string, string> | undefined;

  readonly errors: FieldError[] | undefined;
  /** Extra answer fields a code documents (e.g. current_email and new_email of account_switch_required). */
  readonly fields: Record<string, unknown> | undefined;
}

export const notFound = (what = 'Resource') => new AppError('not_found', `${what} not found`);
export const forbidden = (detail = 'You do not have permission to do this') => new AppError('forbidden', detail);
export const unauthenticated = (detail = 'Authentication required') => new AppError('unauthenticated', detail);
