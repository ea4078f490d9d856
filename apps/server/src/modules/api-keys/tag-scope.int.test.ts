import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateFleet } from '@proxai/pve-sim';
import { guests } from '../../db/schema';
import { TEST_DATABASE_KINDS } from '../../testing/database';
import { trackSecret } from '../../testing/secrets';
import { insertAlerts } from '../alerts/alerts.repository';
import { emitEvent } from '../../events/outbox';
import { openStream } from '../events/events.testing';
import { startHostsTestbed, type HostsTestbed } from '../hosts/hosts-testbed.testing';
import { tokenBody } from '../hosts/hosts.testing';
import { withEmailStepUp } from '../mfa/step-up.testing';

// Issue 31 §5 (second outside review): a key scoped to a Proxmox tag received alert events about guests outside its
// tags on the stream while REST answered 404 for them, and a key that saw 1 of a host's 6 guests renamed and deleted
// the whole host.

const TAG = 'web';

describe.each(TEST_DATABASE_KINDS)('a tag-scoped API key on %s', (kind) => {
  let bed: HostsTestbed | undefined;
  let key: { authorization: string };
  let hostKey: { authorization: string };
  let base: string;
  let tagged: { id: string; name: string };
  let untagged: { id: string; name: string };

  beforeAll(async () => {
    const spec = generateFleet({ nodes: 1, guests: 6, seed: 31, pbs: false });
    const [first] = spec.nodes[0]!.guests.filter((g) => !g.template);
    Object.assign(first!, { tags: [TAG] });
    for (const g of spec.nodes[0]!.guests) if (g !== first) g.tags = [];
    bed = await startHostsTestbed({ spec, taskDurationMs: 50, database: kind, addBody: (n) => tokenBody(n) });
    const { t, owner } = bed;
    const made = async (body: Record<string, unknown>) => {
      const res = await withEmailStepUp(t.app, owner.auth, owner.user.email, {
        method: 'POST',
        url: '/api/api-keys',
        payload: { expires_at: new Date(Date.now() + 86_400_000).toISOString(), ...body },
      });
      expect(res.statusCode, res.body).toBe(201);
      const secret = res.json<{ secret: string }>().secret;
      trackSecret(secret);
      return { authorization: `Bearer ${secret}` };
    };
    const scopes = ['fleet.read', 'guests.operate', 'hosts.manage'];
    key = await made({ name: 'tagged', scopes, tags: [TAG] });
    hostKey = await made({ name: 'whole host', scopes, host_ids: [bed.hostIds[0]] });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const rows = await t.database.db.select({ id: guests.id, name: guests.name, tags: guests.tags }).from(guests);
    tagged = rows.find((g) => g.tags?.includes(TAG))!;
    untagged = rows.find((g) => !g.tags?.includes(TAG))!;
    expect(tagged && untagged).toBeTruthy();
  });
  afterAll(async () => {
    await bed?.close();
  });

  it('cannot rename or remove a host it sees only some guests of; a key given the host can rename it', async () => {
    const { t } = bed!;
    const hostId = bed!.hostIds[0]!;
    // It sees the host (its guest is there)…
    const hosts = await t.app.inject({ method: 'GET', url: '/api/hosts', headers: key });
    expect(hosts.json<{ id: string }[]>().map((h) => h.id)).toEqual([hostId]);
    // …but a change to the host is a change to all six guests.
    for (const [method, payload] of [
      ['PATCH', { name: 'renamed by a tag key' }],
      ['DELETE', undefined],
    ] as const) {
      const res = await t.app.inject({ method, url: `/api/hosts/${hostId}`, headers: key, ...(payload ? { payload } : {}) });
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toMatchObject({ code: 'forbidden', detail: expect.stringMatching(/whole host/) });
    }
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `/api/hosts/${hostId}`,
      headers: hostKey,
      payload: { name: 'renamed by its key' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
  });

  it('hears of alerts about its guests only, as GET /api/alerts answers', async () => {
    const { t, owner } = bed!;
    const db = t.database.db;
    const organisationId = owner.user.organisationId!;
    const hostId = bed!.hostIds[0]!;
    const stream = await openStream(`${base}/api/events`, key);
    try {
      expect(stream.status).toBe(200);
      const alert = (guest: { id: string; name: string }) => ({
        organisationId,
        kind: 'cpu',
        severity: 'warning',
        subjectKind: 'guest',
        subjectId: guest.id,
        subjectName: guest.name,
        hostId,
        summary: `CPU of ${guest.name}`,
        startedAt: new Date(),
      });
      await insertAlerts(db, [alert(untagged), alert(tagged)]);
      const rows = await t.app.inject({ method: 'GET', url: '/api/alerts', headers: owner.auth });
      expect(rows.statusCode, rows.body).toBe(200);
      const ids = new Map(
        rows.json<{ items: { id: string; subject: { id: string } }[] }>().items.map((a) => [a.subject.id, a.id]),
      );
      const ref = (guest: { id: string; name: string }) => ({
        alert_id: ids.get(guest.id)!,
        rule_id: null,
        kind: 'cpu',
        severity: 'warning' as const,
        subject: { kind: 'guest' as const, id: guest.id, name: guest.name },
        host_id: hostId,
        summary: `CPU of ${guest.name}`,
        value: null,
        threshold: null,
      });
      // What the evaluator emits: the untagged guest's alert, then the tagged one's, then a group led by the tagged.
      await emitEvent(db, organisationId, 'alert.triggered', ref(untagged));
      await emitEvent(db, organisationId, 'alert.triggered', ref(tagged));
      const { alert_id, kind: k, severity, subject, summary, value, threshold } = ref(untagged);
      await emitEvent(db, organisationId, 'alert.triggered', {
        ...ref(tagged),
        group: [{ alert_id, kind: k, severity, subject, summary, value, threshold }],
      });
      await stream.waitFor((f) => f.event === 'alert.triggered' && f.data.data.alert_id === ids.get(tagged.id));
      // REST answers the same: the untagged guest's alert is not there for this key.
      const seen = await t.app.inject({ method: 'GET', url: '/api/alerts', headers: key });
      expect(seen.json<{ items: { subject: { id: string } }[] }>().items.map((a) => a.subject.id)).toEqual([tagged.id]);
      await new Promise((r) => setTimeout(r, 1500));
      const alerts = stream.frames.filter((f) => f.event === 'alert.triggered');
      expect(alerts.map((f) => (f.data.data.subject as { id: string }).id)).toEqual([tagged.id]);
      expect(alerts.some((f) => 'group' in f.data.data)).toBe(false);
    } finally {
      await stream.close();
    }
  });
});
