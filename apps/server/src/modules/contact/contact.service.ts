import type { FastifyBaseLogger } from 'fastify';
import { CONTACT_SUBJECT_LABELS_FR, type ContactRequest } from '@proxai/contract';
import type { Db } from '../../db/client';
import { insertContactMessage, markContactMessageMailed } from './contact.repository';
import { type Mailer } from '../../kernel/mailer';

export interface ContactDeps {
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** The team's address (CONTACT_TO); without it messages are only stored. */
  contactTo: string | undefined;
}

/**
 * Stores the message first (never lost), then mails it to the team. A mail failure is logged and leaves
 * `mailed_at` empty so the message can be found and re-sent; the visitor still gets a success.
 */
export async function submitContactMessage(deps: ContactDeps, input: ContactRequest, ip: string): Promise<string> {
  const id = await insertContactMessage(deps.db, { ...input, ip });
  if (!deps.contactTo) return id;
  const subject = `[Contact] ${CONTACT_SUBJECT_LABELS_FR[input.subject]} — ${input.name}`;
  const text = [
    `Nom : ${input.name}`,
    `E-mail : ${input.email}`,
    `Sujet : ${CONTACT_SUBJECT_LABELS_FR[input.subject]}`,
    `Référence : ${id}`,
    '',
    input.message,
  ].join('\n');
  try {
    await deps.mailer.send({ to: deps.contactTo, subject, text, replyTo: input.email });
    await markContactMessageMailed(deps.db, id, new Date());
  } catch (err) {
    deps.log.error({ err, contactMessageId: id }, 'contact message stored but could not be mailed');
  }
  return id;
}
