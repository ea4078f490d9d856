import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ApiError, FieldError, Language } from '@proxai/contract';
import { AppError, type ErrorKey } from '../../errors';
import { FALLBACK_LANGUAGE, lookup } from '../../i18n/catalogue';
import { acceptedLanguage } from '../../i18n/messages';

function validationErrors(error: {
  validation: { instancePath: string; message?: string }[];
  validationContext?: string;
}): FieldError[] {
  return error.validation.map((v) => ({
    path: [error.validationContext, ...v.instancePath.split('/').filter(Boolean)].filter(Boolean).join('.'),
    message: v.message ?? 'invalid value',
  }));
}

/**
 * Maps every error to `{detail, code, errors?}`, the detail in `language` (the request's Accept-Language); 5xx details
 * never leave the server.
 */
export function toApiError(
  error: FastifyError | AppError | Error,
  language: Language = FALLBACK_LANGUAGE,
): { status: number; body: ApiError; report: boolean } {
  const text = (key: ErrorKey, values: Record<string, string | number> = {}) => lookup(language, 'errors', key, values);
  if (error instanceof AppError) {
    return {
      status: error.status,
      body: {
        ...error.fields,
        detail: error.detailIn(language),
        code: error.code,
        ...(error.errors ? { errors: error.errors } : {}),
      },
      report: error.report,
    };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors = validationErrors(error);
    const first = errors[0];
    const detail = !first
      ? text('request.invalid')
      : first.path
        ? text('request.invalidAt', { path: first.path, problem: first.message })
        : text('request.invalidProblem', { problem: first.message });
    return { status: 400, body: { detail, code: 'validation_failed', errors }, report: false };
  }
  if (isResponseSerializationError(error)) {
    return { status: 500, body: { detail: text('request.internal'), code: 'internal' }, report: true };
  }
  const fe = error as FastifyError;
  const status = typeof fe.statusCode === 'number' ? fe.statusCode : 500;
  if (status >= 500) return { status: 500, body: { detail: text('request.internal'), code: 'internal' }, report: true };
  switch (fe.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, body: { detail: text('request.malformedJson'), code: 'invalid_json' }, report: false };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, body: { detail: text('request.tooLarge'), code: 'payload_too_large' }, report: false };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return {
        status: 415,
        body: { detail: text('request.unsupportedMediaType'), code: 'unsupported_media_type' },
        report: false,
      };
    default:
      break;
  }
  if (status === 429) return { status, body: { detail: text('request.rateLimited'), code: 'rate_limited' }, report: false };
  return {
    status,
    body: { detail: fe.message || 'Bad request', code: status === 404 ? 'not_found' : 'bad_request' },
    report: false,
  };
}

async function errorHandlerPlugin(app: FastifyInstance): Promise<void> {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { status, body, report } = toApiError(error, acceptedLanguage(request.headers['accept-language']));
    if (report) request.log.error({ err: error, url: request.url.split('?')[0], method: request.method }, 'request failed');
    else request.log.info({ code: body.code, status }, error instanceof AppError ? error.detail : body.detail);
    if (error instanceof AppError && error.headers) void reply.headers(error.headers);
    return reply.status(status).send(body);
  });
}

export const errorHandler = fp(errorHandlerPlugin, { name: 'error-handler' });
