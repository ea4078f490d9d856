import { createHmac } from 'node:crypto';
import http from 'node:http';
import { desc } from 'drizzle-orm';
import pino from 'pino';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { parseConfig, type Config } from '../../config/env';
import type { Database, Db } from '../../db/client';
import { events } from '../../db/schema';
import { emitEvent } from '../../events/outbox';
import type { NotifyDeps } from './delivery';
import { openTestDatabase } from '../../testing/database';
import { buildUser } from '../../testing/factories';
import { giveLicence } from '../hosts/hosts.testing';
import type { Resolver } from '../../net/outbound-policy';
import { type AuthUser } from '../../kernel/principal';

/** Test helpers of the notifications module: a real HTTP receiver on 127.0.0.1, alert events, signature checks. */

export interface Received {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  at: number;
}

export interface Answer {
  status: number;
  headers?: Record<string, string>;
  body?: string;
}

/**
 * A node:http server on 127.0.0.1 that records every request and answers from `script` (one answer per request,
 * in order), then `fallback` (200 by default).
 */
export async function startReceiver() {
  const requests: Received[] = [];
  const script: Answer[] = [];
  const state = { fallback: { status: 200, body: 'ok' } as Answer };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      requests.push({
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      });
      const answer = script.shift() ?? state.fallback;
      res.writeHead(answer.status, answer.headers ?? {});
      res.end(answer.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('receiver has no port');
  return {
    url: (path = '/hook') => `http://127.0.0.1:${address.port}${path}`,
    port: address.port,
    requests,
    script,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type Receiver = Awaited<ReturnType<typeof startReceiver>>;

/** Deps of the module's functions without an app (the injectable-clock tests). */
export function notifyDeps(db: Db, env: Record<string, string> = {}, resolver?: Resolver): NotifyDeps {
  const config: Config = parseConfig(
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: '/tmp/proxai-test-data',
      PROXAI_DEMO: '0',
      NOTIFY_ADDRESS_POLICY: 'any',
      ...env,
    },
    '0.0.0-test',
  );
  return { db, config, log: pino({ level: 'silent' }), resolver };
}

let alertCounter = 0;
/** An alert.* event's data (contract events.ts AlertRef) with overrides. */
export function alertData(over: Record<string, unknown> = {}) {
  alertCounter += 1;
  return {
    alert_id: '00000000-0000-4000-8000-' + String(alertCounter).padStart(12, '0'),
    rule_id: null,
    kind: 'cpu',
    severity: 'warning' as const,
    subject: { kind: 'guest' as const, id: '00000000-0000-4000-8000-aaaaaaaaaaaa', name: 'web-01' },
    host_id: null,
    summary: `CPU of web-01 above 80 % (${alertCounter})`,
    value: 91,
    threshold: 80,
    ...over,
  };
}

type AlertType = 'alert.triggered' | 'alert.resolved' | 'alert.escalated';

/** Emits an alert event into the outbox (as the alerts module does) and answers its row. */
export async function emitAlert(
  db: Db,
  organisationId: string,
  type: AlertType,
  data: ReturnType<typeof alertData>,
  extra: Record<string, unknown> = {},
) {
  await emitEvent(db, organisationId, type, { ...data, ...extra });
  const [row] = await db.select().from(events).orderBy(desc(events.id)).limit(1);
  return row!;
}

/** Checks a Standard Webhooks request with the library's verifier AND an independent HMAC-SHA256 over id.timestamp.body. */
export function expectSigned(req: Received, secret: string): void {
  const headers = {
    'webhook-id': String(req.headers['webhook-id']),
    'webhook-timestamp': String(req.headers['webhook-timestamp']),
    'webhook-signature': String(req.headers['webhook-signature']),
  };
  expect(() => new Webhook(secret).verify(req.body, headers)).not.toThrow();
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key)
    .update(`${headers['webhook-id']}.${headers['webhook-timestamp']}.${req.body}`)
    .digest('base64');
  expect(headers['webhook-signature'].split(' ')).toContain(`v1,${expected}`);
}

/** What a delivery test works with: its database, the delivery deps, a live receiver, and this test's organisation. */
export interface DeliveryBed {
  database: Database;
  deps: NotifyDeps;
  receiver: Receiver;
  ctx: { user: AuthUser; organisationId: string };
}

/**
 * For a describe block: a `kind` database, delivery deps and a real HTTP receiver on 127.0.0.1; before each test a
 * new Pro organisation and its owner (routing then sees only that test's channels) and a receiver answering 200.
 * The answer is filled in as the hooks run.
 */
export function useDeliveryBed(kind: 'pglite' | 'postgres'): DeliveryBed {
  const bed = {} as DeliveryBed;
  beforeAll(async () => {
    bed.database = await openTestDatabase(kind);
    bed.deps = notifyDeps(bed.database.db);
    bed.receiver = await startReceiver();
  });
  afterAll(async () => {
    await bed.receiver.close();
    await bed.database.close();
  });
  beforeEach(async () => {
    const owner = await buildUser(bed.database.db, { orgRole: 'owner' });
    await giveLicence(bed.database.db, owner.user.organisationId!, 'pro');
    bed.ctx = { user: owner.authUser, organisationId: owner.user.organisationId! };
    bed.receiver.requests.length = 0;
    bed.receiver.script.length = 0;
    bed.receiver.state.fallback = { status: 200, body: 'ok' };
  });
  return bed;
}
