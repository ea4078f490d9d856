import type { FieldError, Language } from '@proxai/contract';
import { FALLBACK_LANGUAGE, lookup, type CatalogueKey, type Values } from './i18n/catalogue';

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

/** A key of the errors catalogue (locales/<lng>/errors.json). */
export type ErrorKey = CatalogueKey<'errors'>;

/** An error's text by key: written in the language of the request it answers (English in logs and stored details). */
export interface ErrorText {
  readonly key: ErrorKey;
  readonly values: Readonly<Record<string, string | number>>;
}

/** The text `key` of the errors catalogue with its placeholders' values (typed from the English text). */
export function errorText<K extends ErrorKey>(key: K, ...[values]: Values<'errors', K>): ErrorText {
  return { key, values: values ?? {} };
}

export class AppError extends Error {
  readonly status: number;
  readonly report: boolean;
  /** The detail in English: what logs, stored task and host errors, and answers without a known language hold. */
  readonly detail: string;
  /** The detail's key, when it comes from the catalogue: the answer is written in the request's language. */
  readonly text: ErrorText | undefined;

  /**
   * `detail` is a catalogue text (errorText) for anything a person reads, or a string already written: a text
   * localised by its caller, a remote host's own message, or what a background job stores.
   */
  constructor(
    readonly code: ErrorCode,
    detail: string | ErrorText,
    options: { errors?: FieldError[]; cause?: unknown; fields?: Record<string, unknown>; headers?: Record<string, string> } = {},
  ) {
    const english = typeof detail === 'string' ? detail : lookup(FALLBACK_LANGUAGE, 'errors', detail.key, detail.values);
    super(english, { cause: options.cause });
    this.name = 'AppError';
    this.detail = english;
    this.text = typeof detail === 'string' ? undefined : detail;
    this.status = ERROR_CATALOGUE[code].status;
    this.report = ERROR_CATALOGUE[code].report;
    this.errors = options.errors;
    this.fields = options.fields;
    this.headers = options.headers;
  }

  /** The detail in `language` (a catalogue text), or as it was written. */
  detailIn(language: Language): string {
    return this.text ? lookup(language, 'errors', this.text.key, this.text.values) : this.detail;
  }

  /** Answer headers that go with the error (e.g. Retry-After of a 429). */
  readonly headers: Record<string, string> | undefined;

  readonly errors: FieldError[] | undefined;
  /** Extra answer fields a code documents (e.g. current_email and new_email of account_switch_required). */
  readonly fields: Record<string, unknown> | undefined;
}

/** What a 404 names: a key of the catalogue's `notFound` group. */
export type NotFoundSubject = ErrorKey extends infer K ? (K extends `notFound.${infer S}` ? S : never) : never;

export const notFound = (what: NotFoundSubject = 'resource') => new AppError('not_found', errorText(`notFound.${what}`));
export const forbidden = (detail: string | ErrorText = errorText('access.denied')) => new AppError('forbidden', detail);
export const unauthenticated = (detail: string | ErrorText = errorText('access.signIn')) =>
  new AppError('unauthenticated', detail);
