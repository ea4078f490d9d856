import type { z } from 'zod';
import type { FieldError } from '@proxai/contract';
import { getToken } from './auth-storage';

/** An error answer of the API: HTTP status plus the server's `{detail, code, errors}`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly code: string,
    readonly errors?: FieldError[],
  ) {
    super(detail);
    this.name = 'ApiError';
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
}

type Result<S> = S extends z.ZodType ? z.infer<S> : unknown;

/** JSON request to `/api{path}` with the stored bearer token. Throws ApiError or NetworkError. */
export async function api<S extends z.ZodType | undefined = undefined>(
  path: string,
  options: RequestOptions<S> = {},
): Promise<Result<S>> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  const token = getToken();
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
      credentials: 'same-origin',
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new NetworkError('The server could not be reached', { cause: err });
  }
  const text = await response.text();
  let data: unknown = undefined;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      throw new NetworkError(`Unexpected answer from the server (HTTP ${response.status})`);
    }
  }
  if (!response.ok) {
    const body = (data ?? {}) as { detail?: unknown; code?: unknown; errors?: FieldError[] };
    const detail = typeof body.detail === 'string' ? body.detail : `HTTP ${response.status}`;
    const error = new ApiError(response.status, detail, typeof body.code === 'string' ? body.code : 'unknown', body.errors);
    if (response.status === 401 && !options.skipUnauthorizedHandler) onUnauthorized?.(error);
    throw error;
  }
  return (options.schema ? options.schema.parse(data) : data) as Result<S>;
}
