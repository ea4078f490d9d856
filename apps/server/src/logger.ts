import type { LoggerOptions } from 'pino';
import type { Config } from './config/env';

/**
 * Paths whose values are secrets. pino replaces them with "[redacted]" wherever they appear in a log
 * object, so a password, token, code or session id never reaches a log line.
 */
/** An invite link carries its secret in the path (/api/invites/<token>, /invite/<token>): never logged. An id (UUID) is kept. */
const PATH_TOKEN = /^(\/api\/invites\/|\/invite\/)(?![0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?:\/|$))[^/]+/i;

export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-session-id"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.token',
  '*.token_value',
  '*.otp_code',
  '*.access_token',
  '*.session_token',
  '*.secret',
  '*.ticket',
];

export function loggerOptions(config: Pick<Config, 'LOG_LEVEL' | 'isProduction' | 'NODE_ENV'>): LoggerOptions {
  const base: LoggerOptions = {
    level: config.LOG_LEVEL,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: {
      // Only the path: query strings may carry one-time tokens (the e-mailed magic link).
      req: (req: { method: string; url: string; ip?: string }) => ({
        method: req.method,
        url: (req.url.split('?')[0] ?? '/').replace(PATH_TOKEN, '$1[redacted]'),
        ip: req.ip,
      }),
    },
  };
  if (config.isProduction || config.NODE_ENV === 'test') return base;
  return { ...base, transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } };
}
