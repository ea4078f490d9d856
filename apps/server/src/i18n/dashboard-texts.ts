import type { Language } from '@proxai/contract';
import type { Text } from './text';

/** Sync, guest action and plan-limit texts (see messages.ts for the conventions). */
export const DASHBOARD_TEXTS = {
  // --- Manual sync (POST /hosts/:id/sync) -------------------------------------------------------------------
  'sync.summary': {
    en: 'Synced {host}: {guests} ({changes})',
    fr: 'Synchronisation de {host} terminée\u00a0: {guests} ({changes})',
    es: 'Sincronización de {host} completada: {guests} ({changes})',
    it: 'Sincronizzazione di {host} completata: {guests} ({changes})',
    de: '{host} synchronisiert: {guests} ({changes})',
    pt: 'Sincronização de {host} concluída: {guests} ({changes})',
    zh: '已同步 {host}：{guests}（{changes}）',
    ja: '{host} を同期しました：{guests}（{changes}）',
    ar: 'تمت مزامنة {host}: {guests} ({changes})',
  },
  'sync.summaryNoChange': {
    en: 'Synced {host}: {guests}, no change',
    fr: 'Synchronisation de {host} terminée\u00a0: {guests}, aucun changement',
    es: 'Sincronización de {host} completada: {guests}, sin cambios',
    it: 'Sincronizzazione di {host} completata: {guests}, nessuna modifica',
    de: '{host} synchronisiert: {guests}, keine Änderungen',
    pt: 'Sincronização de {host} concluída: {guests}, sem alterações',
    zh: '已同步 {host}：{guests}，无变化',
    ja: '{host} を同期しました：{guests}、変更なし',
    ar: 'تمت مزامنة {host}: {guests}، دون أي تغيير',
  },
  'sync.guests': {
    en: { one: '{count} guest', other: '{count} guests' },
    fr: { one: '{count} invité', other: '{count} invités' },
    es: { one: '{count} invitado', other: '{count} invitados' },
    it: '{count} guest',
    de: { one: '{count} Gast', other: '{count} Gäste' },
    pt: { one: '{count} convidado', other: '{count} convidados' },
    zh: '{count} 个虚拟机/容器',
    ja: 'ゲスト {count} 台',
    ar: {
      one: 'جهاز ضيف واحد',
      two: 'جهازان ضيفان',
      few: '{count} أجهزة ضيفة',
      many: '{count} جهازًا ضيفًا',
      other: '{count} جهاز ضيف',
    },
  },
  'sync.added': {
    en: '{count} added',
    fr: { one: '{count} ajouté', other: '{count} ajoutés' },
    es: { one: '{count} añadido', other: '{count} añadidos' },
    it: { one: '{count} aggiunto', other: '{count} aggiunti' },
    de: '{count} hinzugefügt',
    pt: { one: '{count} adicionado', other: '{count} adicionados' },
    zh: '新增 {count} 个',
    ja: '追加 {count}',
    ar: 'إضافة {count}',
  },
  'sync.removed': {
    en: '{count} removed',
    fr: { one: '{count} supprimé', other: '{count} supprimés' },
    es: { one: '{count} eliminado', other: '{count} eliminados' },
    it: { one: '{count} rimosso', other: '{count} rimossi' },
    de: '{count} entfernt',
    pt: { one: '{count} removido', other: '{count} removidos' },
    zh: '移除 {count} 个',
    ja: '削除 {count}',
    ar: 'إزالة {count}',
  },
  'sync.changed': {
    en: '{count} changed',
    fr: { one: '{count} modifié', other: '{count} modifiés' },
    es: { one: '{count} modificado', other: '{count} modificados' },
    it: { one: '{count} modificato', other: '{count} modificati' },
    de: '{count} geändert',
    pt: { one: '{count} alterado', other: '{count} alterados' },
    zh: '变更 {count} 个',
    ja: '変更 {count}',
    ar: 'تعديل {count}',
  },
  /** Between the parts of a list ('2 added, 1 removed'). */
  'list.separator': {
    en: ', ',
    fr: ', ',
    es: ', ',
    it: ', ',
    de: ', ',
    pt: ', ',
    zh: '，',
    ja: '、',
    ar: '، ',
  },

  // --- Guest actions (POST /vms/:id/action) ----------------------------------------------------------------
  'guest.sent.start': {
    en: 'VM start command sent',
    fr: 'Commande de démarrage envoyée à la VM',
    es: 'Comando de inicio enviado a la VM',
    it: 'Comando di avvio inviato alla VM',
    de: 'Start-Befehl an die VM gesendet',
    pt: 'Comando de início enviado à VM',
    zh: '已发送虚拟机启动命令',
    ja: 'VM の起動コマンドを送信しました',
    ar: 'تم إرسال أمر التشغيل إلى الجهاز الافتراضي',
  },
  'guest.sent.stop': {
    en: 'VM stop command sent',
    fr: "Commande d'arrêt envoyée à la VM",
    es: 'Comando de detención enviado a la VM',
    it: 'Comando di arresto inviato alla VM',
    de: 'Stopp-Befehl an die VM gesendet',
    pt: 'Comando de paragem enviado à VM',
    zh: '已发送虚拟机停止命令',
    ja: 'VM の停止コマンドを送信しました',
    ar: 'تم إرسال أمر الإيقاف إلى الجهاز الافتراضي',
  },
  'guest.sent.restart': {
    en: 'VM restart command sent',
    fr: 'Commande de redémarrage envoyée à la VM',
    es: 'Comando de reinicio enviado a la VM',
    it: 'Comando di riavvio inviato alla VM',
    de: 'Neustart-Befehl an die VM gesendet',
    pt: 'Comando de reinício enviado à VM',
    zh: '已发送虚拟机重启命令',
    ja: 'VM の再起動コマンドを送信しました',
    ar: 'تم إرسال أمر إعادة التشغيل إلى الجهاز الافتراضي',
  },
  // {guest} is 'VM 101 (web)' or 'CT 102 (db)': the wording avoids agreeing with its gender.
  'guest.alreadyRunning': {
    en: '{guest} is already running',
    fr: "{guest} est déjà en cours d'exécution",
    es: '{guest} ya está en ejecución',
    it: '{guest} è già in esecuzione',
    de: '{guest} läuft bereits',
    pt: '{guest} já está em execução',
    zh: '{guest} 已在运行',
    ja: '{guest} はすでに実行中です',
    ar: '{guest} قيد التشغيل بالفعل',
  },
  'guest.stoppedStartFirst': {
    en: '{guest} is stopped; start it first',
    fr: "{guest} est à l'arrêt\u00a0; lancez d'abord son démarrage",
    es: '{guest} no está en ejecución: primero debe iniciarse',
    it: "{guest} non è in esecuzione: eseguitene prima l'avvio",
    de: '{guest} ist gestoppt; bitte zuerst starten',
    pt: '{guest} não está em execução: execute primeiro o comando de início',
    zh: '{guest} 已停止，请先启动',
    ja: '{guest} は停止しています。先に起動してください',
    ar: '{guest} متوقف؛ شغّله أولًا',
  },

  // --- Plan limits (POST /hosts) -----------------------------------------------------------------------------
  'plan.free': {
    en: 'Free',
    fr: 'Gratuit',
    es: 'Gratis',
    it: 'Gratuito',
    de: 'Kostenlos',
    pt: 'Gratuito',
    zh: '免费版',
    ja: 'フリー',
    ar: 'مجاني',
  },
  'plan.essential': {
    en: 'Essential',
    fr: 'Essentiel',
    es: 'Esencial',
    it: 'Essenziale',
    de: 'Essential',
    pt: 'Essencial',
    zh: '基础版',
    ja: 'エッセンシャル',
    ar: 'أساسي',
  },
  'plan.pro': { en: 'Pro', fr: 'Pro', es: 'Pro', it: 'Pro', de: 'Pro', pt: 'Pro', zh: '专业版', ja: 'プロ', ar: 'احترافي' },
  'plan.enterprise': {
    en: 'Enterprise',
    fr: 'Entreprise',
    es: 'Empresa',
    it: 'Enterprise',
    de: 'Enterprise',
    pt: 'Empresarial',
    zh: '企业版',
    ja: 'エンタープライズ',
    ar: 'مؤسسات',
  },
  'plan.limitHosts': {
    en: {
      one: 'Your {plan} plan allows {count} host; remove a host or upgrade your licence to add another',
      other: 'Your {plan} plan allows {count} hosts; remove a host or upgrade your licence to add another',
    },
    fr: {
      one: 'Votre plan {plan} est limité à {count} hôte\u00a0; supprimez-en un ou passez à une licence supérieure pour en ajouter un autre',
      other:
        'Votre plan {plan} est limité à {count} hôtes\u00a0; supprimez-en un ou passez à une licence supérieure pour en ajouter un autre',
    },
    es: {
      one: 'Su plan {plan} permite {count} host; elimine un host o mejore su licencia para añadir otro',
      other: 'Su plan {plan} permite {count} hosts; elimine un host o mejore su licencia para añadir otro',
    },
    it: 'Il vostro piano {plan} consente {count} host; rimuovete un host o passate a una licenza superiore per aggiungerne un altro',
    de: {
      one: 'Ihr Plan {plan} erlaubt {count} Host; entfernen Sie einen Host oder erweitern Sie Ihre Lizenz, um einen weiteren hinzuzufügen',
      other:
        'Ihr Plan {plan} erlaubt {count} Hosts; entfernen Sie einen Host oder erweitern Sie Ihre Lizenz, um einen weiteren hinzuzufügen',
    },
    pt: {
      one: 'O seu plano {plan} permite {count} host; remova um host ou atualize a sua licença para adicionar outro',
      other: 'O seu plano {plan} permite {count} hosts; remova um host ou atualize a sua licença para adicionar outro',
    },
    zh: '您当前的{plan}最多允许 {count} 台主机；请删除一台主机或升级许可证以添加新主机',
    ja: '{plan} プランで追加できるホストは {count} 台までです。別のホストを追加するには、ホストを削除するかライセンスをアップグレードしてください',
    ar: {
      one: 'تسمح خطتك «{plan}» بمضيف واحد فقط؛ احذف مضيفًا أو قم بترقية ترخيصك لإضافة مضيف آخر',
      two: 'تسمح خطتك «{plan}» بمضيفين فقط؛ احذف مضيفًا أو قم بترقية ترخيصك لإضافة مضيف آخر',
      few: 'تسمح خطتك «{plan}» بـ {count} مضيفات فقط؛ احذف مضيفًا أو قم بترقية ترخيصك لإضافة مضيف آخر',
      many: 'تسمح خطتك «{plan}» بـ {count} مضيفًا فقط؛ احذف مضيفًا أو قم بترقية ترخيصك لإضافة مضيف آخر',
      other: 'تسمح خطتك «{plan}» بـ {count} مضيف فقط؛ احذف مضيفًا أو قم بترقية ترخيصك لإضافة مضيف آخر',
    },
  },
  'plan.limitGuests': {
    en: {
      one: 'Your {plan} plan allows {count} guest; this host has {incoming} and you already have {existing}. Upgrade your licence to add it',
      other:
        'Your {plan} plan allows {count} guests; this host has {incoming} and you already have {existing}. Upgrade your licence to add it',
    },
    fr: {
      one: "Votre plan {plan} est limité à {count} invité\u00a0; cet hôte en compte {incoming} et vous en avez déjà {existing}. Passez à une licence supérieure pour l'ajouter",
      other:
        "Votre plan {plan} est limité à {count} invités\u00a0; cet hôte en compte {incoming} et vous en avez déjà {existing}. Passez à une licence supérieure pour l'ajouter",
    },
    es: {
      one: 'Su plan {plan} permite {count} invitado; este host tiene {incoming} y usted ya tiene {existing}. Mejore su licencia para añadirlo',
      other:
        'Su plan {plan} permite {count} invitados; este host tiene {incoming} y usted ya tiene {existing}. Mejore su licencia para añadirlo',
    },
    it: 'Il vostro piano {plan} consente {count} guest; questo host ne ha {incoming} e ne avete già {existing}. Passate a una licenza superiore per aggiungerlo',
    de: {
      one: 'Ihr Plan {plan} erlaubt {count} Gast; dieser Host hat {incoming} und Sie haben bereits {existing}. Erweitern Sie Ihre Lizenz, um ihn hinzuzufügen',
      other:
        'Ihr Plan {plan} erlaubt {count} Gäste; dieser Host hat {incoming} und Sie haben bereits {existing}. Erweitern Sie Ihre Lizenz, um ihn hinzuzufügen',
    },
    pt: {
      one: 'O seu plano {plan} permite {count} convidado; este host tem {incoming} e já tem {existing}. Atualize a sua licença para o adicionar',
      other:
        'O seu plano {plan} permite {count} convidados; este host tem {incoming} e já tem {existing}. Atualize a sua licença para o adicionar',
    },
    zh: '您当前的{plan}最多允许 {count} 个虚拟机/容器；该主机有 {incoming} 个，而您已有 {existing} 个。请升级许可证以添加该主机',
    ja: '{plan} プランで管理できるゲストは {count} 台までです。このホストには {incoming} 台あり、すでに {existing} 台を管理しています。追加するにはライセンスをアップグレードしてください',
    ar: {
      one: 'تسمح خطتك «{plan}» بجهاز ضيف واحد فقط؛ يضم هذا المضيف {incoming} ولديك {existing} بالفعل. قم بترقية ترخيصك لإضافته',
      two: 'تسمح خطتك «{plan}» بجهازين ضيفين فقط؛ يضم هذا المضيف {incoming} ولديك {existing} بالفعل. قم بترقية ترخيصك لإضافته',
      few: 'تسمح خطتك «{plan}» بـ {count} أجهزة ضيفة فقط؛ يضم هذا المضيف {incoming} ولديك {existing} بالفعل. قم بترقية ترخيصك لإضافته',
      many: 'تسمح خطتك «{plan}» بـ {count} جهازًا ضيفًا فقط؛ يضم هذا المضيف {incoming} ولديك {existing} بالفعل. قم بترقية ترخيصك لإضافته',
      other:
        'تسمح خطتك «{plan}» بـ {count} جهاز ضيف فقط؛ يضم هذا المضيف {incoming} ولديك {existing} بالفعل. قم بترقية ترخيصك لإضافته',
    },
  },
} as const satisfies Record<string, Record<Language, Text>>;
