// Who asks and who acted: the principals every feature reads (issue 32 §2–3). A person signed in with a session, or
// an API key acting with its creator's rights narrowed by its own scopes; the actor a change is recorded under.
import type { OrgRole, Permission } from '@proxai/contract/permissions';
import type { events } from '../db/schema';

/** The caller of a request, set by `app.authenticate` (plugins/app/auth.ts). */
export interface AuthUser {
  id: string;
  email: string;
  name: string | null;
  role: 'admin' | 'user';
  /** The organisation this session acts in (null: none, or the person is no longer a member of it). */
  organisationId: string | null;
  /** The role in it; meaningless (readonly) without an organisation. */
  orgRole: OrgRole;
  language: string;
  /** IANA time zone chosen in the profile; null until chosen. */
  timezone: string | null;
  sessionId: string;
  /**
   * Set when an API key asks (modules/api-keys): the fields above are then its creator's (their role today bounds
   * the key), `sessionId` is empty, and the key's own scopes and host/tag scope narrow what it may do and see.
   */
  apiKey?: ApiKeyIdentity;
}

export interface ApiKeyIdentity {
  id: string;
  name: string;
  prefix: string;
  scopes: readonly Permission[];
  /** Only these hosts (null: any). */
  hostIds: readonly string[] | null;
  /** Only guests carrying one of these tags (null: any). */
  tags: readonly string[] | null;
}

/** Who made a change, as a domain event records it (the audit subscriber writes it into the chain). */
export type EventActor = NonNullable<(typeof events.$inferSelect)['actor']>;

/**
 * Who made a change, as events and tasks record it (the audit trail's actor): an API key by its name, a person
 * by their e-mail.
 */
export function actorOfUser(user: AuthUser, ip?: string): EventActor {
  return { ...creatorOf(user), ...(ip ? { ip } : {}) };
}

/** A task's `created_by`: the same actor without the address. */
export function creatorOf(user: AuthUser): { type: 'user' | 'api_key'; id: string; name: string } {
  return user.apiKey
    ? { type: 'api_key', id: user.apiKey.id, name: user.apiKey.name }
    : { type: 'user', id: user.id, name: user.email };
}
