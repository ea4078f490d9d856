import { isPveError } from '@proxai/pve-client';
import { AppError } from '../../errors';

export interface PveErrorContext {
  url: string;
  node: string;
  user: string;
  authType: 'password' | 'token';
  timeoutMs: number;
  /** The fingerprint we expected (pinned or given by the user). */
  pinned?: string | null;
  /** True while adding a host: the pinned fingerprint was given by the user rather than stored. */
  isAdding?: boolean;
}

/** The first socket-level error code in the cause chain (ECONNREFUSED, ECONNRESET, ENOTFOUND…). */
function networkCode(err: unknown): string | undefined {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

const NETWORK_REASONS: Record<string, string> = {
  ECONNRESET: 'connection reset',
  UND_ERR_SOCKET: 'connection closed by the host',
  UND_ERR_CLOSED: 'connection closed',
  ENOTFOUND: 'host name not found',
  EAI_AGAIN: 'host name lookup failed',
  EHOSTUNREACH: 'no route to host',
  ENETUNREACH: 'network unreachable',
  ERR_SSL_WRONG_VERSION_NUMBER: 'it does not speak HTTPS on that port',
};

function isAbort(err: unknown): boolean {
  return err instanceof Error && (err.name === 'AbortError' || err.name === 'TimeoutError');
}

/** Maps anything a PVE call throws to a catalogue error whose `detail` tells the operator what to fix. */
export function toHostError(err: unknown, ctx: PveErrorContext): AppError {
  if (err instanceof AppError) return err;
  if (isAbort(err))
    return new AppError('host_timeout', `${ctx.url} did not answer within ${ctx.timeoutMs} ms (timed out)`, { cause: err });
  if (!isPveError(err)) return new AppError('host_error', `Unexpected error talking to ${ctx.url}`, { cause: err });
  switch (err.kind) {
    case 'unreachable': {
      const code = networkCode(err.cause ?? err);
      if (code === 'ECONNREFUSED') {
        return new AppError(
          'host_unreachable',
          `Connection refused by ${ctx.url}: is the PVE API (pveproxy) listening on that port?`,
          {
            cause: err,
          },
        );
      }
      const reason = (code ? NETWORK_REASONS[code] : undefined) ?? err.serverMessage;
      return new AppError('host_unreachable', `Cannot reach ${ctx.url}${reason ? `: ${reason}` : ''}`, { cause: err });
    }
    case 'timeout':
      return new AppError('host_timeout', `${ctx.url} did not answer within ${ctx.timeoutMs} ms (timed out)`, { cause: err });
    case 'tls-fingerprint-mismatch':
      return new AppError(
        ctx.isAdding ? 'bad_request' : 'host_error',
        ctx.isAdding
          ? `The TLS certificate fingerprint of ${ctx.url} is ${err.actualFingerprint ?? 'different'}, not the fingerprint you gave (${ctx.pinned ?? '?'})`
          : `The TLS certificate of ${ctx.url} changed: fingerprint ${err.actualFingerprint ?? 'unknown'} instead of the pinned ${ctx.pinned ?? '?'}. If the change is expected, delete and add the host again.`,
        { cause: err },
      );
    case 'tls-untrusted':
      return new AppError('host_error', `The TLS certificate of ${ctx.url} is not trusted; give its SHA-256 fingerprint`, {
        cause: err,
      });
    case 'auth-failed':
      return new AppError(
        'bad_request',
        ctx.authType === 'password'
          ? `Authentication failed for ${ctx.user}: wrong user name or password`
          : `Authentication failed: API token ${ctx.user} was rejected (wrong token name or value)`,
        { cause: err },
      );
    case 'forbidden':
      return new AppError('forbidden', `PVE refused the request for ${ctx.user}: ${err.serverMessage ?? 'permission denied'}`, {
        cause: err,
      });
    case 'not-found':
      return new AppError(
        'host_error',
        `PVE answered not found for ${err.path}${err.serverMessage ? `: ${err.serverMessage}` : ''}`,
        { cause: err },
      );
    case 'api-error':
      if (/not a Proxmox VE API/i.test(err.message)) {
        return new AppError('host_error', `${ctx.url} is not a Proxmox VE API (unexpected answer to ${err.path})`, {
          cause: err,
        });
      }
      return new AppError(
        'host_error',
        err.serverMessage ?? `PVE error on ${err.path}${err.status ? ` (HTTP ${err.status})` : ''}`,
        { cause: err },
      );
  }
}

/** Short text stored as the host's last error (no secrets: built from the detail). */
export function lastErrorText(err: AppError): string {
  return err.detail.slice(0, 500);
}
