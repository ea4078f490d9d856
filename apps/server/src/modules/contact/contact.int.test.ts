import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { createTestApp, type TestApp } from '../../testing/app';
import { TEST_DATABASE_KINDS } from '../../testing/database';
import { contactMessages } from '../../db/schema';

interface Received {
  to: string[];
  raw: string;
}

/** A real SMTP peer on 127.0.0.1 that keeps what it receives. */
async function startSmtpPeer(): Promise<{ url: string; received: Received[]; close: () => Promise<void> }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, received, close: () => new Promise((r) => server.close(() => r())) };
}

const valid = {
  name: 'Camille Martin',
  email: 'Camille@Example.fr',
  subject: 'demo',
  message: 'Nous avons 3 hôtes Proxmox VE et 80 VM ; pouvez-vous nous faire une démonstration ?',
};

describe.each(TEST_DATABASE_KINDS)('contact on %s', (kind) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
  beforeAll(async () => {
    smtp = await startSmtpPeer();
    t = await createTestApp({
      database: kind,
      env: { RATE_LIMIT_ENABLED: 'false', SMTP_URL: smtp.url, CONTACT_TO: 'team@proxai.test' },
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('stores the message and mails it to CONTACT_TO over SMTP', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/contact', payload: valid });
    expect(res.statusCode).toBe(201);
    const { id } = res.json<{ id: string }>();
    const [row] = await t.database.db.select().from(contactMessages).where(eq(contactMessages.id, id));
    expect(row).toMatchObject({ name: 'Camille Martin', email: 'camille@example.fr', subject: 'demo', message: valid.message });
    expect(row?.mailedAt).toBeInstanceOf(Date);
    const mail = smtp.received.find((m) => m.raw.includes(id));
    expect(mail?.to).toEqual(['team@proxai.test']);
    expect(mail?.raw).toMatch(/reply-to:\s*camille@example\.fr/i);
  });

  it.each([
    [{ ...valid, subject: 'Question générale' }, 'body.subject'],
    [{ ...valid, name: '   ' }, 'body.name'],
    [{ ...valid, name: 'x'.repeat(121) }, 'body.name'],
    [{ ...valid, email: 'nope' }, 'body.email'],
    [{ ...valid, message: 'short' }, 'body.message'],
    [{ ...valid, message: 'x'.repeat(5001) }, 'body.message'],
    [{ name: 'A' }, 'body.email'],
  ])('refuses %j with 400 naming %s', async (payload, path) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/contact', payload });
    expect(res.statusCode).toBe(400);
    const body = res.json<{ detail: string; errors: { path: string }[] }>();
    expect(body.detail).toEqual(expect.any(String));
    expect(body.errors.map((e) => e.path)).toContain(path);
  });
});

describe('contact without SMTP peer reachable, and rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Port 9 (discard) on 127.0.0.1 refuses the connection: the mail fails, the message must still be kept.
    t = await createTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:9', CONTACT_TO: 'team@proxai.test' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('keeps the message when the mail cannot be sent, then answers 429 past 5 per IP', async () => {
    const first = await t.app.inject({ method: 'POST', url: '/api/contact', payload: valid });
    expect(first.statusCode).toBe(201);
    const [row] = await t.database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, first.json<{ id: string }>().id));
    expect(row?.mailedAt).toBeNull();
    const codes: number[] = [];
    for (let i = 0; i < 5; i++)
      codes.push((await t.app.inject({ method: 'POST', url: '/api/contact', payload: valid })).statusCode);
    expect(codes).toEqual([201, 201, 201, 201, 429]);
  });
});
