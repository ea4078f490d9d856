import type { NotificationPreferences, NotificationPreferencesInput, NotificationSeverity, QuietHours } from '@proxai/contract';
import { AppError, errorText } from '../../errors';
import { isKnownTimeZone } from '../schedules/schedule-logic';
import type { NotifyDeps } from './delivery';
import { findPreferences, upsertPreferences } from './notifications.repository';
import { DEFAULT_PREFERENCES } from './routing';
import { type AuthUser } from '../../kernel/principal';

/** Each person's own preferences: e-mail, the least severe alert, and the quiet hours their own channels follow. */

/**
 * Refuses quiet hours in a zone this server does not know (the schema passed, so not validation_failed). The name
 * is not echoed: what a person typed does not go back into answers and logs.
 */
export function checkQuietHours(quiet: QuietHours | null | undefined): void {
  if (quiet && !isKnownTimeZone(quiet.timezone)) {
    throw new AppError('bad_request', errorText('notifications.timezoneUnknown'));
  }
}

export async function preferencesOf(deps: NotifyDeps, user: AuthUser): Promise<NotificationPreferences> {
  const row = await findPreferences(deps.db, user.id);
  if (!row) return DEFAULT_PREFERENCES;
  return {
    email: row.email,
    min_severity: row.minSeverity as NotificationSeverity,
    quiet_hours: row.quietHours as QuietHours | null,
    channel_ids: row.channelIds ?? null,
  };
}

export async function putPreferences(
  deps: NotifyDeps,
  user: AuthUser,
  input: NotificationPreferencesInput,
): Promise<NotificationPreferences> {
  const merged = {
    ...(await preferencesOf(deps, user)),
    ...Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)),
  };
  checkQuietHours(merged.quiet_hours);
  await upsertPreferences(deps.db, {
    userId: user.id,
    email: merged.email,
    minSeverity: merged.min_severity,
    quietHours: merged.quiet_hours,
    channelIds: merged.channel_ids,
    updatedAt: new Date(),
  });
  return merged;
}
