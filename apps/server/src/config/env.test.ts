import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './env';

describe('parseConfig', () => {
  it('applies the documented defaults', () => {
    const config = parseConfig({});
    expect(config).toMatchObject({
      PORT: 8080,
      NODE_ENV: 'development',
      isProduction: false,
      demo: true,
      SYNC_INTERVAL_SECONDS: 20,
      HOST: '127.0.0.1',
      TRUST_PROXY: false,
      HOST_ADDRESS_POLICY: 'private',
      PVE_MAX_RESPONSE_BYTES: 16 * 1024 * 1024,
    });
    expect(config.dataDir).toMatch(/data$/);
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('turns the demo off in production unless asked', () => {
    const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://proxai.example.com' };
    expect(parseConfig(production).demo).toBe(false);
    expect(parseConfig({ ...production, PROXAI_DEMO: '1' }).demo).toBe(true);
    expect(parseConfig({ PROXAI_DEMO: '0' }).demo).toBe(false);
  });

  it('listens on loopback only outside production unless HOST says otherwise', () => {
    expect(parseConfig({}).HOST).toBe('127.0.0.1');
    expect(parseConfig({ HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
    expect(parseConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://proxai.example.com' }).HOST).toBe('0.0.0.0');
  });

  it('takes TRUST_PROXY as a hop count or a list of proxy addresses, and refuses true', () => {
    expect(parseConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(parseConfig({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
    expect(parseConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(parseConfig({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16,fd00::/8' }).TRUST_PROXY).toEqual([
      '10.0.0.5',
      '10.1.0.0/16',
      'fd00::/8',
    ]);
    expect(() => parseConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: 'true' would believe any X-Forwarded-For/);
    expect(() => parseConfig({ TRUST_PROXY: '10.0.0.5,proxy.lan' })).toThrow(/TRUST_PROXY: .*proxy\.lan/);
    expect(() => parseConfig({ TRUST_PROXY: '11' })).toThrow(/TRUST_PROXY: a hop count/);
  });

  it('takes the outbound address policy from HOST_ADDRESS_POLICY', () => {
    expect(parseConfig({ HOST_ADDRESS_POLICY: 'public' }).HOST_ADDRESS_POLICY).toBe('public');
    expect(parseConfig({ HOST_ADDRESS_POLICY: 'any' }).HOST_ADDRESS_POLICY).toBe('any');
    expect(() => parseConfig({ HOST_ADDRESS_POLICY: 'none' })).toThrow(/HOST_ADDRESS_POLICY/);
  });

  it('lists every bad variable at once', () => {
    try {
      parseConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SMTP_URL: 'http://mail', PROXAI_ADMIN_EMAIL: 'a@b.co' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const problems = (err as ConfigError).problems.join('\n');
      expect(problems).toMatch(/^PORT: /m);
      expect(problems).toMatch(/^DATABASE_URL: must be a postgres/m);
      expect(problems).toMatch(/^SMTP_URL: /m);
      expect(problems).toMatch(/^PROXAI_ADMIN_PASSWORD: required/m);
    }
  });

  it('requires PUBLIC_URL in production, where a Host header must not choose where sign-in links point', () => {
    expect(() => parseConfig({ NODE_ENV: 'production' })).toThrow(/PUBLIC_URL: required in production/);
    expect(parseConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://proxai.example.com' }).isProduction).toBe(true);
    expect(() => parseConfig({ PUBLIC_URL: 'ftp://proxai.example.com' })).toThrow(/PUBLIC_URL/);
  });

  it('refuses a PROXAI_SECRET_KEY that is not 32 bytes of hex or base64 at start, not at the first host', () => {
    expect(() => parseConfig({ PROXAI_SECRET_KEY: 'x'.repeat(40) })).toThrow(/PROXAI_SECRET_KEY: must be 32 bytes/);
    expect(() => parseConfig({ PROXAI_SECRET_KEY: 'ab'.repeat(31) })).toThrow(/PROXAI_SECRET_KEY/);
    expect(parseConfig({ PROXAI_SECRET_KEY: 'ab'.repeat(32) }).PROXAI_SECRET_KEY).toBe('ab'.repeat(32));
    expect(parseConfig({ PROXAI_SECRET_KEY: Buffer.alloc(32, 7).toString('base64') }).PROXAI_SECRET_KEY).toBeDefined();
  });

  it('treats empty variables as unset', () => {
    const config = parseConfig({ PORT: '', DATABASE_URL: '' });
    expect(config.PORT).toBe(8080);
    expect(config.DATABASE_URL).toBeUndefined();
  });
});
