import type { FastifyBaseLogger } from 'fastify';
import { isLanguage, type DeliveryEventType, type NotificationChannelType, type NotificationSeverity } from '@proxai/contract';
import type { Config } from '../../config/env';
import { FALLBACK_LANGUAGE } from '../../i18n/messages';
import type { Db } from '../../db/client';
import type { Resolver } from '../../net/outbound-policy';
import { secretBoxFor, type SecretBox } from '../pve/secret-box';
import { render, type Message, type OpenChannel } from './formatters';
import {
  claimDue,
  findChannelById,
  findDeliveryById,
  updateDelivery,
  userContact,
  type ChannelRow,
  type DeliveryRow,
  type DeliveryValues,
} from './notifications.repository';
import { postOutbound, retryAfterMs } from './outbound-http';
import { featureOf, planView } from './plan-gate';
import { type Mailer } from '../../kernel/mailer';

/**
 * Delivery of one message to one recipient (DESIGN.md §13): an attempt, then either delivered, a retry with
 * exponential backoff (honouring Retry-After) until 24 h after the first send, or a dead letter at once for an
 * answer that will not change (4xx other than 408/429, a refused address, a redirect). A receiver's bad answer is
 * recorded on the delivery, never thrown.
 */

export interface NotifyDeps {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  /** Tests: a resolver for the address policy (default: the system's). */
  resolver?: Resolver;
}

export const RETRY_WINDOW_MS = 24 * 3600_000;
/** The job lease: an attempt not finished by then is handed out again. */
export const CLAIM_LEASE_MS = 2 * 60_000;
const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_MS = 3600_000;
const TIMEOUT_MS = 10_000;

/** The app's mailer, registered by the routes plugin so background jobs send through the same one. */
const mailers = new WeakMap<Config, Mailer>();
export const registerMailer = (config: Config, mailer: Mailer) => mailers.set(config, mailer);

/** Backoff after the `attempts`-th failed attempt: 30 s, 1 min, 2 min, … capped at an hour. */
export const backoffMs = (attempts: number): number => Math.min(FIRST_RETRY_MS * 2 ** Math.max(attempts - 1, 0), MAX_RETRY_MS);

export function openChannel(row: ChannelRow, box: SecretBox, now: Date): OpenChannel {
  const secrets = [
    row.secretSealed,
    row.previousSecretExpiresAt && row.previousSecretExpiresAt > now ? row.previousSecretSealed : null,
  ]
    .filter((s): s is string => Boolean(s))
    .map((s) => box.open(s));
  return {
    type: row.type as NotificationChannelType,
    url: row.urlSealed ? box.open(row.urlSealed) : null,
    address: row.address,
    token: row.tokenSealed ? box.open(row.tokenSealed) : null,
    secrets,
    language: isLanguage(row.language) ? row.language : FALLBACK_LANGUAGE,
  };
}

export const messageOf = (row: DeliveryRow): Message => ({
  eventType: row.eventType as DeliveryEventType,
  messageId: row.messageId,
  severity: row.severity as NotificationSeverity | null,
  summary: row.summary,
  payload: row.payload,
  occurredAt: row.occurredAt,
});

type Outcome =
  | { ok: true; statusCode: number | null }
  | { ok: false; permanent: boolean; statusCode: number | null; error: string; retryAfterMs?: number | null };

/** What an answer means for the delivery. */
export function classifyAnswer(status: number, retryAfter: string | null, body: string, now: Date): Outcome {
  if (status >= 200 && status < 300) return { ok: true, statusCode: status };
  const hint = body.trim().slice(0, 200);
  const error = `HTTP ${status}${hint ? `: ${hint}` : ''}`;
  if (status >= 300 && status < 400)
    return { ok: false, permanent: true, statusCode: status, error: `${error} (redirects are not followed)` };
  const retryable = status === 408 || status === 429 || status >= 500;
  return { ok: false, permanent: !retryable, statusCode: status, error, retryAfterMs: retryAfterMs(retryAfter, now) };
}

/** Where a delivery goes: its channel (a personal e-mail channel: the owner's account address), or a person's e-mail. */
async function recipientOf(
  deps: NotifyDeps,
  row: DeliveryRow,
  channelRow: ChannelRow | undefined,
  now: Date,
): Promise<OpenChannel | string> {
  if (row.channelId) {
    if (!channelRow) return 'the channel was deleted';
    const open = openChannel(channelRow, secretBoxFor(deps.config, deps.log), now);
    if (channelRow.type !== 'email' || !channelRow.userId) return open;
    const contact = await userContact(deps.db, channelRow.userId);
    return contact ? { ...open, address: contact.email } : 'the person no longer exists';
  }
  const contact = row.userId ? await userContact(deps.db, row.userId) : undefined;
  if (!contact) return 'the person no longer exists';
  return { type: 'email', url: null, address: contact.email, token: null, secrets: [], language: contact.language };
}

async function attempt(deps: NotifyDeps, row: DeliveryRow, channelRow: ChannelRow | undefined, now: Date): Promise<Outcome> {
  const channel = await recipientOf(deps, row, channelRow, now);
  if (typeof channel === 'string') return { ok: false, permanent: true, statusCode: null, error: channel };
  const rendered = render(channel, messageOf(row), now);
  if (rendered.kind === 'email') {
    const mailer = mailers.get(deps.config);
    if (!mailer) return { ok: false, permanent: false, statusCode: null, error: 'the mailer is not started' };
    try {
      await mailer.send({ to: rendered.to, subject: rendered.subject, text: rendered.text });
      return { ok: true, statusCode: null };
    } catch (err) {
      const code = (err as { responseCode?: number }).responseCode;
      const message = err instanceof Error ? err.message : String(err);
      // SMTP 5xx is a permanent refusal (unknown mailbox); anything else (4xx, connection) may pass later.
      return {
        ok: false,
        permanent: typeof code === 'number' && code >= 500,
        statusCode: code ?? null,
        error: `SMTP: ${message}`,
      };
    }
  }
  const result = await postOutbound(rendered.request, {
    policy: deps.config.NOTIFY_ADDRESS_POLICY,
    timeoutMs: TIMEOUT_MS,
    resolver: deps.resolver,
  });
  if (result.kind === 'refused') return { ok: false, permanent: true, statusCode: null, error: `refused: ${result.reason}` };
  if (result.kind === 'failed') return { ok: false, permanent: false, statusCode: null, error: result.reason };
  return classifyAnswer(result.status, result.retryAfter, result.body, now);
}

/** The delivery's state after an attempt made at `now`. */
export function afterAttempt(row: DeliveryRow, outcome: Outcome, now: Date): Partial<DeliveryValues> {
  const attempts = row.attempts + 1;
  // The 24 h count from the first attempt (or the last replay).
  const retryUntil = row.retryUntil ?? new Date(now.getTime() + RETRY_WINDOW_MS);
  const base = { attempts, claimedAt: null, lastStatusCode: outcome.statusCode, retryUntil };
  if (outcome.ok) return { ...base, status: 'delivered', deliveredAt: now, nextAttemptAt: null, lastError: null };
  if (outcome.permanent || now >= retryUntil) {
    const error = outcome.permanent ? outcome.error : `${outcome.error} (gave up after 24 h of retries)`;
    return { ...base, status: 'dead', nextAttemptAt: null, lastError: error };
  }
  const delay = outcome.retryAfterMs ?? backoffMs(attempts);
  // The last retry happens at the end of the 24 h, not past it.
  const next = new Date(Math.min(now.getTime() + Math.max(delay, 1000), retryUntil.getTime()));
  return { ...base, status: 'retrying', nextAttemptAt: next, lastError: outcome.error };
}

/**
 * One attempt of a pending or retrying delivery at `now` (the injectable clock); answers the updated row. A channel
 * the organisation's plan pauses is not called: the message is skipped, with the reason (plan-gate.ts).
 */
export async function attemptDelivery(deps: NotifyDeps, id: string, now = new Date()): Promise<DeliveryRow | undefined> {
  const row = await findDeliveryById(deps.db, id);
  if (!row || (row.status !== 'pending' && row.status !== 'retrying')) return row;
  const channelRow = row.channelId ? await findChannelById(deps.db, row.channelId) : undefined;
  const skipped =
    channelRow && featureOf(channelRow.type) ? (await planView(deps.db, row.organisationId)).skipReason(channelRow.type) : null;
  if (skipped)
    return updateDelivery(deps.db, id, { status: 'skipped', nextAttemptAt: null, claimedAt: null, lastError: skipped });
  let outcome: Outcome;
  try {
    outcome = await attempt(deps, row, channelRow, now);
  } catch (err) {
    // Our own fault (a secret that no longer opens, a malformed row): recorded, retried, and logged.
    deps.log.error({ err, delivery: id }, 'notification attempt failed');
    outcome = { ok: false, permanent: false, statusCode: null, error: 'internal error while sending' };
  }
  const updated = await updateDelivery(deps.db, id, afterAttempt(row, outcome, now));
  if (updated.status === 'dead') deps.log.warn({ delivery: id, error: updated.lastError }, 'notification dead-lettered');
  return updated;
}

/** Leases the deliveries due at `now` and hands each to a job (`send`); answers how many. */
export async function pumpDeliveries(
  deps: Pick<NotifyDeps, 'db'>,
  send: (deliveryId: string) => Promise<unknown>,
  now = new Date(),
): Promise<number> {
  const ids = await claimDue(deps.db, now, CLAIM_LEASE_MS, 100);
  for (const id of ids) await send(id);
  return ids.length;
}

/** A dead letter (or any finished delivery) queued again now, with a fresh 24 h of retries. */
export const replayValues = (now: Date): Partial<DeliveryValues> => ({
  status: 'pending',
  nextAttemptAt: now,
  retryUntil: new Date(now.getTime() + RETRY_WINDOW_MS),
  claimedAt: null,
});
