import { z } from 'zod';
import { PLAN_TYPES } from './plans';

// Schemas of the licence routes (SPEC.md §3, §7; DESIGN.md §9). Field names are the ones the web client reads.

/** SPEC.md §9: licences last 1 to 3650 days, 365 by default. */
export const LICENCE_MIN_DAYS = 1;
export const LICENCE_MAX_DAYS = 3650;
export const LICENCE_DEFAULT_DAYS = 365;
export const REVOKE_REASON_MAX = 500;

export const PlanTypeSchema = z.enum(PLAN_TYPES);

/** -1 means unlimited. */
const LimitSchema = z.number().int().min(-1);
export const LicenceLimitsSchema = z.object({
  max_hosts: LimitSchema,
  max_vms: LimitSchema,
  max_users: LimitSchema,
  max_storage_gb: LimitSchema,
});
export type LicenceLimits = z.infer<typeof LicenceLimitsSchema>;

const IsoDate = z.iso.datetime({ offset: true });

export const LicenceSchema = z
  .object({
    id: z.uuid(),
    organisation_id: z.uuid(),
    plan_type: PlanTypeSchema,
    is_active: z.boolean().meta({ description: 'Not revoked and not expired, computed when the licence is read' }),
    issued_at: IsoDate,
    expires_at: IsoDate,
    features: z.record(z.string(), z.boolean()),
    limits: LicenceLimitsSchema,
    signature: z.string().meta({
      description:
        'Ed25519 signature (base64) over the canonical JSON of id, organisation_id, plan_type, issued_at, expires_at, features, limits',
    }),
    revoked_at: IsoDate.nullable(),
    revoked_by: z.uuid().nullable(),
    revoke_reason: z.string().nullable(),
    status_at: IsoDate.meta({ description: 'When the server read this licence for the answer' }),
    status_signature: z.string().meta({
      description:
        'Ed25519 signature (base64) over the canonical JSON of id, revoked_at and status_at: a downloaded file proves whether the licence was revoked when it was read',
    }),
  })
  .meta({
    id: 'Licence',
    examples: [
      {
        id: '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d',
        organisation_id: '2b3c4d5e-6f70-4812-93a4-b5c6d7e8f901',
        plan_type: 'pro',
        is_active: true,
        issued_at: '2026-01-15T10:00:00.000Z',
        expires_at: '2027-01-15T10:00:00.000Z',
        features: {
          ai_advice: true,
          nightly_automation: true,
          cve_scanner: true,
          guided_actions: true,
          manual_snapshots: true,
          scoped_api_keys: true,
          dpi_probe: true,
          pbs_backups: true,
          restore_tests: true,
          patch_management: true,
          automated_runbooks: true,
          weekly_reports: true,
          api_webhooks: true,
          audit_trail: true,
          multi_tenant: false,
          sla: false,
          on_premise: false,
          custom_integrations: false,
        },
        limits: { max_hosts: 10, max_vms: -1, max_users: 25, max_storage_gb: 20000 },
        signature: 'GfhhYZXBI4qqq28CfZa1rkg9VulxJUFY8CZCgb/nEfaMPRoiExKeWq/kH14AiwalBtcGjSFwEW+7e0aXowMFPA==',
        revoked_at: null,
        revoked_by: null,
        revoke_reason: null,
        status_at: '2026-11-24T09:30:00.000Z',
        status_signature: 'AVhpjYekJVwv/KsJosW0Qq+zF+aavH97lheogd8js3dPXyoixjkHPmRHOZCXuMBRQyATnoSzwhpbcRzk8BzEgA==',
      },
    ],
  });
export type Licence = z.infer<typeof LicenceSchema>;

export const LicenceListSchema = z.array(LicenceSchema);

/** The downloaded licence file: the licence as listed plus the moment it was downloaded. */
export const LicenceFileSchema = LicenceSchema.extend({ download_date: IsoDate });
export type LicenceFile = z.infer<typeof LicenceFileSchema>;

export const GenerateLicenceRequestSchema = z.object({
  organisation_id: z.uuid(),
  plan_type: PlanTypeSchema.default('free'),
  duration_days: z
    .number()
    .int('must be a whole number of days')
    .min(LICENCE_MIN_DAYS, `must be at least ${LICENCE_MIN_DAYS}`)
    .max(LICENCE_MAX_DAYS, `must be at most ${LICENCE_MAX_DAYS}`)
    .default(LICENCE_DEFAULT_DAYS),
});
export type GenerateLicenceRequest = z.input<typeof GenerateLicenceRequestSchema>;

export const RevokeLicenceRequestSchema = z.object({
  reason: z.string().trim().min(1, 'required').max(REVOKE_REASON_MAX, `at most ${REVOKE_REASON_MAX} characters`),
});
export type RevokeLicenceRequest = z.input<typeof RevokeLicenceRequestSchema>;

export const OrganisationIdParamsSchema = z.object({ organisation_id: z.uuid() });
export const LicenceIdParamsSchema = z.object({ id: z.uuid() });

export const LicencePublicKeySchema = z
  .object({
    algorithm: z.literal('Ed25519'),
    public_key_pem: z.string(),
    public_key_base64: z.string().meta({ description: 'SPKI DER, base64' }),
  })
  .meta({ id: 'LicencePublicKey' });
export type LicencePublicKey = z.infer<typeof LicencePublicKeySchema>;

/** For the administrators' organisation picker. */
export const AdminOrganisationSchema = z.object({ id: z.uuid(), name: z.string(), member_count: z.number().int().min(0) });
export type AdminOrganisation = z.infer<typeof AdminOrganisationSchema>;
export const AdminOrganisationListSchema = z.array(AdminOrganisationSchema);
