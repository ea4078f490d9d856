import type { EventActor } from '../events/events.repository';
import type { AuthUser } from '../sessions/sessions.service';

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
