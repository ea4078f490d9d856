import type { HostCertificate, HostPrivileges, HostUpdate, Host } from '@proxai/contract';
import { normalizeFingerprint } from '@proxai/pve-client';
import { AppError, errorText, notFound } from '../../errors';
import { FALLBACK_LANGUAGE } from '../../i18n/messages';
import { authorize } from '../../access/authorize';
import { emitEvent } from '../../events/outbox';
import { pbsText } from '../pbs/pbs-texts';
import { dropClient, pooledClient } from '../pve/client-pool';
import { fleetChanged } from '../fleet/fleet-cache';
import { evaluatePrivileges } from './host-privileges';
import { probeOf, toErrorOf } from './host-probe';
import { findHost, updateHost, type NewHostRow } from './hosts.repository';
import { asConnectFailure, hostDto } from './hosts.service';
import { connectSettings, errorContext, presentedFingerprint, targetOf, type ConnectionTarget } from '../pve/pve-connection';
import { toHostError } from '../pve/pve-errors';
import { secretBoxFor } from '../pve/secret-box';
import { actorOf, type RequestContext } from '../../kernel/request-context';
import { type ServiceDeps } from '../../kernel/deps';

// Changing a registered host (PVE node or PBS): its certificate against the pin, its privileges, its name,
// credentials and pin.

/** The certificate the host presents now against its pin: the new fingerprint to show before re-pinning. */
export async function hostCertificate(deps: ServiceDeps, ctx: RequestContext, id: string): Promise<HostCertificate> {
  authorize(ctx.user, 'hosts.manage');
  const host = await findHost(deps.db, ctx.organisationId, id);
  if (!host) throw notFound('host');
  const target = targetOf(host, secretBoxFor(deps.config, deps.log));
  const presented = await presentedFingerprint(target, connectSettings(deps.config), ctx.language, toErrorOf(host.type));
  const pinned = host.tlsFingerprint ? normalizeFingerprint(host.tlsFingerprint) : null;
  return { pinned, presented, matches: pinned === presented };
}

/** Which Proxmox privileges each feature needs and whether the host's user or token has them, read live. */
export async function hostPrivileges(deps: ServiceDeps, ctx: RequestContext, id: string): Promise<HostPrivileges> {
  const host = await findHost(deps.db, ctx.organisationId, id);
  if (!host) throw notFound('host');
  if (host.type === 'pbs')
    throw new AppError('bad_request', pbsText(ctx.language ?? FALLBACK_LANGUAGE, 'pbs.noPrivilegeCheck', { host: host.name }));
  const settings = connectSettings(deps.config);
  const target = targetOf(host, secretBoxFor(deps.config, deps.log));
  const client = pooledClient(host, () => target, settings);
  try {
    const permissions = await client.permissions(undefined, { signal: AbortSignal.timeout(settings.timeoutMs) });
    return evaluatePrivileges(permissions, host.pveNode, new Date());
  } catch (err) {
    throw toHostError(err, errorContext(target, settings, { language: ctx.language }));
  }
}

/**
 * Renames a host, rotates its credentials or re-pins its renewed certificate. New credentials or a new pin are
 * tried on the host first (the pin must be the certificate the host presents now): nothing is saved when they do
 * not work. The host keeps its id, so its guests, tasks and history stay.
 */
export async function editHost(deps: ServiceDeps, ctx: RequestContext, id: string, input: HostUpdate): Promise<Host> {
  authorize(ctx.user, 'hosts.manage');
  const { db, config } = deps;
  const host = await findHost(db, ctx.organisationId, id);
  if (!host) throw notFound('host');
  const box = secretBoxFor(config, deps.log);
  const values: Partial<NewHostRow> = {};
  if (input.name !== undefined) values.name = input.name;
  if (input.credentials || input.fingerprint) {
    // New credentials replace stored ones that can no longer be read (a lost PROXAI_SECRET_KEY).
    let current: ConnectionTarget;
    try {
      current = targetOf(host, box);
    } catch {
      if (!input.credentials) throw new AppError('invalid_state', errorText('hosts.credentialsUnreadable'));
      current = { ...targetOf({ ...host, secretEncrypted: box.seal('') }, box) };
    }
    const c = input.credentials;
    const target: ConnectionTarget = {
      ...current,
      ...(c
        ? {
            user: c.user,
            authType: c.auth_type,
            tokenName: c.auth_type === 'token' ? c.token_name : null,
            secret: c.auth_type === 'password' ? c.password : c.token_value,
          }
        : {}),
      fingerprint: input.fingerprint ?? current.fingerprint,
    };
    const probe = await probeOf(host.type)(target, connectSettings(config), ctx.language ?? FALLBACK_LANGUAGE).catch(
      (err: unknown) => {
        throw asConnectFailure(err);
      },
    );
    Object.assign(values, {
      username: target.user,
      authType: target.authType,
      tokenName: target.tokenName,
      secretEncrypted: box.seal(target.secret),
      tlsFingerprint: probe.fingerprint,
      pveVersion: probe.version.version,
      status: 'online' as const,
      lastError: null,
      nextPollAt: new Date(),
    });
  }
  await db.transaction(async (tx) => {
    await updateHost(tx, id, values);
    const changed = [
      ...(input.name !== undefined ? (['name'] as const) : []),
      ...(input.credentials ? (['credentials'] as const) : []),
      ...(input.fingerprint ? (['fingerprint'] as const) : []),
    ];
    await emitEvent(
      tx,
      ctx.organisationId,
      'host.updated',
      { host_id: id, name: values.name ?? host.name, changed },
      actorOf(ctx),
    );
  });
  dropClient(id);
  await fleetChanged(db, ctx.organisationId);
  return hostDto(db, host);
}
