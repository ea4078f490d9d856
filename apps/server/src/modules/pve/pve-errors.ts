import type { Language } from '@proxai/contract';
import { isPveError } from '@proxai/pve-client';
import { AppError } from '../../errors';
import { FALLBACK_LANGUAGE, message, type MessageKey } from '../../i18n/messages';
import { OutboundRefused, type AddressClass, type AddressPolicy } from '../../net/outbound-policy';

export interface PveErrorContext {
  url: string;
  node: string;
  user: string;
  authType: 'password' | 'token';
  /** The outbound policy in force, named when an address is refused. */
  policy: AddressPolicy;
  maxResponseBytes: number;
  /** The fingerprint we expected (pinned or given by the user). */
  pinned?: string | null;
  /** True while adding a host: the pinned fingerprint was given by the user rather than stored. */
  isAdding?: boolean;
  /**
   * First contact with an address a person typed: nothing the remote side says reaches the answer (it could be
   * any service on the network). A registered host is a pinned Proxmox node, whose own messages (a guest is
   * locked, a privilege is missing) are passed on.
   */
  probing?: boolean;
  /** Language of `detail` (the request's); English when absent, as for what is stored (last_error). */
  language?: Language;
}

function isAbort(err: unknown): boolean {
  return err instanceof Error && (err.name === 'AbortError' || err.name === 'TimeoutError');
}

/**
 * Maps anything a PVE call throws to a catalogue error whose `detail` tells the operator what to fix, in
 * `ctx.language`. Connection failures collapse into fixed classes (cannot reach, address refused, TLS, not a
 * PVE API, authentication, answer too large) so the answers cannot be used to tell port states apart.
 */
export function toHostError(err: unknown, ctx: PveErrorContext): AppError {
  if (err instanceof AppError) return err;
  const lang = ctx.language ?? FALLBACK_LANGUAGE;
  const { url } = ctx;
  const cannotReach = () => new AppError('host_unreachable', message(lang, 'host.cannotReach', { url }), { cause: err });
  const notPve = () => new AppError('host_error', message(lang, 'host.notPve', { url }), { cause: err });
  if (isAbort(err)) return cannotReach();
  if (!isPveError(err)) return new AppError('host_error', message(lang, 'host.unexpected', { url }), { cause: err });
  switch (err.kind) {
    case 'address-refused': {
      const refused = err.cause;
      if (!(refused instanceof OutboundRefused)) return cannotReach();
      const kind = message(lang, ADDRESS_KINDS[refused.addressClass]);
      return new AppError('address_not_allowed', message(lang, 'host.addressRefused', { url, kind, policy: ctx.policy }), {
        cause: err,
      });
    }
    case 'unreachable':
    case 'timeout':
      return cannotReach();
    case 'too-large':
      return new AppError(
        'host_error',
        message(lang, 'host.answerTooLarge', { url, mib: Math.round((err.limitBytes ?? ctx.maxResponseBytes) / 1048576) }),
        { cause: err },
      );
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
      if (ctx.probing || !err.serverMessage) {
        return new AppError('forbidden', message(lang, 'host.missingPrivileges', { user: ctx.user }), { cause: err });
      }
      return new AppError('forbidden', message(lang, 'host.forbidden', { user: ctx.user, reason: err.serverMessage }), {
        cause: err,
      });
    }
    case 'not-found':
      if (ctx.probing) return notPve();
      return new AppError(
        'host_error',
        err.serverMessage
          ? message(lang, 'host.notFoundBecause', { path: err.path, reason: err.serverMessage })
          : message(lang, 'host.notFound', { path: err.path }),
        { cause: err },
      );
    case 'api-error':
      if (ctx.probing || /not a Proxmox VE API/i.test(err.message)) return notPve();
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

/** How each refused class is named in a detail (no policy refuses a public address: it never reaches this). */
const ADDRESS_KINDS: Record<AddressClass, Extract<MessageKey, `address.${string}`>> = {
  public: 'address.reserved',
  private: 'address.private',
  loopback: 'address.loopback',
  'link-local': 'address.link-local',
  metadata: 'address.metadata',
  unspecified: 'address.unspecified',
  multicast: 'address.multicast',
  broadcast: 'address.broadcast',
  reserved: 'address.reserved',
};

/** Short text stored as the host's last error (no secrets: built from the detail). */
export function lastErrorText(err: AppError): string {
  return err.detail.slice(0, 500);
}
