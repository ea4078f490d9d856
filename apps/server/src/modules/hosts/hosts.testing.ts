// Test helpers of the hosts and guests integration tests (not shipped code paths).
import { PLANS, planFeatureMap, type PlanType } from '@proxai/contract';
import type { SimNodeInfo, SimPbsInfo } from '@proxai/pve-sim';
import type { Db } from '../../db/client';
import { insertLicence } from '../licenses/licenses.repository';

/** An active licence of `plan` for the organisation (the signature is not checked by the limits code). */
export async function giveLicence(db: Db, organisationId: string, plan: PlanType): Promise<void> {
  const now = Date.now();
  await insertLicence(db, {
    organisationId,
    planType: plan,
    issuedAt: new Date(now - 60_000),
    expiresAt: new Date(now + 365 * 86_400_000),
    features: planFeatureMap(plan),
    limits: PLANS[plan].limits,
    signature: 'test',
  });
}

export function passwordBody(n: SimNodeInfo, overrides: Record<string, unknown> = {}) {
  return {
    name: `Host ${n.name}`,
    pve_url: n.url,
    pve_node: n.name,
    user: n.username,
    auth_type: 'password',
    password: n.password,
    ...overrides,
  };
}

export function tokenBody(n: SimNodeInfo, overrides: Record<string, unknown> = {}) {
  return {
    name: `Host ${n.name}`,
    pve_url: n.url,
    pve_node: n.name,
    user: n.username,
    auth_type: 'token',
    token_name: n.tokenId.split('!')[1],
    token_value: n.tokenSecret,
    ...overrides,
  };
}

/** POST /api/hosts for the simulated Proxmox Backup Server, by API token (no node). */
export function pbsTokenBody(p: SimPbsInfo, overrides: Record<string, unknown> = {}) {
  return {
    type: 'pbs',
    name: `Backup ${p.name}`,
    pve_url: p.url,
    user: p.username,
    auth_type: 'token',
    token_name: p.tokenId.split('!')[1],
    token_value: p.tokenSecret,
    ...overrides,
  };
}

/** POST /api/hosts for the simulated Proxmox Backup Server, by password. */
export function pbsPasswordBody(p: SimPbsInfo, overrides: Record<string, unknown> = {}) {
  return {
    type: 'pbs',
    name: `Backup ${p.name}`,
    pve_url: p.url,
    user: p.username,
    auth_type: 'password',
    password: p.password,
    ...overrides,
  };
}
