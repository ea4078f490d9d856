import type { Language } from '@proxai/contract';

/** Wording of the rule items: French and English; the other languages use English item texts. */
type ItemLang = 'fr' | 'en';

export const ITEM_TEXTS = {
  en: {
    hostOffline: (h: string) => `Host ${h} is offline`,
    hostOfflineAction: 'Check that the host is up and reachable on port 8006, then sync it.',
    memory: (h: string, pct: number) => `Memory pressure on ${h} (${pct}% used)`,
    memoryDetail: (used: string, total: string) => `${used} of ${total} in use.`,
    memoryAction: 'Move or shrink guests, or add RAM.',
    rootfs: (h: string, pct: number) => `System disk of ${h} is ${pct}% full`,
    storage: (s: string, h: string, pct: number) => `Storage ${s} on ${h} is ${pct}% full`,
    diskDetail: (used: string, total: string) => `${used} of ${total} used.`,
    diskAction: 'Remove old backups, ISO images or snapshots, or extend the storage.',
    stopped: (n: number) => `${n} stopped guest${n === 1 ? '' : 's'}`,
    stoppedAction: 'Start the ones you need, remove the ones you no longer use.',
    noBackup: (n: number) => `${n} guest${n === 1 ? '' : 's'} without a backup in the last 24 h`,
    noBackupAction: 'Schedule a daily vzdump backup job (Datacenter > Backup).',
    updates: (h: string, n: number) => `${n} package update${n === 1 ? '' : 's'} pending on ${h}`,
    updatesAction: 'Apply them with apt dist-upgrade in a maintenance window.',
    oldPve: (h: string, v: string) => `${h} runs Proxmox VE ${v}, which no longer receives updates`,
    oldPveAction: 'Plan the upgrade to Proxmox VE 8 (pve7to8 checks the host first).',
    olderPve: (h: string, v: string) => `${h} runs Proxmox VE ${v}; a newer 8.x release is available`,
    olderPveAction: 'Update the host to the latest 8.x release.',
    oldPveDetail: 'Proxmox VE 7 reached its end of life on 31 July 2024: no more security fixes.',
    olderPveDetail: 'Newer 8.x point releases bring security and stability fixes.',
    andMore: (n: number) => ` and ${n} more`,
  },
  fr: {
    hostOffline: (h: string) => `L'hôte ${h} est hors ligne`,
    hostOfflineAction: "Vérifiez que l'hôte est démarré et joignable sur le port 8006, puis synchronisez-le.",
    memory: (h: string, pct: number) => `Mémoire saturée sur ${h} (${pct} % utilisés)`,
    memoryDetail: (used: string, total: string) => `${used} utilisés sur ${total}.`,
    memoryAction: 'Déplacez ou réduisez des invités, ou ajoutez de la RAM.',
    rootfs: (h: string, pct: number) => `Le disque système de ${h} est plein à ${pct} %`,
    storage: (s: string, h: string, pct: number) => `Le stockage ${s} de ${h} est plein à ${pct} %`,
    diskDetail: (used: string, total: string) => `${used} utilisés sur ${total}.`,
    diskAction: "Supprimez d'anciennes sauvegardes, images ISO ou snapshots, ou agrandissez le stockage.",
    stopped: (n: number) => `${n} invité${n === 1 ? '' : 's'} arrêté${n === 1 ? '' : 's'}`,
    stoppedAction: "Démarrez ceux dont vous avez besoin, supprimez ceux que vous n'utilisez plus.",
    noBackup: (n: number) => `${n} invité${n === 1 ? '' : 's'} sans sauvegarde depuis 24 h`,
    noBackupAction: 'Planifiez une sauvegarde vzdump quotidienne (Centre de données > Sauvegarde).',
    updates: (h: string, n: number) => `${n} mise${n === 1 ? '' : 's'} à jour en attente sur ${h}`,
    updatesAction: 'Appliquez-les avec apt dist-upgrade pendant une fenêtre de maintenance.',
    oldPve: (h: string, v: string) => `${h} utilise Proxmox VE ${v}, qui ne reçoit plus de mises à jour`,
    oldPveAction: "Planifiez la mise à niveau vers Proxmox VE 8 (pve7to8 vérifie l'hôte avant).",
    olderPve: (h: string, v: string) => `${h} utilise Proxmox VE ${v} ; une version 8.x plus récente existe`,
    olderPveAction: "Mettez l'hôte à jour vers la dernière version 8.x.",
    oldPveDetail: 'Proxmox VE 7 est en fin de vie depuis le 31 juillet 2024 : plus de correctifs de sécurité.',
    olderPveDetail: 'Les versions 8.x plus récentes apportent des correctifs de sécurité et de stabilité.',
    andMore: (n: number) => ` et ${n} de plus`,
  },
} satisfies Record<ItemLang, Record<string, unknown>>;

export type ItemTexts = (typeof ITEM_TEXTS)['en'];

export function itemTexts(lang: Language): ItemTexts {
  return lang === 'fr' ? ITEM_TEXTS.fr : ITEM_TEXTS.en;
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
export const SUMMARY: Record<Language, (c: SummaryCounts) => string> = {
  en: (c) =>
    c.critical + c.warning + c.info === 0
      ? `All clear: ${c.hosts} host(s) online and ${c.guests} guest(s), nothing needs your attention.`
      : `${c.critical} critical issue(s), ${c.warning} warning(s) and ${c.info} note(s) across ${c.hosts} host(s). Start with: ${c.top}.`,
  fr: (c) =>
    c.critical + c.warning + c.info === 0
      ? `Tout va bien : ${c.hosts} hôte(s) en ligne et ${c.guests} invité(s), rien ne demande votre attention.`
      : `${c.critical} problème(s) critique(s), ${c.warning} avertissement(s) et ${c.info} remarque(s) sur ${c.hosts} hôte(s). Commencez par : ${c.top}.`,
  es: (c) =>
    c.critical + c.warning + c.info === 0
      ? `Todo en orden: ${c.hosts} host(s) en línea y ${c.guests} invitado(s), nada requiere su atención.`
      : `${c.critical} problema(s) crítico(s), ${c.warning} advertencia(s) y ${c.info} nota(s) en ${c.hosts} host(s). Empiece por: ${c.top}.`,
  it: (c) =>
    c.critical + c.warning + c.info === 0
      ? `Tutto in ordine: ${c.hosts} host online e ${c.guests} guest, nulla richiede la vostra attenzione.`
      : `${c.critical} problemi critici, ${c.warning} avvisi e ${c.info} note su ${c.hosts} host. Iniziate da: ${c.top}.`,
  de: (c) =>
    c.critical + c.warning + c.info === 0
      ? `Alles in Ordnung: ${c.hosts} Host(s) online und ${c.guests} Gast/Gäste, nichts erfordert Ihre Aufmerksamkeit.`
      : `${c.critical} kritische(s) Problem(e), ${c.warning} Warnung(en) und ${c.info} Hinweis(e) auf ${c.hosts} Host(s). Beginnen Sie mit: ${c.top}.`,
  pt: (c) =>
    c.critical + c.warning + c.info === 0
      ? `Tudo em ordem: ${c.hosts} host(s) online e ${c.guests} convidado(s), nada requer a sua atenção.`
      : `${c.critical} problema(s) crítico(s), ${c.warning} aviso(s) e ${c.info} nota(s) em ${c.hosts} host(s). Comece por: ${c.top}.`,
  zh: (c) =>
    c.critical + c.warning + c.info === 0
      ? `一切正常：${c.hosts} 台主机在线，${c.guests} 个虚拟机/容器，无需处理。`
      : `${c.hosts} 台主机上有 ${c.critical} 个严重问题、${c.warning} 个警告和 ${c.info} 条提示。请先处理：${c.top}。`,
  ja: (c) =>
    c.critical + c.warning + c.info === 0
      ? `問題ありません: ${c.hosts} 台のホストがオンライン、ゲスト ${c.guests} 台、対応が必要な項目はありません。`
      : `${c.hosts} 台のホストで重大 ${c.critical} 件、警告 ${c.warning} 件、情報 ${c.info} 件。まず対応: ${c.top}。`,
  ar: (c) =>
    c.critical + c.warning + c.info === 0
      ? `كل شيء على ما يرام: ${c.hosts} مضيف متصل و${c.guests} جهاز ضيف، لا شيء يحتاج إلى انتباهك.`
      : `${c.critical} مشكلة حرجة و${c.warning} تحذير و${c.info} ملاحظة على ${c.hosts} مضيف. ابدأ بـ: ${c.top}.`,
};
