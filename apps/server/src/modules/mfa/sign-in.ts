import type { AuthUser as AuthUserDto, MfaChallenge } from '@proxai/contract';
import { startSession, toUserDto, type RequestMeta } from '../auth/auth.service';
import type { UserRow } from '../auth/auth.repository';
import { policyRequiresMfa } from '../teams/teams.repository';
import { startMfaChallenge, type FactorDeps } from './challenges';
import { factorsOf, hasFactor } from './factors';

export type SignedIn = { access_token: string; user: AuthUserDto };

/**
 * The end of a sign-in's first step: a session, or (the person has a second factor, or a policy requires one:
 * platform administrators always, an organisation's `require_mfa`) the second step's challenge, without a session.
 */
export async function finishSignIn(
  deps: FactorDeps,
  user: UserRow,
  method: string,
  meta: RequestMeta,
): Promise<{ token: string; answer: SignedIn } | { token: null; answer: MfaChallenge }> {
  const factors = await factorsOf(deps.db, user.id);
  const required = user.role === 'admin' || (await policyRequiresMfa(deps.db, user.id));
  if (hasFactor(factors) || required) return { token: null, answer: await startMfaChallenge(deps, user.id, method, factors) };
  return openSession(deps, user, method, meta);
}

/** Opens the session once every step is proven. */
export async function openSession(
  deps: FactorDeps,
  user: UserRow,
  method: string,
  meta: RequestMeta,
): Promise<{ token: string; answer: SignedIn }> {
  const session = await startSession(deps.db, user, method, meta);
  return { token: session.token, answer: { access_token: session.token, user: toUserDto(session.user) } };
}
