import { z } from 'zod';
import { LANGUAGES } from './languages';

/** One problem in a request, as listed in the `errors` field of an error answer. */
export const FieldErrorSchema = z.object({
  path: z.string().meta({ description: 'Dotted path of the offending field, e.g. `body.email`' }),
  message: z.string(),
});
export type FieldError = z.infer<typeof FieldErrorSchema>;

/** Every error answer of the API: a human `detail`, a stable `code`, and per-field `errors` on validation failures. */
export const ErrorSchema = z
  .object({
    detail: z.string().meta({ description: 'Human-readable message, shown as is by the web app' }),
    code: z.string().meta({ description: 'Stable snake_case error code' }),
    errors: z.array(FieldErrorSchema).optional(),
    /** With `plan_required`: the cheapest plan that opens the feature. */
    plan: z.enum(['free', 'essential', 'pro', 'enterprise']).optional(),
  })
  // A code may document more fields (step_up_required: challenge, methods, webauthn).
  .loose()
  .meta({
    id: 'Error',
    examples: [
      { detail: 'Host not found', code: 'not_found' },
      {
        detail: 'Invalid request',
        code: 'validation_failed',
        errors: [{ path: 'body.pve_url', message: 'Invalid URL' }],
      },
    ],
  });
export type ApiError = z.infer<typeof ErrorSchema>;

/** A plain `{message}` answer, used by actions that only report what happened. */
export const MessageSchema = z.object({ message: z.string() }).meta({ id: 'Message' });
export type Message = z.infer<typeof MessageSchema>;

export const UuidSchema = z.uuid();

export const LanguageSchema = z.enum(LANGUAGES);

/** E-mail addresses are trimmed and compared case-insensitively everywhere. */
export const EmailSchema = z
  .string()
  .trim()
  .max(254)
  .pipe(z.email())
  .transform((s) => s.toLowerCase());
