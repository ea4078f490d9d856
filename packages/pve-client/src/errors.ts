/** What went wrong, in the terms the portal shows to an operator. */
export type PveErrorKind =
  | 'unreachable'
  | 'timeout'
  | 'tls-fingerprint-mismatch'
  | 'tls-untrusted'
  | 'auth-failed'
  | 'forbidden'
  | 'not-found'
  | 'api-error'
  | 'address-refused'
  | 'too-large';

export interface PveErrorInit {
  kind: PveErrorKind;
  method: string;
  path: string;
  status?: number;
  serverMessage?: string;
  errors?: Record<string, string>;
  actualFingerprint?: string;
  /** for too-large: the cap the answer went past, in bytes */
  limitBytes?: number;
  cause?: unknown;
}

/** The one error type of this package; `kind` says what went wrong, `cause` keeps the low-level error. */
export class PveError extends Error {
  readonly kind: PveErrorKind;
  readonly status?: number;
  readonly method: string;
  readonly path: string;
  readonly serverMessage?: string;
  readonly errors?: Record<string, string>;
  readonly actualFingerprint?: string;
  readonly limitBytes?: number;
  override readonly cause?: unknown;

  constructor(init: PveErrorInit, message?: string) {
    super(message ?? describe(init));
    this.name = 'PveError';
    this.kind = init.kind;
    this.method = init.method;
    this.path = init.path;
    if (init.status !== undefined) this.status = init.status;
    if (init.serverMessage !== undefined) this.serverMessage = init.serverMessage;
    if (init.errors !== undefined) this.errors = init.errors;
    if (init.actualFingerprint !== undefined) this.actualFingerprint = init.actualFingerprint;
    if (init.limitBytes !== undefined) this.limitBytes = init.limitBytes;
    if (init.cause !== undefined) this.cause = init.cause;
  }
}

/** The reason of an aborted signal as an Error (AbortError DOMException unless the caller gave one). */
export function abortReason(signal: AbortSignal): Error {
  const r: unknown = signal.reason;
  if (r instanceof Error) return r;
  return new DOMException(typeof r === 'string' ? r : 'This operation was aborted', 'AbortError');
}

export function isPveError(e: unknown, kind?: PveErrorKind): e is PveError {
  return e instanceof PveError && (kind === undefined || e.kind === kind);
}

function describe(init: PveErrorInit): string {
  const where = `${init.method} ${init.path}`;
  const status = init.status !== undefined ? ` (HTTP ${init.status})` : '';
  const msg = init.serverMessage ? `: ${init.serverMessage}` : '';
  const fields = init.errors
    ? ` [${Object.entries(init.errors)
        .map(([k, v]) => `${k}: ${v.trim()}`)
        .join('; ')}]`
    : '';
  switch (init.kind) {
    case 'unreachable':
      return `${where}: host unreachable${status}${msg}`;
    case 'timeout':
      return `${where}: no answer in time`;
    case 'tls-fingerprint-mismatch':
      return `${where}: TLS certificate fingerprint changed (now ${init.actualFingerprint ?? 'unknown'})`;
    case 'tls-untrusted':
      return `${where}: TLS certificate not trusted by the system CAs; pin its fingerprint${msg}`;
    case 'auth-failed':
      return `${where}: authentication failed${status}${msg}`;
    case 'forbidden':
      return `${where}: permission denied${status}${msg}`;
    case 'not-found':
      return `${where}: not found${status}${msg}`;
    case 'api-error':
      return `${where}: API error${status}${msg}${fields}`;
    case 'address-refused': {
      const reason = init.cause instanceof Error ? `: ${init.cause.message}` : '';
      return `${where}: connection refused by the outbound address policy${reason}`;
    }
    case 'too-large':
      return `${where}: answer larger than ${init.limitBytes !== undefined ? formatBytes(init.limitBytes) : 'the limit'}${status}`;
  }
}

/** 16777216 -> '16 MiB', 1536 -> '1.5 KiB', 100 -> '100 bytes' */
function formatBytes(n: number): string {
  for (const [unit, size] of [
    ['GiB', 2 ** 30],
    ['MiB', 2 ** 20],
    ['KiB', 2 ** 10],
  ] as const) {
    if (n >= size) return `${Number((n / size).toFixed(1))} ${unit}`;
  }
  return `${n} bytes`;
}
