import type { Language } from '@proxai/contract';
import { lookup, type CatalogueKey } from '../../i18n/catalogue';

/**
 * What the portal says about a Proxmox Backup Server host, in every language of the UI: locales/<lng>/pbs.json,
 * with the conventions of i18n/messages.ts (`{{name}}` placeholders). Connection failures collapse into fixed
 * classes, as for PVE hosts (pve-errors.ts).
 */
export type PbsTextKey = CatalogueKey<'pbs'>;

/** Text `key` in `language`, its `{{name}}` placeholders filled in (as i18n/messages.ts `message`). */
export function pbsText(language: Language, key: PbsTextKey, params: Record<string, string | number>): string {
  return lookup(language, 'pbs', key, params);
}
