import type { Language } from '@proxai/contract';
import { isPveError } from '@proxai/pve-client';
import { AppError } from '../../errors';
import { FALLBACK_LANGUAGE } from '../../i18n/messages';
import { createPbsClient, pinTarget, type ConnectionTarget, type ConnectSettings, type ProbeResult } from '../pve/pve-connection';
import { toHostError, type PveErrorContext } from '../pve/pve-errors';
import { pbsText } from './pbs-texts';

/** A PBS has one node, which its API calls 'localhost' (/nodes/localhost/tasks): what a PBS host stores as its node. */
export const PBS_NODE = 'localhost';

/**
 * Maps anything a PBS call throws to a catalogue error, as toHostError does for PVE (the same fixed classes: nothing
 * on first contact repeats what the far side said), in Proxmox Backup Server's words where they differ.
 */
export function toPbsError(err: unknown, ctx: PveErrorContext): AppError {
  const mapped = toHostError(err, ctx);
  if (err instanceof AppError) return mapped;
  const lang = ctx.language ?? FALLBACK_LANGUAGE;
  if (mapped.code === 'host_unreachable')
    return new AppError('host_unreachable', pbsText(lang, 'pbs.cannotReach', { url: ctx.url }), { cause: err });
  if (ctx.probing && (isPveError(err, 'not-found') || isPveError(err, 'api-error')))
    return new AppError('host_error', pbsText(lang, 'pbs.notPbs', { url: ctx.url }), { cause: err });
  if (isPveError(err, 'forbidden') && (ctx.probing || !err.serverMessage))
    return new AppError('forbidden', pbsText(lang, 'pbs.missingPrivileges', { user: ctx.user }), { cause: err });
  return mapped;
}

/**
 * First contact with a PBS being added or re-pinned: pins its certificate exactly as for a PVE node (the one
 * given, else the one presented now), signs in, reads /version and the datastores' usage (which only a PBS
 * answers: a PVE node behind the address reads as "not a Proxmox Backup Server API").
 */
export async function probePbs(
  t: ConnectionTarget,
  s: ConnectSettings,
  language: Language = FALLBACK_LANGUAGE,
): Promise<ProbeResult> {
  const { pinned, ctx } = await pinTarget(t, s, language, toPbsError);
  const client = createPbsClient(pinned, s, { signal: AbortSignal.timeout(s.timeoutMs * 3) });
  try {
    await client.login();
    const version = await client.version();
    await client.datastoreUsage();
    return { fingerprint: pinned.fingerprint, version };
  } catch (err) {
    throw toPbsError(err, ctx);
  } finally {
    await client.close();
  }
}
