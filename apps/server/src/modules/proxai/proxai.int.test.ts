import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateFleet, startFleet, type Fleet } from '@proxai/pve-sim';
import { createTestApp, type TestApp } from '../../testing/app';
import { buildUser } from '../../testing/factories';
import { trackSecret } from '../../testing/secrets';
import { giveLicence, passwordBody } from '../hosts/hosts.testing';
import { withEmailStepUp } from '../mfa/step-up.testing';
import { LOOPBACK_HOSTS } from '../../testing/env';

/** A tiny OpenAI-compatible chat endpoint: answers per `mode`, records what it was asked. */
function startModel() {
  const seen: { auth?: string; body: { model: string; messages: { role: string; content: string }[] } }[] = [];
  let mode: 'ok' | 'error' | 'hang' = 'ok';
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      if (req.url !== '/v1/chat/completions' || req.method !== 'POST') {
        res.writeHead(404).end();
        return;
      }
      seen.push({ auth: req.headers.authorization, body: JSON.parse(raw) as (typeof seen)[number]['body'] });
      if (mode === 'hang') return;
      if (mode === 'error') {
        res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":{"message":"overloaded"}}');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          choices: [{ index: 0, message: { role: 'assistant', content: 'Model says: bring pve1 back online first.' } }],
        }),
      );
    });
  });
  return {
    seen,
    setMode: (m: typeof mode) => (mode = m),
    listen: () =>
      new Promise<string>((r) =>
        server.listen(0, '127.0.0.1', () => r(`http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`)),
      ),
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

describe('ProxAI advice', () => {
  let fleet: Fleet;
  let model: ReturnType<typeof startModel>;
  let rulesApp: TestApp;
  let aiApp: TestApp;
  let owner: Awaited<ReturnType<typeof buildUser>>;
  let aiOwner: Awaited<ReturnType<typeof buildUser>>;

  beforeAll(async () => {
    const spec = generateFleet({ nodes: 2, guests: 12, seed: 9, pbs: false });
    // Every node gets pending updates and a stopped guest (whatever the seed drew), so the rules always have both.
    const updates = spec.nodes.flatMap((n) => n.aptUpdates);
    for (const [i, node] of spec.nodes.entries()) {
      if (node.aptUpdates.length === 0) node.aptUpdates = updates.slice(0, 2 + i);
      if (!node.guests.some((g) => !g.template && g.status === 'stopped')) {
        node.guests.find((g) => !g.template && g.status === 'running')!.status = 'stopped';
      }
    }
    fleet = await startFleet(spec, { taskDurationMs: 30 });
    for (const n of fleet.nodes) trackSecret(n.password);
    model = startModel();
    const modelUrl = await model.listen();
    trackSecret('sk-test-model-key-123');
    rulesApp = await createTestApp({
      jobs: true,
      env: { PVE_TIMEOUT_MS: '1000', RATE_LIMIT_ENABLED: 'false', ...LOOPBACK_HOSTS },
    });
    aiApp = await createTestApp({
      jobs: true,
      env: {
        ...LOOPBACK_HOSTS,
        PVE_TIMEOUT_MS: '1000',
        RATE_LIMIT_ENABLED: 'false',
        AI_BASE_URL: modelUrl,
        AI_API_KEY: 'sk-test-model-key-123',
        AI_MODEL: 'tiny',
        AI_TIMEOUT_MS: '700',
      },
    });
    for (const [t, set] of [
      [rulesApp, (u: typeof owner) => (owner = u)],
      [aiApp, (u: typeof owner) => (aiOwner = u)],
    ] as const) {
      const u = await buildUser(t.database.db, { orgRole: 'owner' });
      set(u);
      await giveLicence(t.database.db, u.user.organisationId!, 'pro');
      for (const n of fleet.nodes) {
        const res = await t.app.inject({ method: 'POST', url: '/api/hosts', payload: passwordBody(n), headers: u.auth });
        if (res.statusCode !== 201) throw new Error(res.body);
      }
    }
  });
  afterAll(async () => {
    await rulesApp?.close();
    await aiApp?.close();
    model?.close();
    await fleet?.close();
  });

  const advice = (t: TestApp, u: Pick<typeof owner, 'auth'>, lang = 'en') =>
    t.app.inject({ method: 'GET', url: '/api/proxai/advice?context=general', headers: { ...u.auth, 'accept-language': lang } });

  it('rules: items come from the real fleet (stopped guests, missing backups, pending updates), ranked, in the asked language', async () => {
    const res = await advice(rulesApp, owner);
    expect(res.statusCode).toBe(200);
    const body = res.json<{ advice: string; items: { severity: string; title: string }[]; source: string }>();
    expect(body.source).toBe('rules');
    const titles = body.items.map((i) => i.title);
    const stopped = fleet.nodes.flatMap((n) =>
      [...fleet.node(n.name).guests.values()].filter((g) => !g.template && g.status === 'stopped'),
    );
    expect(stopped.length).toBeGreaterThanOrEqual(fleet.nodes.length);
    expect(titles).toContain(`${stopped.length} stopped guests`);
    for (const n of fleet.nodes) {
      const updates = fleet.node(n.name).spec.aptUpdates.length;
      expect(updates, n.name).toBeGreaterThan(1);
      expect(titles).toContain(`${updates} package updates pending on Host ${n.name}`);
    }
    const ranks = body.items.map((i) => ['critical', 'warning', 'info'].indexOf(i.severity));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(body.advice.length).toBeGreaterThan(10);
    const fr = (await advice(rulesApp, owner, 'fr')).json<{ advice: string }>();
    expect(fr.advice).not.toBe(body.advice);
    const ja = (await advice(rulesApp, owner, 'ja')).json<{ advice: string; items: { title: string }[] }>();
    expect(ja.advice).toMatch(/ホスト/);
    expect(ja.items.map((i) => i.title)).toHaveLength(body.items.length);
    for (const item of ja.items) expect(item.title).toMatch(/[\u3040-\u30ff]/);
  });

  it('rules: an offline host becomes the first, critical item', async () => {
    const n = fleet.nodes[0]!;
    const hosts = (await rulesApp.app.inject({ method: 'GET', url: '/api/hosts', headers: owner.auth })).json<
      { id: string; pve_node: string }[]
    >();
    await fleet.setFault(n.name, { kind: 'refuse' });
    await rulesApp.app.inject({
      method: 'POST',
      url: `/api/hosts/${hosts.find((h) => h.pve_node === n.name)!.id}/sync`,
      headers: owner.auth,
    });
    await fleet.setFault(n.name, null);
    const body = (await advice(rulesApp, owner)).json<{ items: { severity: string; title: string; detail: string }[] }>();
    expect(body.items[0]).toMatchObject({ severity: 'critical', title: `Host Host ${n.name} is offline` });
    expect(body.items[0]!.detail).toMatch(/^Cannot reach a Proxmox VE API at /);
  });

  it('with AI_BASE_URL the model writes the text from the same facts', async () => {
    model.setMode('ok');
    const res = await advice(aiApp, aiOwner, 'de');
    const body = res.json<{ advice: string; source: string; items: unknown[] }>();
    expect(body).toMatchObject({ source: 'ai', advice: 'Model says: bring pve1 back online first.' });
    expect(body.items.length).toBeGreaterThan(0);
    const call = model.seen.at(-1)!;
    expect(call.auth).toBe('Bearer sk-test-model-key-123');
    expect(call.body.model).toBe('tiny');
    expect(call.body.messages[0]!.content).toContain('German');
    expect(call.body.messages[1]!.content).toContain('"findings"');
    expect(call.body.messages[1]!.content).not.toContain(fleet.nodes[0]!.password);
  });

  it('falls back to the rules when the model fails or times out', async () => {
    model.setMode('error');
    expect((await advice(aiApp, aiOwner)).json()).toMatchObject({ source: 'rules' });
    model.setMode('hang');
    const started = Date.now();
    const res = await advice(aiApp, aiOwner);
    expect(res.json()).toMatchObject({ source: 'rules' });
    expect(Date.now() - started).toBeLessThan(3000);
    expect(JSON.stringify(aiApp.logs)).not.toContain('sk-test-model-key-123');
  });

  it('a key limited to one host gets advice on its hosts and guests alone, from the model too', async () => {
    const [other, mine] = fleet.nodes as [(typeof fleet.nodes)[number], (typeof fleet.nodes)[number]];
    const keyFor = async (t: TestApp, u: typeof owner) => {
      const hosts = (await t.app.inject({ method: 'GET', url: '/api/hosts', headers: u.auth })).json<
        { id: string; pve_node: string }[]
      >();
      const res = await withEmailStepUp(t.app, u.auth, u.user.email, {
        method: 'POST',
        url: '/api/api-keys',
        payload: {
          name: 'one host',
          scopes: ['fleet.read'],
          host_ids: [hosts.find((h) => h.pve_node === mine.name)!.id],
          expires_at: new Date(Date.now() + 86_400_000).toISOString(),
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      const { secret } = res.json<{ secret: string }>();
      trackSecret(secret);
      return { auth: { authorization: `Bearer ${secret}` } };
    };
    const key = await keyFor(rulesApp, owner);
    const res = await advice(rulesApp, key);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ advice: string; items: { title: string; detail: string }[] }>();
    const text = JSON.stringify(body);
    expect(text).toContain(`Host ${mine.name}`);
    expect(text).not.toContain(`Host ${other.name}`);
    const titles = body.items.map((i) => i.title);
    expect(titles).toContain(`${fleet.node(mine.name).spec.aptUpdates.length} package updates pending on Host ${mine.name}`);
    // The stopped guests it is told about are its host's.
    const stoppedHere = [...fleet.node(mine.name).guests.values()].filter((g) => !g.template && g.status === 'stopped');
    const stoppedTitle = titles.find((title) => /^\d+ stopped guests?$/.test(title));
    expect(stoppedTitle && Number.parseInt(stoppedTitle, 10)).toBe(stoppedHere.length);

    // The model is given the same narrowed facts.
    model.setMode('ok');
    const aiKey = await keyFor(aiApp, aiOwner);
    expect((await advice(aiApp, aiKey)).json()).toMatchObject({ source: 'ai' });
    const prompt = model.seen
      .at(-1)!
      .body.messages.map((m) => m.content)
      .join('\n');
    expect(prompt).toContain(`Host ${mine.name}`);
    expect(prompt).not.toContain(`Host ${other.name}`);
  });

  it('needs a session and rejects a malformed context', async () => {
    expect((await rulesApp.app.inject({ method: 'GET', url: '/api/proxai/advice' })).statusCode).toBe(401);
    expect(
      (await rulesApp.app.inject({ method: 'GET', url: '/api/proxai/advice?context=%3Cscript%3E', headers: owner.auth }))
        .statusCode,
    ).toBe(400);
  });
});
