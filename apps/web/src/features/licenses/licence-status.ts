import { PLAN_FEATURES } from '@proxai/contract/plans';
import type { Licence } from '@proxai/contract';
import { saveFile } from '@/lib/save-file';

const DAY_MS = 86_400_000;
/** SPEC.md §9: a licence is expiring soon when more than 0 and at most 30 days remain. */
export const EXPIRING_SOON_DAYS = 30;
export const UNLIMITED = -1;

/** SPEC.md §4: Active only when the server says so and the expiry is still in the future here and now. */
export function isLicenceActive(licence: Pick<Licence, 'is_active' | 'expires_at'>, now = new Date()): boolean {
  return licence.is_active && Date.parse(licence.expires_at) > now.getTime();
}

export type ExpiryTone = 'expired' | 'soon' | 'normal';

/** Time left before expiry, in (fractional) days; zero or less once expired. */
export function daysLeft(expiresAt: string, now = new Date()): number {
  return (Date.parse(expiresAt) - now.getTime()) / DAY_MS;
}

export function expiryTone(expiresAt: string, now = new Date()): ExpiryTone {
  const days = daysLeft(expiresAt, now);
  if (days <= 0) return 'expired';
  if (days <= EXPIRING_SOON_DAYS) return 'soon';
  return 'normal';
}

export function truncateId(id: string, length = 16): string {
  return id.length > length ? `${id.slice(0, length)}…` : id;
}

/** Underscores shown as spaces (SPEC.md §2). */
export function featureLabel(feature: string): string {
  return feature.replace(/_/g, ' ');
}

/**
 * The first `count` features in the product's display order. The database does not keep object key
 * order, so the order comes from the plan catalogue; unknown features follow in name order.
 */
export function firstFeatures(features: Record<string, boolean>, count = 5): [string, boolean][] {
  const known = PLAN_FEATURES.filter((f) => f in features);
  const others = Object.keys(features)
    .filter((f) => !(PLAN_FEATURES as readonly string[]).includes(f))
    .sort();
  return [...known, ...others].slice(0, count).map((f) => [f, features[f] === true]);
}

export function formatLimit(value: number): string {
  return value === UNLIMITED ? '∞' : String(value);
}

/** The downloaded file: the licence with its signature, plus when it was downloaded. */
export function licenceFile(licence: Licence, now = new Date()): { name: string; json: string } {
  return { name: `${licence.id}.json`, json: `${JSON.stringify({ ...licence, download_date: now.toISOString() }, null, 2)}\n` };
}

/** Client-side download (SPEC.md §7): nothing is asked of the server. */
export function downloadLicence(licence: Licence): void {
  const { name, json } = licenceFile(licence);
  saveFile(name, new Blob([json], { type: 'application/json' }));
}
