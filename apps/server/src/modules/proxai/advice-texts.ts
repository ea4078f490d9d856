import { LANGUAGES, type Language } from '@proxai/contract';
import { translate, type CatalogueKey, type Values } from '../../i18n/catalogue';

/**
 * Wording of the rule items and of the advice sentence. The words are in locales/<lng>/advice.json; these
 * functions pick the text (and its plural form) and fill it in.
 */

/** The texts of one language: a string, or a function of the values it shows. */
export interface ItemTexts {
  hostOffline: (host: string) => string;
  hostOfflineAction: string;
  memory: (host: string, percent: number) => string;
  memoryDetail: (used: string, total: string) => string;
  memoryAction: string;
  rootfs: (host: string, percent: number) => string;
  storage: (storage: string, host: string, percent: number) => string;
  diskDetail: (used: string, total: string) => string;
  diskAction: string;
  stopped: (count: number) => string;
  stoppedAction: string;
  noBackup: (count: number) => string;
  noBackupAction: string;
  updates: (host: string, count: number) => string;
  updatesAction: string;
  oldPve: (host: string, version: string) => string;
  oldPveAction: string;
  olderPve: (host: string, version: string) => string;
  olderPveAction: string;
  oldPveDetail: string;
  olderPveDetail: string;
  andMore: (count: number) => string;
  overPlanGuests: (count: number, max: number, plan: string) => string;
  overPlanHosts: (count: number, max: number, plan: string) => string;
  overPlanDetail: string;
  overPlanAction: string;
}

function itemTextsOf(language: Language): ItemTexts {
  const t = <K extends CatalogueKey<'advice'>>(key: K, ...values: Values<'advice', K>) =>
    translate(language, 'advice', key, ...values);
  return {
    hostOffline: (host) => t('item.hostOffline', { host }),
    hostOfflineAction: t('item.hostOfflineAction'),
    memory: (host, percent) => t('item.memory', { host, percent }),
    memoryDetail: (used, total) => t('item.memoryDetail', { used, total }),
    memoryAction: t('item.memoryAction'),
    rootfs: (host, percent) => t('item.rootfs', { host, percent }),
    storage: (storage, host, percent) => t('item.storage', { storage, host, percent }),
    diskDetail: (used, total) => t('item.diskDetail', { used, total }),
    diskAction: t('item.diskAction'),
    stopped: (count) => t('item.stopped', { count }),
    stoppedAction: t('item.stoppedAction'),
    noBackup: (count) => t('item.noBackup', { count }),
    noBackupAction: t('item.noBackupAction'),
    updates: (host, count) => t('item.updates', { host, count }),
    updatesAction: t('item.updatesAction'),
    oldPve: (host, version) => t('item.oldPve', { host, version }),
    oldPveAction: t('item.oldPveAction'),
    olderPve: (host, version) => t('item.olderPve', { host, version }),
    olderPveAction: t('item.olderPveAction'),
    oldPveDetail: t('item.oldPveDetail'),
    olderPveDetail: t('item.olderPveDetail'),
    andMore: (count) => t('item.andMore', { count }),
    overPlanGuests: (count, max, plan) => t('item.overPlanGuests', { count, max, plan }),
    overPlanHosts: (count, max, plan) => t('item.overPlanHosts', { count, max, plan }),
    overPlanDetail: t('item.overPlanDetail'),
    overPlanAction: t('item.overPlanAction'),
  };
}

/** Wording of the rule items in all nine languages. */
export const ITEM_TEXTS = Object.fromEntries(LANGUAGES.map((language) => [language, itemTextsOf(language)])) as Record<
  Language,
  ItemTexts
>;

export function itemTexts(lang: Language): ItemTexts {
  return ITEM_TEXTS[lang];
}

interface SummaryCounts {
  critical: number;
  warning: number;
  info: number;
  hosts: number;
  guests: number;
  top?: string;
}

/** The advice sentence in all nine languages. */
export const SUMMARY = Object.fromEntries(
  LANGUAGES.map((language) => [
    language,
    (c: SummaryCounts) =>
      c.critical + c.warning + c.info === 0
        ? translate(language, 'advice', 'summary.allClear', { hosts: c.hosts, guests: c.guests })
        : translate(language, 'advice', 'summary.issues', {
            critical: c.critical,
            warning: c.warning,
            info: c.info,
            hosts: c.hosts,
            top: c.top ?? '',
          }),
  ]),
) as Record<Language, (c: SummaryCounts) => string>;
