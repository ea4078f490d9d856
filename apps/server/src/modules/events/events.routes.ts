import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorSchema, EventTicketSchema } from '@proxai/contract';
import { AppError, errorText, unauthenticated } from '../../errors';
import { newOpaqueToken, sha256Hex } from '../auth/codes';
import { authenticateApiKey } from '../api-keys/api-keys.service';
import { authenticateSessionId } from '../sessions/sessions.service';
import { eventFilterOf } from '../api-keys/scoped-lists';
import { authorize } from '../../access/authorize';
import { EventHub } from './event-hub';
import { lastEventId, orgEventsAfter, type EventRow } from '../../events/outbox';
import { type AuthUser } from '../../kernel/principal';
import { currentOrg, currentUser } from '../../kernel/request-context';
import { insertTicket, useTicket } from './tickets.repository';

const TICKET_TTL_MS = 60_000;
/** A comment line every so often keeps proxies from closing an idle stream and tells the client it is alive. */
const HEARTBEAT_MS = 15_000;
/** A resumed stream sends at most this many missed events, then the client reloads what it shows. */
const CATCH_UP_MAX = 1000;
/** Events that may end someone's right to read the stream: each stream checks its principal again before sending. */
const RIGHTS_EVENTS = new Set(['member.removed', 'member.role_changed', 'api_key.revoked']);

declare module 'fastify' {
  interface FastifyInstance {
    eventHub: EventHub;
  }
}

const bearerOf = (request: FastifyRequest) => /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];

const frame = (row: EventRow) =>
  `id: ${row.id}\nevent: ${row.type}\ndata: ${JSON.stringify({ id: String(row.id), type: row.type, at: row.at.toISOString(), data: row.data })}\n\n`;

/**
 * GET /api/events: the organisation's domain events as Server-Sent Events (one stream per tab carries every
 * topic). Authenticated by the Bearer header, the session cookie, or `?ticket=` from POST /api/events/ticket,
 * since a browser's EventSource cannot send headers. `Last-Event-ID` (or `?last_event_id=`) resumes after an
 * event; a comment line every 15 s keeps the connection alive.
 */
export const eventsRoutes: FastifyPluginAsyncZod = async (app) => {
  const hub = new EventHub(app.db);
  app.decorate('eventHub', hub);
  /** Open streams, ended before the server closes (it would otherwise wait for them). */
  const streams = new Set<() => void>();
  app.addHook('onReady', () => hub.start());
  app.addHook('preClose', async () => {
    for (const end of [...streams]) end();
  });
  app.addHook('onClose', () => hub.stop());

  app.post(
    '/events/ticket',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['events'],
        summary: 'A single-use ticket (60 s) to open the event stream from a browser (EventSource sends no headers)',
        response: { 200: EventTicketSchema, 401: ErrorSchema, 403: ErrorSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      currentOrg(user);
      const ticket = newOpaqueToken();
      const expiresAt = new Date(Date.now() + TICKET_TTL_MS);
      await insertTicket(app.db, { ticketHash: sha256Hex(ticket), sessionId: user.sessionId, expiresAt });
      return { ticket, expires_at: expiresAt.toISOString() };
    },
  );

  /**
   * Whether the stream's principal still may read it, as a new request would be judged: the session alive and still
   * acting in the organisation with the same role, or the key not revoked or expired, its creator still a member
   * with the same role and `fleet.read` still in its scopes. Any change ends the stream; the client opens a new
   * one with what it holds now.
   */
  const stillAllowed = async (user: AuthUser, keySecret: string | undefined, ip: string): Promise<boolean> => {
    const now = user.apiKey
      ? keySecret
        ? await authenticateApiKey(app.db, keySecret, { ip })
        : null
      : await authenticateSessionId(app.db, user.sessionId);
    if (!now || !('id' in now)) return false;
    if (now.organisationId !== user.organisationId || now.orgRole !== user.orgRole) return false;
    return !now.apiKey || now.apiKey.scopes.includes('fleet.read');
  };

  const streamUser = async (request: FastifyRequest, reply: FastifyReply, ticket: string | undefined): Promise<AuthUser> => {
    if (ticket) {
      const sessionId =
        ticket.length >= 20 && ticket.length <= 200 ? await useTicket(app.db, sha256Hex(ticket), new Date()) : undefined;
      const user = sessionId ? await authenticateSessionId(app.db, sessionId) : null;
      if (!user) throw unauthenticated(errorText('access.invalidEventTicket'));
      return user;
    }
    await app.authenticate(request);
    const user = currentUser(request);
    // An API key reads the stream with fleet.read in its scopes (narrowed to its hosts and tags below).
    if (user.apiKey) {
      authorize(user, 'fleet.read');
      await app.apiKeyGate(request, reply, 'GET /api/events');
    }
    return user;
  };

  app.get(
    '/events',
    {
      schema: {
        tags: ['events'],
        summary: "The organisation's domain events as Server-Sent Events (text/event-stream)",
        querystring: z.object({
          ticket: z.string().max(200).optional(),
          last_event_id: z.coerce.number().int().min(0).optional(),
        }),
        response: { 401: ErrorSchema, 403: ErrorSchema },
      },
    },
    async (request, reply) => {
      const user = await streamUser(request, reply, request.query.ticket);
      const organisationId = currentOrg(user);
      const header = request.headers['last-event-id'];
      if (header !== undefined && !/^\d{1,15}$/.test(String(header)))
        throw new AppError('bad_request', errorText('request.invalidLastEventId'));
      const resumeAfter = header !== undefined ? Number(header) : request.query.last_event_id;
      await hub.start();
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-content-type-options': 'nosniff',
        'x-accel-buffering': 'no',
      });
      res.write('retry: 3000\n\n');
      // Events that arrive while the catch-up is read wait, so the client sees them in order and once.
      const queued: EventRow[] = [];
      const caughtUp = new Set<number>();
      let live = false;
      const keySecret = user.apiKey ? bearerOf(request) : undefined;
      // A key limited to some hosts or tags gets only the events about what it sees, still in order.
      const keep = eventFilterOf(app.db, user);
      // Events go out one after another: a check of the principal (or of a key's scope) holds the ones after it.
      let queue = Promise.resolve();
      let ended = false;
      const check = () => {
        queue = queue.then(async () => {
          if (!ended && !(await stillAllowed(user, keySecret, request.ip).catch(() => false))) end();
        });
      };
      const send = (row: EventRow) => {
        if (caughtUp.has(row.id)) return;
        if (RIGHTS_EVENTS.has(row.type)) check();
        queue = queue.then(async () => {
          if (ended) return;
          if (keep && !(await keep(row).catch(() => false))) return;
          if (!res.writableEnded) res.write(frame(row));
        });
      };
      // A new stream starts after the newest event that exists now: the hub may hand it events of the last
      // seconds (its look-back for late commits), which happened before this stream was opened.
      const after = resumeAfter ?? (await lastEventId(app.db));
      const unsubscribe = hub.subscribe(organisationId, (row) => {
        if (row.id <= after) return;
        if (live) send(row);
        else queued.push(row);
      });
      if (resumeAfter !== undefined) {
        for (const row of await orgEventsAfter(app.db, organisationId, resumeAfter, CATCH_UP_MAX)) {
          send(row);
          caughtUp.add(row.id);
        }
      }
      live = true;
      for (const row of queued.sort((a, b) => a.id - b.id)) send(row);
      // Each heartbeat checks the principal again (a revocation elsewhere shows within 15 s); this replica's logout,
      // role change or removal evicts the session from its cache, which checks at once.
      const heartbeat = setInterval(() => {
        check();
        queue = queue.then(() => {
          if (!ended) res.write(': ping\n\n');
        });
      }, HEARTBEAT_MS);
      const stopHearing = app.sessionCache.onEvict((who) => {
        if (who.sessionId === user.sessionId || who.userId === user.id) check();
      });
      function end() {
        if (ended) return;
        ended = true;
        clearInterval(heartbeat);
        stopHearing();
        unsubscribe();
        streams.delete(end);
        if (!res.writableEnded) res.end();
      }
      streams.add(end);
      request.raw.on('close', end);
    },
  );
};
