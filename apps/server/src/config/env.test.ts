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
      SYNC_INTERVAL_SECONDS: 30,
    });
    expect(config.dataDir).toMatch(/data$/);
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('turns the demo off in production unless asked', () => {
    expect(parseConfig({ NODE_ENV: 'production' }).demo).toBe(false);
    expect(parseConfig({ NODE_ENV: 'production', PROXAI_DEMO: '1' }).demo).toBe(true);
    expect(parseConfig({ PROXAI_DEMO: '0' }).demo).toBe(false);
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

  it('treats empty variables as unset', () => {
    const config = parseConfig({ PORT: '', DATABASE_URL: '' });
    expect(config.PORT).toBe(8080);
    expect(config.DATABASE_URL).toBeUndefined();
  });
});
