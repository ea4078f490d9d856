import i18next from 'i18next';
import type { z } from 'zod';
import type { FieldError } from '@proxai/contract';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { getToken } from './auth-storage';

/** An error answer of the API: HTTP status plus the server's `{detail, code, errors}`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly code: string,
    readonly errors?: FieldError[],
    /** With `plan_required`: the cheapest plan that opens the feature. */
    readonly plan?: string,
  ) {
    super(detail);
    this.name = 'ApiError';
  }
}

/**
 * 202 `approval_required`: the organisation holds this action for a second member's approval (four-eyes). An
 * ApiError with status 202, so every caller's error path shows its detail; `approvalId` names the held request.
 */
export class ApprovalPendingError extends ApiError {
  constructor(
    detail: string,
    readonly approvalId: string,
  ) {
    super(202, detail, 'approval_required');
    this.name = 'ApprovalPendingError';
  }
}

/** The network failed or the server answered something that is not our API. */
export class NetworkError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'NetworkError';
  }
}

type UnauthorizedHandler = (error: ApiError) => void;
let onUnauthorized: UnauthorizedHandler | null = null;

/** 401 codes that mean the session is missing or invalid: only these sign the person out. */
const SIGNED_OUT_CODES = new Set(['unauthenticated', 'unknown']);

/**
 * The body of a 401 `step_up_required` (see StepUpRequiredSchema): the handler proves a factor for its
 * challenge and resolves the step-up token, or rejects (the person cancelled).
 */
export interface StepUpChallenge {
  detail: string;
  code: 'step_up_required';
  challenge: string;
  methods: ('totp' | 'webauthn' | 'recovery' | 'email')[];
  webauthn: Record<string, unknown> | null;
}
type StepUpHandler = (challenge: StepUpChallenge) => Promise<string>;
let stepUpHandler: StepUpHandler | null = null;

/** Who asks for a second factor when a sensitive request answers `step_up_required`; returns its remover. */
export function setStepUpHandler(handler: StepUpHandler | null): () => void {
  stepUpHandler = handler;
  return () => {
    if (stepUpHandler === handler) stepUpHandler = null;
  };
}

/** The header a retried request carries its step-up proof in. */
export const STEP_UP_HEADER = 'x-step-up';

/** Called on every 401 (e.g. to clear the session and go to /auth); returns a function that removes it. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler | null): () => void {
  onUnauthorized = handler;
  return () => {
    if (onUnauthorized === handler) onUnauthorized = null;
  };
}

export interface RequestOptions<S extends z.ZodType | undefined = undefined> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Validates the answer; its inferred type becomes the result type. */
  schema?: S;
  /** Do not call the 401 handler (e.g. the sign-in page probing a session). */
  skipUnauthorizedHandler?: boolean;
  /** Use the answer of a GET started by `startEarly` for this path, if one is fresh. */
  early?: boolean;
}

type Result<S> = S extends z.ZodType ? z.infer<S> : unknown;

/** The UI's language (i18next's, else the saved choice, as theme-init.js reads it), for the server's texts. */
function uiLanguage(): string | null {
  try {
    return i18next.resolvedLanguage ?? i18next.language ?? localStorage.getItem(STORAGE_KEYS.language);
  } catch {
    return null; // storage disabled
  }
}

/** Every call says the UI's language (Accept-Language): the server writes its messages and error details in it. */
function requestHeaders(extra?: Record<string, string>): Record<string, string> {
  const language = uiLanguage();
  const headers: Record<string, string> = {
    accept: 'application/json',
    ...(language ? { 'accept-language': language } : {}),
    ...extra,
  };
  const token = getToken();
  if (token && !headers.authorization) headers.authorization = `Bearer ${token}`;
  return headers;
}

/** A response's body as JSON: its value (none when the body is empty), or `invalid` when it is not JSON. */
interface Body {
  data?: unknown;
  invalid?: boolean;
}

function readBody(text: string): Body {
  if (!text) return {};
  try {
    return { data: JSON.parse(text) };
  } catch {
    return { invalid: true };
  }
}

/**
 * GETs started before the page asked: by theme-init.js at boot, or by a route's loader (`startEarly`). Both
 * also read and parse the body as soon as it arrives (`body`, the shape `readBody` gives), while the page is
 * still waiting for its scripts: on a first visit that is idle time, and /api/vms of 5,000 guests takes
 * about 10 ms to parse.
 */
interface EarlyRequest {
  at: number;
  response: Promise<Response>;
  body?: Promise<Body>;
}
declare global {
  interface Window {
    __proxaiEarly?: Record<string, EarlyRequest | undefined>;
  }
}
const EARLY_FRESH_MS = 5_000;
const earlyRequests = (): Record<string, EarlyRequest | undefined> => (window.__proxaiEarly ??= {});

/**
 * Starts these GETs now (a route's loader calls it, in parallel with the page's lazy chunk), so the
 * page's first queries find their answers already on the way instead of asking only once rendered.
 * A path already started and still fresh (e.g. by theme-init.js) is not asked twice.
 */
export function startEarly(paths: string[]): void {
  if (!getToken()) return;
  const early = earlyRequests();
  for (const path of paths) {
    const started = early[path];
    if (started && performance.now() - started.at < EARLY_FRESH_MS) continue;
    const response = fetch(`/api${path}`, { headers: requestHeaders(), credentials: 'same-origin' });
    const body = response.then((r) => r.text()).then(readBody);
    // A failure surfaces when (and if) the page takes it.
    response.catch(() => undefined);
    body.catch(() => undefined);
    early[path] = { at: performance.now(), response, body };
  }
}

function takeEarly(path: string): EarlyRequest | undefined {
  const early = earlyRequests();
  const started = early[path];
  early[path] = undefined;
  return started && performance.now() - started.at < EARLY_FRESH_MS ? started : undefined;
}

/** JSON request to `/api{path}` with the stored bearer token. Throws ApiError or NetworkError. */
export async function api<S extends z.ZodType | undefined = undefined>(
  path: string,
  options: RequestOptions<S> = {},
): Promise<Result<S>> {
  const headers = requestHeaders(options.headers);
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  const early = options.early && (options.method ?? 'GET') === 'GET' ? takeEarly(path) : undefined;
  try {
    response = await (early?.response ??
      fetch(`/api${path}`, {
        method: options.method ?? 'GET',
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: options.signal,
        credentials: 'same-origin',
      }));
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new NetworkError('The server could not be reached', { cause: err });
  }
  const { data, invalid } = early?.body ? await early.body : readBody(await response.text());
  if (invalid) throw new NetworkError(`Unexpected answer from the server (HTTP ${response.status})`);
  if (!response.ok) {
    const body = (data ?? {}) as { detail?: unknown; code?: unknown; errors?: FieldError[]; plan?: unknown };
    const detail = typeof body.detail === 'string' ? body.detail : `HTTP ${response.status}`;
    const code = typeof body.code === 'string' ? body.code : 'unknown';
    const plan = typeof body.plan === 'string' ? body.plan : undefined;
    const error = new ApiError(response.status, detail, code, body.errors, plan);
    if (response.status === 401 && code === 'step_up_required' && stepUpHandler && !options.headers?.[STEP_UP_HEADER]) {
      // The same request again, with the proof bound to it (the server checks its method, path and body).
      const token = await stepUpHandler(data as StepUpChallenge);
      return api(path, { ...options, early: false, headers: { ...options.headers, [STEP_UP_HEADER]: token } });
    }
    if (response.status === 401 && SIGNED_OUT_CODES.has(code) && !options.skipUnauthorizedHandler) onUnauthorized?.(error);
    throw error;
  }
  if (response.status === 202 && (data as { code?: unknown } | undefined)?.code === 'approval_required') {
    // Held for another member's approval (four-eyes): not done yet, so not the answer the caller expects.
    const held = data as { detail?: unknown; approval_id?: unknown };
    throw new ApprovalPendingError(
      typeof held.detail === 'string' ? held.detail : 'Sent for approval',
      typeof held.approval_id === 'string' ? held.approval_id : '',
    );
  }
  return (options.schema ? options.schema.parse(data) : data) as Result<S>;
}
