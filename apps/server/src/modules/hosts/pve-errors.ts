import type { Language } from '@proxai/contract';
import { isPveError } from '@proxai/pve-client';
import { AppError } from '../../errors';
import { FALLBACK_LANGUAGE, message, type MessageKey } from '../../i18n/messages';

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
  /** Language of `detail` (the request's); English when absent, as for what is stored (last_error). */
  language?: Language;
}

/** The first socket-level error code in the cause chain (ECONNREFUSED, ECONNRESET, ENOTFOUND…). */
function networkCode(err: unknown): string | undefined {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

const NETWORK_REASONS: Record<string, Extract<MessageKey, `network.${string}`>> = {
  ECONNRESET: 'network.ECONNRESET',
  UND_ERR_SOCKET: 'network.UND_ERR_SOCKET',
  UND_ERR_CLOSED: 'network.UND_ERR_CLOSED',
  ENOTFOUND: 'network.ENOTFOUND',
  EAI_AGAIN: 'network.EAI_AGAIN',
  EHOSTUNREACH: 'network.EHOSTUNREACH',
  ENETUNREACH: 'network.ENETUNREACH',
  ERR_SSL_WRONG_VERSION_NUMBER: 'network.ERR_SSL_WRONG_VERSION_NUMBER',
};

function isAbort(err: unknown): boolean {
  return err instanceof Error && (err.name === 'AbortError' || err.name === 'TimeoutError');
}

/**
 * Maps anything a PVE call throws to a catalogue error whose `detail` tells the operator what to fix, in
 * `ctx.language`. Texts from PVE itself (its error messages) are passed on as they are.
 */
export function toHostError(err: unknown, ctx: PveErrorContext): AppError {
  if (err instanceof AppError) return err;
  const lang = ctx.language ?? FALLBACK_LANGUAGE;
  const { url } = ctx;
  const timedOut = () => new AppError('host_timeout', message(lang, 'host.timeout', { url, ms: ctx.timeoutMs }), { cause: err });
  if (isAbort(err)) return timedOut();
  if (!isPveError(err)) return new AppError('host_error', message(lang, 'host.unexpected', { url }), { cause: err });
  switch (err.kind) {
    case 'unreachable': {
      const code = networkCode(err.cause ?? err);
      if (code === 'ECONNREFUSED') {
        return new AppError('host_unreachable', message(lang, 'host.connectionRefused', { url }), { cause: err });
      }
      const reasonKey = code ? NETWORK_REASONS[code] : undefined;
      const reason = reasonKey ? message(lang, reasonKey) : err.serverMessage;
      return new AppError(
        'host_unreachable',
        reason ? message(lang, 'host.unreachableBecause', { url, reason }) : message(lang, 'host.unreachable', { url }),
        { cause: err },
      );
    }
    case 'timeout':
      return timedOut();
    case 'tls-fingerprint-mismatch': {
      const actual = err.actualFingerprint;
      const pinned = ctx.pinned ?? '?';
      if (ctx.isAdding) {
        const detail = actual
          ? message(lang, 'host.fingerprintMismatch', { url, actual, given: pinned })
          : message(lang, 'host.fingerprintMismatchUnknown', { url, given: pinned });
        return new AppError('bad_request', detail, { cause: err });
      }
      const detail = actual
        ? message(lang, 'host.certificateChanged', { url, actual, pinned })
        : message(lang, 'host.certificateChangedUnknown', { url, pinned });
      return new AppError('host_error', detail, { cause: err });
    }
    case 'tls-untrusted':
      return new AppError('host_error', message(lang, 'host.certificateUntrusted', { url }), { cause: err });
    case 'auth-failed':
      return new AppError(
        'bad_request',
        ctx.authType === 'password'
          ? message(lang, 'host.authFailedPassword', { user: ctx.user })
          : message(lang, 'host.authFailedToken', { token: ctx.user }),
        { cause: err },
      );
    case 'forbidden': {
      const reason = err.serverMessage ?? message(lang, 'host.permissionDenied');
      return new AppError('forbidden', message(lang, 'host.forbidden', { user: ctx.user, reason }), { cause: err });
    }
    case 'not-found':
      return new AppError(
        'host_error',
        err.serverMessage
          ? message(lang, 'host.notFoundBecause', { path: err.path, reason: err.serverMessage })
          : message(lang, 'host.notFound', { path: err.path }),
        { cause: err },
      );
    case 'api-error':
      if (/not a Proxmox VE API/i.test(err.message)) {
        return new AppError('host_error', message(lang, 'host.notPve', { url, path: err.path }), { cause: err });
      }
      return new AppError(
        'host_error',
        err.serverMessage ??
          (err.status
            ? message(lang, 'host.pveErrorStatus', { path: err.path, status: err.status })
            : message(lang, 'host.pveError', { path: err.path })),
        { cause: err },
      );
  }
}

/** Short text stored as the host's last error (no secrets: built from the detail). */
export function lastErrorText(err: AppError): string {
  return err.detail.slice(0, 500);
}
