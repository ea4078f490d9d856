import { z } from 'zod';
import { EmailSchema, LanguageSchema } from './common';

// Schemas of the sign-in routes (SPEC.md §7, DESIGN.md §6). Field names are the ones the web client reads.

/** The user as every sign-in answer and `GET /auth/me` return it. */
export const AuthUserSchema = z
  .object({
    id: z.uuid(),
    email: z.string(),
    name: z.string().nullable(),
    role: z.enum(['admin', 'user']),
    organisation_id: z.uuid().nullable(),
    org_role: z.enum(['owner', 'admin', 'operator', 'readonly']),
    /** The person's IANA time zone (schedules show their next runs in it); null until they choose one. */
    timezone: z.string().nullable(),
  })
  .meta({ id: 'AuthUser' });
export type AuthUser = z.infer<typeof AuthUserSchema>;

/** PATCH /auth/me: the person's own settings; a time zone is an IANA name ('Europe/Paris'), null forgets it. */
export const ProfilePatchSchema = z
  .object({ timezone: z.string().trim().min(1).max(64).nullable() })
  .meta({ id: 'ProfilePatch' });
export type ProfilePatch = z.infer<typeof ProfilePatchSchema>;

export const MagicLinkRequestSchema = z.object({
  email: EmailSchema,
  language: LanguageSchema.default('fr'),
});
export type MagicLinkRequest = z.input<typeof MagicLinkRequestSchema>;

export const MagicLinkResponseSchema = z.object({ message: z.string() });

/** The web form keeps the code to 6 characters; the server accepts only 6 digits. */
export const OtpCodeSchema = z
  .string()
  .trim()
  .max(6, 'at most 6 characters')
  .regex(/^\d{6}$/, 'must be 6 digits');

/**
 * Sent with a sign-in that would replace a different signed-in account in this browser, once the person has
 * confirmed it (the first try answers 409 `account_switch_required` and consumes nothing).
 */
export const ConfirmSwitchSchema = z
  .boolean()
  .optional()
  .meta({ description: 'True once the person confirmed replacing the account signed in in this browser' });

export const VerifyOtpRequestSchema = z.object({
  email: EmailSchema,
  otp_code: OtpCodeSchema,
  confirm_switch: ConfirmSwitchSchema,
});
export type VerifyOtpRequest = z.input<typeof VerifyOtpRequestSchema>;

export const AdminLoginRequestSchema = z.object({
  email: EmailSchema,
  password: z.string().min(1, 'required').max(1024),
});
export type AdminLoginRequest = z.input<typeof AdminLoginRequestSchema>;

export const AccessTokenResponseSchema = z.object({ access_token: z.string(), user: AuthUserSchema });
export type AccessTokenResponse = z.infer<typeof AccessTokenResponseSchema>;

export const OAuthSessionResponseSchema = z.object({ session_token: z.string(), user: AuthUserSchema });
export type OAuthSessionResponse = z.infer<typeof OAuthSessionResponseSchema>;

export const MagicQuerySchema = z.object({ token: z.string().max(200).optional() });

/** POST /auth/magic: the token of the e-mailed link `/auth#magic=<token>`, posted by the /auth page. */
export const MagicSignInRequestSchema = z
  .object({ token: z.string().min(1).max(200), confirm_switch: ConfirmSwitchSchema })
  .meta({ id: 'MagicSignInRequest' });
export type MagicSignInRequest = z.input<typeof MagicSignInRequestSchema>;

/** POST /auth/oauth/session: an optional body; `confirm_switch` after a 409 `account_switch_required`. */
export const OAuthSessionRequestSchema = z.object({ confirm_switch: ConfirmSwitchSchema }).meta({ id: 'OAuthSessionRequest' });

/**
 * 409 `account_switch_required`: completing this sign-in would replace the account signed in in this browser.
 * Nothing was consumed; repeat the call with `confirm_switch: true` once the person has confirmed.
 */
export const AccountSwitchErrorSchema = z
  .object({
    detail: z.string(),
    code: z.literal('account_switch_required'),
    current_email: z.string(),
    new_email: z.string(),
  })
  .meta({ id: 'AccountSwitchError' });
export type AccountSwitchError = z.infer<typeof AccountSwitchErrorSchema>;

export const OidcCallbackQuerySchema = z
  .object({
    code: z.string().max(4096).optional(),
    state: z.string().max(512).optional(),
    error: z.string().max(512).optional(),
    error_description: z.string().max(2048).optional(),
    iss: z.string().max(2048).optional(),
  })
  .loose();

/** Which sign-in methods this portal offers, so the page never shows a button that leads nowhere. */
export const AuthProvidersSchema = z
  .object({
    oidc: z.object({ enabled: z.boolean(), name: z.string().nullable() }),
    email: z.boolean(),
    admin: z.boolean(),
  })
  .meta({ id: 'AuthProviders' });
export type AuthProviders = z.infer<typeof AuthProvidersSchema>;

export const LogoutResponseSchema = z.object({ message: z.string() });

/** POST /auth/logout-all: every session of the user is revoked, this one included. */
export const LogoutAllResponseSchema = z
  .object({ message: z.string(), revoked: z.number().int().meta({ description: 'Sessions revoked' }) })
  .meta({ id: 'LogoutAllResponse' });
export type LogoutAllResponse = z.infer<typeof LogoutAllResponseSchema>;
