import { z } from 'zod';
import { AccessTokenResponseSchema, AuthUserSchema } from './auth';
import { APPROVAL_ACTIONS, HELD_ACTIONS } from './permissions';

// Second factors, two-step sign-in, sessions and step-up (DESIGN.md §15).

/** A WebAuthn JSON object as @simplewebauthn/browser produces or reads it (checked by @simplewebauthn/server). */
const WebAuthnJsonSchema = z.looseObject({}).meta({ description: 'WebAuthn JSON (@simplewebauthn)' });

/** A 6-digit TOTP code, an e-mailed 6-digit code, or a recovery code (xxxxx-xxxxx). */
export const FactorCodeSchema = z.string().trim().min(6, 'at least 6 characters').max(32, 'at most 32 characters');

/**
 * The first step of a sign-in for someone with a second factor (or under a policy that requires one): 200
 * without `access_token`. `mfa_required`: prove a factor (POST /auth/mfa/verify); `mfa_enrolment_required`:
 * enrol one with the `mfa_token` as bearer (TOTP setup and confirm, or a passkey), which then signs in.
 */
export const MfaChallengeSchema = z
  .object({
    code: z.enum(['mfa_required', 'mfa_enrolment_required']),
    mfa_token: z.string(),
    /** Factors the person can use (for `mfa_required`). */
    methods: z.array(z.enum(['totp', 'webauthn', 'recovery'])),
    /** Present when the person has passkeys: options for navigator.credentials.get. */
    webauthn: WebAuthnJsonSchema.nullable(),
  })
  .meta({ id: 'MfaChallenge' });
export type MfaChallenge = z.infer<typeof MfaChallengeSchema>;

export const SignInAnswerSchema = z.union([AccessTokenResponseSchema, MfaChallengeSchema]);

export const MfaVerifySchema = z
  .object({
    mfa_token: z.string().min(20).max(300),
    code: FactorCodeSchema.optional(),
    webauthn_response: WebAuthnJsonSchema.optional(),
  })
  .refine((b) => (b.code === undefined) !== (b.webauthn_response === undefined), {
    message: 'give either code or webauthn_response',
  })
  .meta({ id: 'MfaVerify' });
export type MfaVerify = z.input<typeof MfaVerifySchema>;

export const TotpSetupSchema = z.object({ secret: z.string(), otpauth_url: z.string() }).meta({ id: 'TotpSetup' });
export type TotpSetup = z.infer<typeof TotpSetupSchema>;

export const TotpConfirmSchema = z.object({ code: FactorCodeSchema }).meta({ id: 'TotpConfirm' });

/** Ten recovery codes, shown once; with an `mfa_token` enrolment, the session it opens too. */
export const RecoveryCodesSchema = z
  .object({
    recovery_codes: z.array(z.string()),
    access_token: z.string().optional(),
    user: AuthUserSchema.optional(),
  })
  .meta({ id: 'RecoveryCodes' });
export type RecoveryCodes = z.infer<typeof RecoveryCodesSchema>;

export const PasskeySchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    created_at: z.iso.datetime(),
    last_used_at: z.iso.datetime().nullable(),
  })
  .meta({ id: 'Passkey' });
export type Passkey = z.infer<typeof PasskeySchema>;

/** GET /auth/mfa: the person's factors and whether a policy requires one. */
export const MfaStatusSchema = z
  .object({
    totp: z.boolean(),
    passkeys: z.array(PasskeySchema),
    recovery_codes_left: z.number().int(),
    /** Who requires a second factor: platform administrators always, or the organisation's policy. */
    required_by: z.enum(['platform', 'organisation']).nullable(),
  })
  .meta({ id: 'MfaStatus' });
export type MfaStatus = z.infer<typeof MfaStatusSchema>;

/**
 * 201 of POST /auth/passkeys: the passkey, and recovery codes when it is the person's first factor (else null); a
 * forced enrolment (an `mfa_token` as bearer) also opens the session.
 */
const PasskeyToAccountSchema = z.object({ passkey: PasskeySchema, recovery_codes: z.array(z.string()).nullable() });
export const PasskeyAddedSchema = z
  .union([PasskeyToAccountSchema.extend(AccessTokenResponseSchema.shape).strict(), PasskeyToAccountSchema.strict()])
  .meta({ id: 'PasskeyAdded' });
export type PasskeyAdded = z.infer<typeof PasskeyAddedSchema>;

export const PasskeyNameSchema = z.string().trim().min(1, 'required').max(64, 'at most 64 characters');

export const PasskeyRegisterSchema = z
  .object({ name: PasskeyNameSchema, response: WebAuthnJsonSchema })
  .meta({ id: 'PasskeyRegister' });
export const PasskeyRenameSchema = z.object({ name: PasskeyNameSchema }).meta({ id: 'PasskeyRename' });

/** Options for navigator.credentials.create / get (PublicKeyCredential*OptionsJSON). */
export const WebAuthnOptionsSchema = WebAuthnJsonSchema;

/** POST /auth/passkey/options: a sign-in without e-mail; `challenge_id` goes back with the assertion. */
export const PasskeySignInOptionsSchema = z
  .object({ challenge_id: z.string(), options: WebAuthnJsonSchema })
  .meta({ id: 'PasskeySignInOptions' });
export const PasskeySignInSchema = z
  .object({ challenge_id: z.string().min(20).max(300), response: WebAuthnJsonSchema })
  .meta({ id: 'PasskeySignIn' });

/** 401 `step_up_required`: prove a factor for exactly this request (bound to its method, path and body). */
export const StepUpRequiredSchema = z
  .object({
    detail: z.string(),
    code: z.literal('step_up_required'),
    challenge: z.string(),
    /** What the person can prove with; `email` always (a code is mailed on demand). */
    methods: z.array(z.enum(['totp', 'webauthn', 'recovery', 'email'])),
    webauthn: WebAuthnJsonSchema.nullable(),
  })
  .meta({ id: 'StepUpRequired' });
export type StepUpRequired = z.infer<typeof StepUpRequiredSchema>;

export const StepUpSchema = z
  .object({
    challenge: z.string().min(20).max(300),
    method: z.enum(['totp', 'webauthn', 'recovery', 'email']).optional(),
    code: FactorCodeSchema.optional(),
    webauthn_response: WebAuthnJsonSchema.optional(),
  })
  .refine((b) => (b.code === undefined) !== (b.webauthn_response === undefined), {
    message: 'give either code or webauthn_response',
  })
  .meta({ id: 'StepUp' });
export type StepUpInput = z.input<typeof StepUpSchema>;

export const StepUpTokenSchema = z
  .object({ step_up_token: z.string(), expires_at: z.iso.datetime() })
  .meta({ id: 'StepUpToken' });
export const StepUpEmailSchema = z.object({ challenge: z.string().min(20).max(300) }).meta({ id: 'StepUpEmail' });

/** The header a retried request carries its step-up proof in. */
export const STEP_UP_HEADER = 'x-step-up';

export const SessionInfoSchema = z
  .object({
    id: z.uuid(),
    ip: z.string().nullable(),
    user_agent: z.string().nullable(),
    created_at: z.iso.datetime(),
    last_seen_at: z.iso.datetime(),
    current: z.boolean(),
  })
  .meta({ id: 'SessionInfo' });
export type SessionInfo = z.infer<typeof SessionInfoSchema>;

/** An action held for approval: one an organisation lists, or one held whenever it lists any (IMPLIED_APPROVAL_ACTIONS). */
export const ApprovalActionSchema = z.enum(HELD_ACTIONS).meta({ id: 'ApprovalAction' });
/** An action an organisation lists for approval in its security settings. */
export const ListedApprovalActionSchema = z.enum(APPROVAL_ACTIONS).meta({ id: 'ListedApprovalAction' });

/** The organisation's security policy (owners): second factor for all, actions under four-eyes approval. */
export const SecurityPolicySchema = z
  .object({
    require_mfa: z.boolean(),
    approval_actions: z
      .array(ListedApprovalActionSchema)
      .max(APPROVAL_ACTIONS.length)
      .refine((a) => new Set(a).size === a.length, 'an action is listed twice')
      .optional()
      .meta({ description: 'Always answered; left out of a PUT, the current list stays' }),
  })
  .meta({ id: 'SecurityPolicy' });

/** 202 `approval_required`: the request is held until another member approves it (within 24 hours). */
export const ApprovalRequiredSchema = z
  .object({ detail: z.string(), code: z.literal('approval_required'), approval_id: z.uuid() })
  .meta({ id: 'ApprovalRequired' });

export const ApprovalSchema = z
  .object({
    id: z.uuid(),
    action: ApprovalActionSchema,
    method: z.string(),
    path: z.string(),
    body: z.unknown().nullable(),
    requested_by: z.string().nullable().meta({ description: 'E-mail of the member who asked' }),
    requested_at: z.iso.datetime(),
    expires_at: z.iso.datetime(),
    status: z.enum(['pending', 'approved', 'denied', 'done', 'failed', 'expired']),
    decided_by: z.string().nullable(),
    decided_at: z.iso.datetime().nullable(),
    /** After the run: its HTTP status and, for a failure, the error's detail. */
    result_status: z.number().int().nullable(),
    result_detail: z.string().nullable(),
    /** Whether the reader may approve or deny it (another member with approvals.decide, while pending). */
    can_decide: z.boolean(),
  })
  .meta({ id: 'Approval' });
export type Approval = z.infer<typeof ApprovalSchema>;
export type SecurityPolicy = z.infer<typeof SecurityPolicySchema>;
