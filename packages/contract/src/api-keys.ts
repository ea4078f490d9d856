import { z } from 'zod';
import { PermissionSchema } from './teams';

// API keys (DESIGN.md §16): an organisation's scoped, expiring keys for scripts and integrations. A key is used as
// `Authorization: Bearer <secret>`; at every request its rights are its scopes intersected with its creator's
// current permissions, and its host or tag scope narrows what it sees and touches.

/** The longest a key may live: one year. */
export const API_KEY_MAX_LIFETIME_DAYS = 366;
/** Every secret starts with this, then the key's public prefix: `pxk_<prefix>_<secret>`. */
export const API_KEY_SECRET_PREFIX = 'pxk_';

const Tag = z.string().trim().min(1).max(64);

/**
 * POST /api-keys. `scopes`: permissions of the map (never more than the creator holds: 403); `host_ids` and/or
 * `tags` narrow the key to those hosts and to guests carrying one of those tags (a guest must match both when
 * both are given); `expires_at` is required, in the future and at most a year away.
 */
export const ApiKeyCreateSchema = z
  .object({
    name: z.string().trim().min(1).max(100),
    scopes: z.array(PermissionSchema).min(1).max(50),
    host_ids: z.array(z.uuid()).min(1).max(500).optional(),
    tags: z.array(Tag).min(1).max(50).optional(),
    expires_at: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'ApiKeyCreate' });
export type ApiKeyCreate = z.input<typeof ApiKeyCreateSchema>;

export const ApiKeySchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    /** Shown in lists and logs to tell keys apart (`pxk_<prefix>`); never enough to use the key. */
    prefix: z.string(),
    scopes: z.array(PermissionSchema),
    host_ids: z.array(z.uuid()).nullable(),
    tags: z.array(z.string()).nullable(),
    expires_at: z.iso.datetime(),
    created_at: z.iso.datetime(),
    /** E-mail of the member who created it; its rights never exceed theirs. */
    created_by: z.string().nullable(),
    last_used_at: z.iso.datetime().nullable(),
    last_used_ip: z.string().nullable(),
    /** Set when revoked (by a person, or because its creator left the organisation). */
    revoked_at: z.iso.datetime().nullable(),
  })
  .meta({ id: 'ApiKey' });
export type ApiKey = z.infer<typeof ApiKeySchema>;

/** The answer of POST /api-keys: the key and its secret, shown this once (only its hash is kept). */
export const ApiKeyCreatedSchema = ApiKeySchema.extend({ secret: z.string() }).meta({ id: 'ApiKeyCreated' });
export type ApiKeyCreated = z.infer<typeof ApiKeyCreatedSchema>;

/** GET /api-keys: the organisation's keys, newest first (revoked and expired ones stay listed, marked). */
export const ApiKeyListSchema = z.object({ items: z.array(ApiKeySchema) }).meta({ id: 'ApiKeyList' });
export type ApiKeyList = z.infer<typeof ApiKeyListSchema>;
