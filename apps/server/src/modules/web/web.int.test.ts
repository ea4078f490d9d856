import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app';

describe('serving the web build (production mode)', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'proxai-web-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>ProxAI</title><div id="root"></div>');
    fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg/>');
    t = await createTestApp({
      env: { NODE_ENV: 'production', PUBLIC_URL: 'https://proxai.example.com', ALLOWED_HOSTS: 'localhost', WEB_DIST: dist },
    });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('answers index.html for any client route', async () => {
    for (const url of ['/', '/dashboard', '/legal/privacy', '/deep/unknown/path?x=1']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('caches hashed assets for a year and other files briefly', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.headers['cache-control']).toBe('public, max-age=300');
  });

  it('has no dev outbox in production (sign-in codes never readable over HTTP)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/dev/outbox' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not_found' });
    expect(t.app.printRoutes()).not.toContain('outbox');
  });

  it('keeps API 404s as JSON and missing assets as 404', async () => {
    const api = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ detail: expect.any(String) });
    expect((await t.app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
  });

  it('sends security headers: CSP limited to our origin, no framing, HSTS in production', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['strict-transport-security']).toContain('max-age=31536000');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    // Router-level errors answer before any hook: they carry the same headers.
    const tooLong = await t.app.inject({ method: 'DELETE', url: `/api/hosts/${'route-param-'.repeat(25)}` });
    expect(tooLong.statusCode).toBe(414);
    expect(tooLong.json()).toMatchObject({ code: 'bad_request' });
    expect(tooLong.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(tooLong.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('GET /metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('counts requests by route pattern and status in Prometheus text format', async () => {
    await t.app.inject({ method: 'GET', url: '/api/health' });
    await t.app.inject({ method: 'GET', url: '/api/nope-secret-123' });
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toMatch(/proxai_http_requests_total\{method="GET",route="\/api\/health",status="200"\} 1/);
    expect(res.body).toContain('proxai_http_request_duration_seconds_bucket{method="GET",route="/api/health",le="+Inf"} 1');
    expect(res.body).toMatch(/process_resident_memory_bytes \d+/);
    expect(res.body).not.toContain('nope-secret-123');
  });
});
