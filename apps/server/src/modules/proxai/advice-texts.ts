import type { Language } from '@proxai/contract';

/** Singular or plural form (es, it, de, pt, en, fr: one for 1, the other otherwise). */
const plural = (n: number, one: string, other: string): string => (n === 1 ? one : other);

const AR_PLURAL = new Intl.PluralRules('ar');
/** Arabic counted noun: the plural after 3 to 10 (CLDR "few"), the singular otherwise (1, 2, 11 and more). */
const arCount = (n: number, singular: string, few: string): string => (AR_PLURAL.select(n) === 'few' ? few : singular);

const EN = {
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
  overPlanGuests: (n: number, max: number, plan: string) => `${n} guests, more than the ${max} of the ${plan} plan`,
  overPlanHosts: (n: number, max: number, plan: string) => `${n} hosts, more than the ${max} of the ${plan} plan`,
  overPlanDetail: 'Every guest stays visible and synced, but no host can be added until the fleet fits the plan again.',
  overPlanAction: 'Remove guests or hosts you no longer need, or move to a larger plan (Pricing).',
};

/** The shape every language must follow: the keys and signatures of the English texts. */
export type ItemTexts = typeof EN;

/** Wording of the rule items in all nine languages. */
export const ITEM_TEXTS = {
  en: EN,
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
    overPlanGuests: (n: number, max: number, plan: string) => `${n} invités, plus que les ${max} de l'offre ${plan}`,
    overPlanHosts: (n: number, max: number, plan: string) => `${n} hôtes, plus que les ${max} de l'offre ${plan}`,
    overPlanDetail:
      "Tous les invités restent visibles et synchronisés, mais aucun hôte ne peut être ajouté tant que le parc dépasse l'offre.",
    overPlanAction: 'Supprimez les invités ou hôtes inutiles, ou passez à une offre supérieure (Tarifs).',
  },
  es: {
    hostOffline: (h: string) => `El host ${h} está fuera de línea`,
    hostOfflineAction: 'Compruebe que el host esté encendido y accesible en el puerto 8006 y, a continuación, sincronícelo.',
    memory: (h: string, pct: number) => `Presión de memoria en ${h} (${pct}% en uso)`,
    memoryDetail: (used: string, total: string) => `${used} de ${total} en uso.`,
    memoryAction: 'Mueva o reduzca invitados, o añada RAM.',
    rootfs: (h: string, pct: number) => `El disco del sistema de ${h} está lleno al ${pct}%`,
    storage: (s: string, h: string, pct: number) => `El almacenamiento ${s} de ${h} está lleno al ${pct}%`,
    diskDetail: (used: string, total: string) => `${used} de ${total} ocupados.`,
    diskAction: 'Elimine copias de seguridad antiguas, imágenes ISO o instantáneas, o amplíe el almacenamiento.',
    stopped: (n: number) => `${n} ${plural(n, 'invitado detenido', 'invitados detenidos')}`,
    stoppedAction: 'Inicie los que necesite y elimine los que ya no utilice.',
    noBackup: (n: number) => `${n} ${plural(n, 'invitado', 'invitados')} sin copia de seguridad en las últimas 24 h`,
    noBackupAction: 'Programe una tarea diaria de copia de seguridad vzdump (Datacenter > Backup).',
    updates: (h: string, n: number) =>
      `${n} ${plural(n, 'actualización de paquete pendiente', 'actualizaciones de paquetes pendientes')} en ${h}`,
    updatesAction: 'Aplíquelas con apt dist-upgrade durante una ventana de mantenimiento.',
    oldPve: (h: string, v: string) => `${h} ejecuta Proxmox VE ${v}, que ya no recibe actualizaciones`,
    oldPveAction: 'Planifique la actualización a Proxmox VE 8 (pve7to8 comprueba antes el host).',
    olderPve: (h: string, v: string) => `${h} ejecuta Proxmox VE ${v}; hay disponible una versión 8.x más reciente`,
    olderPveAction: 'Actualice el host a la última versión 8.x.',
    oldPveDetail: 'Proxmox VE 7 llegó al final de su vida útil el 31 de julio de 2024: ya no recibe correcciones de seguridad.',
    olderPveDetail: 'Las versiones 8.x más recientes incluyen correcciones de seguridad y estabilidad.',
    andMore: (n: number) => ` y ${n} más`,
    overPlanGuests: (n: number, max: number, plan: string) => `${n} invitados, más que los ${max} del plan ${plan}`,
    overPlanHosts: (n: number, max: number, plan: string) => `${n} hosts, más que los ${max} del plan ${plan}`,
    overPlanDetail:
      'Todos los invitados siguen visibles y sincronizados, pero no se puede añadir ningún host hasta que el parque vuelva a caber en el plan.',
    overPlanAction: 'Elimine los invitados o hosts que ya no necesite, o pase a un plan superior (Precios).',
  },
  it: {
    hostOffline: (h: string) => `L'host ${h} è offline`,
    hostOfflineAction: "Verificate che l'host sia acceso e raggiungibile sulla porta 8006, quindi sincronizzatelo.",
    memory: (h: string, pct: number) => `Memoria sotto pressione su ${h} (${pct}% in uso)`,
    memoryDetail: (used: string, total: string) => `${used} su ${total} in uso.`,
    memoryAction: 'Spostate o ridimensionate i guest, oppure aggiungete RAM.',
    rootfs: (h: string, pct: number) => `Il disco di sistema di ${h} è pieno al ${pct}%`,
    storage: (s: string, h: string, pct: number) => `Lo storage ${s} su ${h} è pieno al ${pct}%`,
    diskDetail: (used: string, total: string) => `${used} su ${total} utilizzati.`,
    diskAction: 'Rimuovete vecchi backup, immagini ISO o snapshot, oppure estendete lo storage.',
    stopped: (n: number) => `${n} guest ${plural(n, 'fermo', 'fermi')}`,
    stoppedAction: 'Avviate quelli che vi servono e rimuovete quelli che non usate più.',
    noBackup: (n: number) => `${n} guest senza backup nelle ultime 24 ore`,
    noBackupAction: 'Pianificate un job di backup vzdump giornaliero (Datacenter > Backup).',
    updates: (h: string, n: number) =>
      `${n} ${plural(n, 'aggiornamento di pacchetto', 'aggiornamenti di pacchetti')} in sospeso su ${h}`,
    updatesAction: 'Applicateli con apt dist-upgrade durante una finestra di manutenzione.',
    oldPve: (h: string, v: string) => `${h} esegue Proxmox VE ${v}, che non riceve più aggiornamenti`,
    oldPveAction: "Pianificate l'aggiornamento a Proxmox VE 8 (pve7to8 verifica prima l'host).",
    olderPve: (h: string, v: string) => `${h} esegue Proxmox VE ${v}; è disponibile una versione 8.x più recente`,
    olderPveAction: "Aggiornate l'host all'ultima versione 8.x.",
    oldPveDetail: 'Proxmox VE 7 ha raggiunto la fine del ciclo di vita il 31 luglio 2024: niente più correzioni di sicurezza.',
    olderPveDetail: 'Le versioni 8.x più recenti includono correzioni di sicurezza e di stabilità.',
    andMore: (n: number) => ` e altri ${n}`,
    overPlanGuests: (n: number, max: number, plan: string) => `${n} guest, più dei ${max} del piano ${plan}`,
    overPlanHosts: (n: number, max: number, plan: string) => `${n} host, più dei ${max} del piano ${plan}`,
    overPlanDetail:
      "Tutti i guest restano visibili e sincronizzati, ma non si possono aggiungere host finché l'infrastruttura non rientra nel piano.",
    overPlanAction: 'Rimuovi i guest o gli host che non servono più, oppure passa a un piano superiore (Prezzi).',
  },
  de: {
    hostOffline: (h: string) => `Host ${h} ist offline`,
    hostOfflineAction:
      'Prüfen Sie, ob der Host läuft und über Port 8006 erreichbar ist, und synchronisieren Sie ihn anschließend.',
    memory: (h: string, pct: number) => `Arbeitsspeicher knapp auf ${h} (${pct} % belegt)`,
    memoryDetail: (used: string, total: string) => `${used} von ${total} belegt.`,
    memoryAction: 'Verschieben oder verkleinern Sie Gäste oder rüsten Sie RAM nach.',
    rootfs: (h: string, pct: number) => `Systemdatenträger von ${h} ist zu ${pct} % voll`,
    storage: (s: string, h: string, pct: number) => `Storage ${s} auf ${h} ist zu ${pct} % voll`,
    diskDetail: (used: string, total: string) => `${used} von ${total} belegt.`,
    diskAction: 'Entfernen Sie alte Backups, ISO-Images oder Snapshots, oder erweitern Sie den Speicherplatz.',
    stopped: (n: number) => `${n} ${plural(n, 'gestoppter Gast', 'gestoppte Gäste')}`,
    stoppedAction: 'Starten Sie die benötigten Gäste und entfernen Sie die, die Sie nicht mehr verwenden.',
    noBackup: (n: number) => `${n} ${plural(n, 'Gast', 'Gäste')} ohne Backup in den letzten 24 Stunden`,
    noBackupAction: 'Planen Sie einen täglichen vzdump-Backup-Job (Rechenzentrum > Backup).',
    updates: (h: string, n: number) => `${n} ${plural(n, 'ausstehendes Paket-Update', 'ausstehende Paket-Updates')} auf ${h}`,
    updatesAction: 'Spielen Sie sie in einem Wartungsfenster mit apt dist-upgrade ein.',
    oldPve: (h: string, v: string) => `${h} läuft mit Proxmox VE ${v}, das keine Updates mehr erhält`,
    oldPveAction: 'Planen Sie das Upgrade auf Proxmox VE 8 (pve7to8 prüft vorher den Host).',
    olderPve: (h: string, v: string) => `${h} läuft mit Proxmox VE ${v}; eine neuere 8.x-Version ist verfügbar`,
    olderPveAction: 'Aktualisieren Sie den Host auf die neueste 8.x-Version.',
    oldPveDetail: 'Der Support für Proxmox VE 7 endete am 31. Juli 2024: keine Sicherheitsupdates mehr.',
    olderPveDetail: 'Neuere 8.x-Versionen enthalten Sicherheits- und Stabilitätskorrekturen.',
    andMore: (n: number) => ` und ${n} weitere`,
    overPlanGuests: (n: number, max: number, plan: string) => `${n} Gäste, mehr als die ${max} des Tarifs ${plan}`,
    overPlanHosts: (n: number, max: number, plan: string) => `${n} Hosts, mehr als die ${max} des Tarifs ${plan}`,
    overPlanDetail:
      'Alle Gäste bleiben sichtbar und synchronisiert, aber es können keine Hosts hinzugefügt werden, bis der Bestand wieder in den Tarif passt.',
    overPlanAction: 'Entfernen Sie nicht mehr benötigte Gäste oder Hosts oder wechseln Sie zu einem größeren Tarif (Preise).',
  },
  pt: {
    hostOffline: (h: string) => `O host ${h} está offline`,
    hostOfflineAction: 'Verifique se o host está ligado e acessível na porta 8006 e, em seguida, sincronize-o.',
    memory: (h: string, pct: number) => `Pressão de memória em ${h} (${pct}% em uso)`,
    memoryDetail: (used: string, total: string) => `${used} de ${total} em uso.`,
    memoryAction: 'Mova ou reduza convidados, ou adicione RAM.',
    rootfs: (h: string, pct: number) => `O disco de sistema de ${h} está ${pct}% cheio`,
    storage: (s: string, h: string, pct: number) => `O armazenamento ${s} em ${h} está ${pct}% cheio`,
    diskDetail: (used: string, total: string) => `${used} de ${total} utilizados.`,
    diskAction: 'Remova cópias de segurança antigas, imagens ISO ou snapshots, ou expanda o armazenamento.',
    stopped: (n: number) => `${n} ${plural(n, 'convidado parado', 'convidados parados')}`,
    stoppedAction: 'Inicie os que precisa e remova os que já não utiliza.',
    noBackup: (n: number) => `${n} ${plural(n, 'convidado', 'convidados')} sem cópia de segurança nas últimas 24 h`,
    noBackupAction: 'Agende uma tarefa diária de cópia de segurança vzdump (Datacenter > Backup).',
    updates: (h: string, n: number) =>
      `${n} ${plural(n, 'atualização de pacote pendente', 'atualizações de pacotes pendentes')} em ${h}`,
    updatesAction: 'Aplique-as com apt dist-upgrade durante uma janela de manutenção.',
    oldPve: (h: string, v: string) => `${h} executa o Proxmox VE ${v}, que já não recebe atualizações`,
    oldPveAction: 'Planeie a atualização para o Proxmox VE 8 (o pve7to8 verifica primeiro o host).',
    olderPve: (h: string, v: string) => `${h} executa o Proxmox VE ${v}; está disponível uma versão 8.x mais recente`,
    olderPveAction: 'Atualize o host para a versão 8.x mais recente.',
    oldPveDetail: 'O Proxmox VE 7 atingiu o fim de vida em 31 de julho de 2024: já não recebe correções de segurança.',
    olderPveDetail: 'As versões 8.x mais recentes trazem correções de segurança e de estabilidade.',
    andMore: (n: number) => ` e mais ${n}`,
    overPlanGuests: (n: number, max: number, plan: string) => `${n} convidados, mais do que os ${max} do plano ${plan}`,
    overPlanHosts: (n: number, max: number, plan: string) => `${n} anfitriões, mais do que os ${max} do plano ${plan}`,
    overPlanDetail:
      'Todos os convidados continuam visíveis e sincronizados, mas nenhum anfitrião pode ser adicionado até o parque voltar a caber no plano.',
    overPlanAction: 'Remova os convidados ou anfitriões de que já não precisa, ou mude para um plano superior (Preços).',
  },
  zh: {
    hostOffline: (h: string) => `主机 ${h} 已离线`,
    hostOfflineAction: '请检查主机是否已开机，并可通过 8006 端口访问，然后重新同步。',
    memory: (h: string, pct: number) => `${h} 内存紧张（已使用 ${pct}%）`,
    memoryDetail: (used: string, total: string) => `已使用 ${used}，共 ${total}。`,
    memoryAction: '迁移或缩减虚拟机/容器，或增加 RAM。',
    rootfs: (h: string, pct: number) => `${h} 的系统盘已使用 ${pct}%`,
    storage: (s: string, h: string, pct: number) => `${h} 上的存储 ${s} 已使用 ${pct}%`,
    diskDetail: (used: string, total: string) => `已使用 ${used}，共 ${total}。`,
    diskAction: '删除旧的备份、ISO 镜像或快照，或扩容存储。',
    stopped: (n: number) => `${n} 个虚拟机/容器已停止`,
    stoppedAction: '启动需要的虚拟机/容器，删除不再使用的。',
    noBackup: (n: number) => `${n} 个虚拟机/容器在过去 24 小时内没有备份`,
    noBackupAction: '请设置每日 vzdump 备份任务（数据中心 > 备份）。',
    updates: (h: string, n: number) => `${h} 上有 ${n} 个软件包更新待安装`,
    updatesAction: '请在维护窗口内使用 apt dist-upgrade 安装更新。',
    oldPve: (h: string, v: string) => `${h} 运行的 Proxmox VE ${v} 已不再获得更新`,
    oldPveAction: '请规划升级到 Proxmox VE 8（先用 pve7to8 检查主机）。',
    olderPve: (h: string, v: string) => `${h} 运行 Proxmox VE ${v}；已有更新的 8.x 版本`,
    olderPveAction: '请将主机更新到最新的 8.x 版本。',
    oldPveDetail: 'Proxmox VE 7 已于 2024年7月31日结束生命周期：不再提供安全修复。',
    olderPveDetail: '更新的 8.x 小版本包含安全性和稳定性修复。',
    andMore: (n: number) => ` 及另外 ${n} 个`,
    overPlanGuests: (n: number, max: number, plan: string) => `${n} 个虚拟机，超过 ${plan} 套餐的 ${max} 个上限`,
    overPlanHosts: (n: number, max: number, plan: string) => `${n} 台主机，超过 ${plan} 套餐的 ${max} 台上限`,
    overPlanDetail: '所有虚拟机仍然可见并保持同步，但在资源重新符合套餐之前无法添加主机。',
    overPlanAction: '删除不再需要的虚拟机或主机，或升级到更高的套餐（价格）。',
  },
  ja: {
    hostOffline: (h: string) => `ホスト ${h} がオフラインです`,
    hostOfflineAction: 'ホストが起動していて、ポート 8006 に到達できることを確認してから同期してください。',
    memory: (h: string, pct: number) => `${h} のメモリが逼迫しています（使用率 ${pct}%）`,
    memoryDetail: (used: string, total: string) => `${total} 中 ${used} を使用中です。`,
    memoryAction: 'ゲストを移動または縮小するか、RAM を増設してください。',
    rootfs: (h: string, pct: number) => `${h} のシステムディスクの使用率が ${pct}% です`,
    storage: (s: string, h: string, pct: number) => `${h} のストレージ ${s} の使用率が ${pct}% です`,
    diskDetail: (used: string, total: string) => `${total} 中 ${used} を使用しています。`,
    diskAction: '古いバックアップ、ISO イメージ、スナップショットを削除するか、ストレージを拡張してください。',
    stopped: (n: number) => `停止中のゲスト ${n} 台`,
    stoppedAction: '必要なものは起動し、使わなくなったものは削除してください。',
    noBackup: (n: number) => `過去 24 時間バックアップがないゲスト ${n} 台`,
    noBackupAction: '毎日の vzdump バックアップジョブを設定してください（データセンター > バックアップ）。',
    updates: (h: string, n: number) => `${h} に未適用のパッケージ更新が ${n} 件あります`,
    updatesAction: 'メンテナンス時間帯に apt dist-upgrade で適用してください。',
    oldPve: (h: string, v: string) => `${h} は更新が提供されなくなった Proxmox VE ${v} を実行しています`,
    oldPveAction: 'Proxmox VE 8 へのアップグレードを計画してください（事前に pve7to8 でホストをチェックします）。',
    olderPve: (h: string, v: string) => `${h} は Proxmox VE ${v} を実行しています。より新しい 8.x リリースが利用可能です`,
    olderPveAction: 'ホストを最新の 8.x リリースに更新してください。',
    oldPveDetail: 'Proxmox VE 7 は 2024年7月31日にサポートが終了しました。セキュリティ修正は今後提供されません。',
    olderPveDetail: '新しい 8.x ポイントリリースには、セキュリティと安定性の修正が含まれています。',
    andMore: (n: number) => ` ほか ${n} 件`,
    overPlanGuests: (n: number, max: number, plan: string) =>
      `ゲストが ${n} 台あり、${plan} プランの上限 ${max} 台を超えています`,
    overPlanHosts: (n: number, max: number, plan: string) => `ホストが ${n} 台あり、${plan} プランの上限 ${max} 台を超えています`,
    overPlanDetail: 'すべてのゲストは引き続き表示・同期されますが、プランの範囲内に戻るまでホストを追加できません。',
    overPlanAction: '不要になったゲストやホストを削除するか、上位のプランに変更してください（料金）。',
  },
  ar: {
    hostOffline: (h: string) => `المضيف ${h} غير متصل`,
    hostOfflineAction: 'تحقق من أن المضيف يعمل ويمكن الوصول إليه عبر المنفذ 8006، ثم قم بمزامنته.',
    memory: (h: string, pct: number) => `استخدام مرتفع للذاكرة على ${h} (${pct}% مستخدمة)`,
    memoryDetail: (used: string, total: string) => `${used} مستخدمة من أصل ${total}.`,
    memoryAction: 'انقل بعض الأجهزة الضيفة أو قلّص مواردها، أو أضف المزيد من RAM.',
    rootfs: (h: string, pct: number) => `قرص النظام على ${h} ممتلئ بنسبة ${pct}%`,
    storage: (s: string, h: string, pct: number) => `وحدة التخزين ${s} على ${h} ممتلئة بنسبة ${pct}%`,
    diskDetail: (used: string, total: string) => `${used} مستخدمة من أصل ${total}.`,
    diskAction: 'احذف النسخ الاحتياطية القديمة أو صور ISO أو اللقطات، أو وسّع مساحة التخزين.',
    stopped: (n: number) => `${n} ${arCount(n, 'جهاز ضيف متوقف', 'أجهزة ضيفة متوقفة')}`,
    stoppedAction: 'شغّل ما تحتاج إليه منها، واحذف ما لم تعد تستخدمه.',
    noBackup: (n: number) => `${n} ${arCount(n, 'جهاز ضيف', 'أجهزة ضيفة')} دون نسخة احتياطية خلال آخر 24 ساعة`,
    noBackupAction: 'جدوِل مهمة نسخ احتياطي يومية باستخدام vzdump (Datacenter > Backup).',
    updates: (h: string, n: number) => `${n} ${arCount(n, 'تحديث حزم', 'تحديثات حزم')} بانتظار التثبيت على ${h}`,
    updatesAction: 'طبّقها باستخدام apt dist-upgrade خلال نافذة صيانة.',
    oldPve: (h: string, v: string) => `${h} يعمل بالإصدار Proxmox VE ${v} الذي لم يعد يتلقى تحديثات`,
    oldPveAction: 'خطّط للترقية إلى Proxmox VE 8 (يتحقق pve7to8 من المضيف أولًا).',
    olderPve: (h: string, v: string) => `${h} يعمل بالإصدار Proxmox VE ${v}؛ يتوفر إصدار 8.x أحدث`,
    olderPveAction: 'حدّث المضيف إلى أحدث إصدار 8.x.',
    oldPveDetail: 'انتهى دعم Proxmox VE 7 في 31 يوليو 2024: لم تعد تصدر له إصلاحات أمنية.',
    olderPveDetail: 'تتضمن إصدارات 8.x الأحدث إصلاحات للأمان والاستقرار.',
    andMore: (n: number) => ` و${n} أخرى`,
    overPlanGuests: (n: number, max: number, plan: string) => `${n} ضيفًا، أكثر من الحد ${max} في خطة ${plan}`,
    overPlanHosts: (n: number, max: number, plan: string) => `${n} مضيفًا، أكثر من الحد ${max} في خطة ${plan}`,
    overPlanDetail: 'تبقى جميع الضيوف ظاهرة ومتزامنة، لكن لا يمكن إضافة أي مضيف حتى يعود الأسطول ضمن حدود الخطة.',
    overPlanAction: 'احذف الضيوف أو المضيفين الذين لم تعد تحتاجهم، أو انتقل إلى خطة أعلى (الأسعار).',
  },
} satisfies Record<Language, ItemTexts>;

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
