// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { CHROME_LINUX, SAFARI_IPHONE } from './testing/build-security';
import { describeUserAgent } from './user-agent';

describe('describeUserAgent', () => {
  it.each([
    [CHROME_LINUX, 'Chrome', 'Linux'],
    [SAFARI_IPHONE, 'Safari', 'iOS'],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      'Edge',
      'Windows',
    ],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14.7; rv:133.0) Gecko/20100101 Firefox/133.0', 'Firefox', 'macOS'],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      'Chrome',
      'Android',
    ],
    ['curl/8.5.0', null, null],
  ])('%s → %s on %s', (ua, browser, system) => {
    expect(describeUserAgent(ua)).toEqual({ browser, system });
  });

  it('knows nothing without a User-Agent', () => {
    expect(describeUserAgent(null)).toEqual({ browser: null, system: null });
  });
});
