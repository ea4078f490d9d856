import { and, eq, inArray, ne } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { isLanguage } from '@proxai/contract';
import type { Db } from '../../db/client';
import { memberships, organisations, users } from '../../db/schema';
import { auditArchivedMail } from '../teams/team-mails';
import { type Mailer } from '../../kernel/mailer';

/**
 * Who hears that a trail was archived: the other owners and admins of the organisation, or the other platform
 * administrators for the platform's chain; and the trail's name for the mail.
 */
async function recipients(db: Db, organisationId: string | null, actorId: string) {
  if (!organisationId) {
    const admins = await db
      .select({ email: users.email, language: users.language })
      .from(users)
      .where(and(eq(users.role, 'admin'), ne(users.id, actorId)));
    return { trail: 'ProxAI (platform)', people: admins };
  }
  const [org] = await db.select({ name: organisations.name }).from(organisations).where(eq(organisations.id, organisationId));
  const people = await db
    .select({ email: users.email, language: users.language })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(eq(memberships.organisationId, organisationId), inArray(memberships.role, ['owner', 'admin']), ne(users.id, actorId)),
    );
  return { trail: org?.name ?? organisationId, people };
}

/** Mails each of them, in their language; a mail that cannot be sent is logged and does not undo the archive. */
export async function tellArchived(
  deps: { db: Db; mailer: Mailer; log: FastifyBaseLogger },
  input: { organisationId: string | null; actor: { id: string; email: string }; records: number; before: Date },
): Promise<void> {
  const { trail, people } = await recipients(deps.db, input.organisationId, input.actor.id);
  for (const person of people) {
    const language = isLanguage(person.language) ? person.language : 'en';
    const mail = auditArchivedMail(language, { actor: input.actor.email, records: input.records, before: input.before, trail });
    try {
      await deps.mailer.send({ to: person.email, ...mail });
    } catch (err) {
      deps.log.warn({ err }, 'the mail telling of an audit archive was not sent');
    }
  }
}
