import i18next from 'i18next';
import type { z } from 'zod';
import type { FieldError } from '@proxai/contract';
import type { paths } from '@proxai/contract/openapi-types';
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
    /** The whole error answer, for codes that say more than `detail` (e.g. `account_switch_required`). */
    readonly body?: unknown,
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

/** Sends a request to `/api{path}` (or takes the answer of one started early). Throws NetworkError when it fails. */
async function send(path: string, options: RequestOptions<z.ZodType | undefined>, early?: EarlyRequest): Promise<Response> {
  const headers = requestHeaders(options.headers);
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  try {
    return await (early?.response ??
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
}

/**
 * An answer that is not ok: after a `step_up_required` (and a proof from the step-up handler), `retry` sends the same
 * request again with the proof bound to it (the server checks its method, path and body); otherwise throws its
 * ApiError (a 401 that signs out calls the unauthorized handler first).
 */
async function refused<T>(
  response: Response,
  data: unknown,
  options: RequestOptions<z.ZodType | undefined>,
  retry: (headers: Record<string, string>) => Promise<T>,
): Promise<T> {
  const body = (data ?? {}) as { detail?: unknown; code?: unknown; errors?: FieldError[]; plan?: unknown };
  const detail = typeof body.detail === 'string' ? body.detail : `HTTP ${response.status}`;
  const code = typeof body.code === 'string' ? body.code : 'unknown';
  const plan = typeof body.plan === 'string' ? body.plan : undefined;
  const error = new ApiError(response.status, detail, code, body.errors, plan, data);
  if (response.status === 401 && code === 'step_up_required' && stepUpHandler && !options.headers?.[STEP_UP_HEADER]) {
    const token = await stepUpHandler(data as StepUpChallenge);
    return retry({ ...options.headers, [STEP_UP_HEADER]: token });
  }
  if (response.status === 401 && SIGNED_OUT_CODES.has(code) && !options.skipUnauthorizedHandler) onUnauthorized?.(error);
  throw error;
}

/** JSON request to `/api{path}` with the stored bearer token. Throws ApiError or NetworkError. */
export async function api<S extends z.ZodType | undefined = undefined>(
  path: string,
  options: RequestOptions<S> = {},
): Promise<Result<S>> {
  const early = options.early && (options.method ?? 'GET') === 'GET' ? takeEarly(path) : undefined;
  const response = await send(path, options, early);
  const { data, invalid } = early?.body ? await early.body : readBody(await response.text());
  if (invalid) throw new NetworkError(`Unexpected answer from the server (HTTP ${response.status})`);
  if (!response.ok) return refused(response, data, options, (headers) => api(path, { ...options, early: false, headers }));
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

/**
 * A request whose answer is a file, not JSON (an export, an archive): the same transport, step-up and errors as
 * `api()`, answering the successful Response unread (its body to save byte for byte, its headers to read).
 */
export async function apiFile(
  path: string,
  options: Pick<RequestOptions, 'method' | 'body' | 'headers' | 'signal'> = {},
): Promise<Response> {
  const response = await send(path, options);
  if (response.ok) return response;
  const { data } = readBody(await response.text());
  return refused(response, data, options, (headers) => apiFile(path, { ...options, headers }));
}

// The typed layer: `apiCall(method, path, options)` over `api()` (same transport, early reads, step-up, approvals and
// errors), typed by the OpenAPI document (packages/contract/openapi.json, its types generated into
// @proxai/contract/openapi-types by `npm run openapi`). Paths are the document's without `/api`, as `api()` takes them.

/** The document's paths without the `/api` prefix. */
type Paths = { [P in keyof paths as P extends `/api${infer Rest}` ? Rest : never]: paths[P] };
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Operation<P extends keyof Paths, M extends HttpMethod> = NonNullable<Paths[P][Lowercase<M>]>;

/** The paths with an operation for `method`, e.g. `ApiPath<'POST'>` includes '/vms/{id}/action'. */
export type ApiPath<M extends HttpMethod> = {
  [P in keyof Paths]: [NonNullable<Paths[P][Lowercase<M>]>] extends [never] ? never : P;
}[keyof Paths];

type ParametersOf<O> = O extends { parameters: infer Params } ? Params : never;
type PathParameters<O> = ParametersOf<O> extends { path: infer Params } ? Params : never;
/** The operation's query parameters (never when it takes none). */
type QueryOf<O> = ParametersOf<O> extends { query?: infer Query } ? NonNullable<Query> : never;
type JsonBody<B> = B extends { content: { 'application/json': infer Body } } ? Body : never;
type BodyOf<O> = O extends { requestBody?: infer B } ? JsonBody<NonNullable<B>> : never;
type SuccessStatus = 200 | 201 | 202 | 203 | 204 | 205 | 206;
type Responses<O> = O extends { responses: infer R } ? R : never;
type Answer<O> = {
  [S in keyof Responses<O> & SuccessStatus]: Responses<O>[S] extends { content: { 'application/json': infer A } } ? A : void;
}[keyof Responses<O> & SuccessStatus];

/** The request body `method path` takes (never when it takes none). */
export type ApiBody<P extends ApiPath<M>, M extends HttpMethod> = BodyOf<Operation<P, M>>;
/** The query parameters `method path` takes (never when it takes none). */
export type ApiQuery<P extends ApiPath<M>, M extends HttpMethod> = QueryOf<Operation<P, M>>;
/** What `method path` answers on success, as the document says (void for 204). */
export type ApiAnswer<P extends ApiPath<M>, M extends HttpMethod> = Answer<Operation<P, M>>;

/** `Options` when the operation has `T`, else those keys may not be given. */
type Present<T, Options> = [T] extends [never] ? { [K in keyof Options]?: never } : Options;

/** What `apiCall` takes for an operation: its path parameters, query and body as the document types them. */
export type CallOptions<P extends ApiPath<M>, M extends HttpMethod> = {
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Do not call the 401 handler (e.g. the sign-in page probing a session). */
  skipUnauthorizedHandler?: boolean;
} & (M extends 'GET'
  ? {
      /** Use the answer of a GET started by `startEarly` for the same path and query, if one is fresh. */
      early?: boolean;
    }
  : { early?: never }) &
  Present<PathParameters<Operation<P, M>>, { path: PathParameters<Operation<P, M>> }> &
  Present<
    QueryOf<Operation<P, M>>,
    Partial<QueryOf<Operation<P, M>>> extends QueryOf<Operation<P, M>>
      ? { query?: QueryOf<Operation<P, M>> }
      : { query: QueryOf<Operation<P, M>> }
  > &
  Present<
    BodyOf<Operation<P, M>>,
    // A body the document allows to be null may also be left out (zod's `.nullish()` body: none is sent).
    Operation<P, M> extends { requestBody: unknown }
      ? null extends BodyOf<Operation<P, M>>
        ? { body?: BodyOf<Operation<P, M>> }
        : { body: BodyOf<Operation<P, M>> }
      : { body?: BodyOf<Operation<P, M>> }
  >;
type OptionsArgument<P extends ApiPath<M>, M extends HttpMethod> =
  Partial<CallOptions<P, M>> extends CallOptions<P, M> ? [options?: CallOptions<P, M>] : [options: CallOptions<P, M>];

type QueryValue = string | number | boolean | null | undefined | readonly (string | number | boolean)[];
type PathValues = Record<string, string | number>;
type QueryValues = Record<string, QueryValue>;
type UntypedCallOptions = Omit<RequestOptions, 'method' | 'schema'> & { path?: PathValues; query?: QueryValues };

/**
 * `/api`-less path of `template` with its `{name}` parameters substituted (URI-encoded) and its query appended
 * (URLSearchParams, in the object's order; undefined and null values left out): the key `startEarly` and the early
 * reads share.
 */
export function apiPath(template: string, { path, query }: { path?: PathValues; query?: QueryValues } = {}): string {
  const resolved = template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = path?.[name];
    if (value === undefined) throw new Error(`${template}: no value for {${name}}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item));
  }
  const text = search.toString();
  return text ? `${resolved}?${text}` : resolved;
}

/**
 * `method path` of the API, typed by its OpenAPI document: `path` is one of its paths (without `/api`), `options`
 * holds its path parameters, query and body, and the result is its success answer (void for 204). The same request
 * as `api()`: early reads, step-up, approvals (ApprovalPendingError) and errors (ApiError, NetworkError) alike.
 *
 * @example const accepted = await apiCall('POST', '/vms/{id}/action', { path: { id }, body: { action: 'start', vmid } });
 */
export function apiCall<M extends HttpMethod, P extends ApiPath<M>>(
  method: M,
  path: P,
  ...[options]: OptionsArgument<P, M>
): Promise<ApiAnswer<P, M>>;
// The one place an answer is taken as the document types it, unparsed (the overload above gives it its type): zod in
// the browser would cost the dashboard's first row its schemas, and the server checks every answer against the same
// schemas (its response serializer) before sending it.
export async function apiCall(method: HttpMethod, path: string, options: UntypedCallOptions = {}): Promise<unknown> {
  const { path: parameters, query, ...rest } = options;
  return api(apiPath(path, { path: parameters, query }), { ...rest, method });
}
