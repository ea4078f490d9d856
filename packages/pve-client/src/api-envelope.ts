import { isAgentAnswer } from './agent-errors';
import { abortReason, PveError, type PveErrorKind } from './errors';
import type { RawResponse } from './transport';

/** The JSON envelope of both products, their error answers and which failures are worth a retry. */

export type Product = 'PVE' | 'PBS';

export const productName = (product: Product): string => (product === 'PVE' ? 'VE' : 'Backup Server');

/** Envelope and status mapping; PVE puts the message in the reason phrase, PBS in the body. */
export function parseEnvelope(
  product: Product,
  method: string,
  path: string,
  res: RawResponse,
): { data: unknown; total?: number } {
  const base = { method, path, status: res.status };
  if (/text\/html/i.test(res.contentType)) {
    throw new PveError({
      ...base,
      kind: 'api-error',
      serverMessage: `not a Proxmox ${productName(product)} API (got an HTML page)`,
    });
  }
  if (res.status >= 300 && res.status < 400) {
    // Proxmox never redirects its API; redirects are not followed (they could lead anywhere).
    throw new PveError({
      ...base,
      kind: 'api-error',
      serverMessage: `not a Proxmox ${productName(product)} API (redirect, not followed)`,
    });
  }
  let body: unknown;
  if (res.text.length > 0) {
    try {
      body = JSON.parse(res.text);
    } catch {
      body = undefined;
    }
  }
  if (res.status >= 200 && res.status < 300) {
    if (!body || typeof body !== 'object' || !('data' in body)) {
      throw new PveError({
        ...base,
        kind: 'api-error',
        serverMessage: `not a Proxmox ${productName(product)} API (no data envelope)`,
      });
    }
    const env = body as { data: unknown; total?: unknown };
    return typeof env.total === 'number' ? { data: env.data, total: env.total } : { data: env.data };
  }
  const obj = body && typeof body === 'object' ? (body as { message?: unknown; errors?: unknown }) : undefined;
  const bodyMessage =
    typeof obj?.message === 'string' ? obj.message : product === 'PBS' && body === undefined ? res.text : undefined;
  const serverMessage = (bodyMessage ?? res.statusText).trim();
  const errors = obj?.errors && typeof obj.errors === 'object' ? (obj.errors as Record<string, string>) : undefined;
  throw new PveError({ ...base, kind: statusKind(res.status, serverMessage), serverMessage, ...(errors ? { errors } : {}) });
}

function statusKind(status: number, message: string): PveErrorKind {
  if (status === 401) return 'auth-failed';
  if (status === 403) return 'forbidden';
  if (status === 404 || status === 501) return 'not-found';
  if (status === 595 || status === 596) return 'unreachable';
  if (/does not exist$|^hostname lookup '.*' failed|^no such (task|node)/.test(message)) return 'not-found';
  return 'api-error';
}

/** Transient failures only; a refused address, an oversized answer or a TLS problem would fail again. */
export function isRetryable(err: PveError): boolean {
  switch (err.kind) {
    case 'unreachable':
    case 'timeout':
      return true;
    case 'api-error':
      return err.status !== undefined && err.status >= 500 && !isAgentAnswer(err);
    case 'tls-fingerprint-mismatch':
    case 'tls-untrusted':
    case 'auth-failed':
    case 'forbidden':
    case 'not-found':
    case 'address-refused':
    case 'too-large':
      return false;
  }
}

export function delay(ms: number, signals: (AbortSignal | undefined)[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const active = signals.filter((s): s is AbortSignal => s !== undefined);
    const aborted = active.find((s) => s.aborted);
    if (aborted) {
      reject(abortReason(aborted));
      return;
    }
    const onAbort = (e: Event): void => {
      clearTimeout(timer);
      reject(abortReason(e.target as AbortSignal));
    };
    const timer = setTimeout(() => {
      for (const s of active) s.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    for (const s of active) s.addEventListener('abort', onAbort, { once: true });
  });
}
