import type { Language } from '@proxai/contract';
import type { Text } from './text';

/** Maintenance windows, schedules and the planner (see messages.ts for the conventions). */
export const AUTOMATION_TEXTS = {
  // The zone typed is not repeated: it may be anything, and the answer's detail is logged.
  'automation.timezoneUnknown': {
    en: 'Unknown time zone: use an IANA name such as Europe/Paris, America/New_York or UTC',
    fr: 'Fuseau horaire inconnu\u00a0: utilisez un nom IANA comme Europe/Paris, America/New_York ou UTC',
    de: 'Unbekannte Zeitzone: Verwenden Sie einen IANA-Namen wie Europe/Paris, America/New_York oder UTC',
    es: 'Zona horaria desconocida: use un nombre IANA como Europe/Paris, America/New_York o UTC',
    it: 'Fuso orario sconosciuto: usa un nome IANA come Europe/Paris, America/New_York o UTC',
    pt: 'Fuso horário desconhecido: utilize um nome IANA como Europe/Paris, America/New_York ou UTC',
    zh: '未知时区：请使用 IANA 名称，例如 Europe/Paris、America/New_York 或 UTC',
    ja: '不明なタイムゾーンです。Europe/Paris、America/New_York、UTC などの IANA 名を使用してください',
    ar: 'منطقة زمنية غير معروفة: استخدم اسم IANA مثل Europe/Paris أو America/New_York أو UTC',
  },
  'schedule.cronFields': {
    en: "'{cron}' is not a cron expression of 5 fields: write minute, hour, day of month, month and day of week, e.g. 0 3 * * 1-5",
    fr: "«\u00a0{cron}\u00a0» n'est pas une expression cron à 5 champs\u00a0: indiquez minute, heure, jour du mois, mois et jour de la semaine, par exemple 0 3 * * 1-5",
    de: "'{cron}' ist kein Cron-Ausdruck mit 5 Feldern: Geben Sie Minute, Stunde, Tag des Monats, Monat und Wochentag an, z. B. 0 3 * * 1-5",
    es: "'{cron}' no es una expresión cron de 5 campos: indique minuto, hora, día del mes, mes y día de la semana, p. ej. 0 3 * * 1-5",
    it: "'{cron}' non è un'espressione cron di 5 campi: indica minuto, ora, giorno del mese, mese e giorno della settimana, ad es. 0 3 * * 1-5",
    pt: "'{cron}' não é uma expressão cron de 5 campos: indique minuto, hora, dia do mês, mês e dia da semana, p. ex. 0 3 * * 1-5",
    zh: '“{cron}”不是 5 个字段的 cron 表达式：请依次填写分钟、小时、日期、月份和星期，例如 0 3 * * 1-5',
    ja: '「{cron}」は 5 フィールドの cron 式ではありません。分、時、日、月、曜日の順に指定してください（例: 0 3 * * 1-5）',
    ar: 'التعبير \u200e«{cron}»\u200f ليس تعبير cron من 5 حقول: اكتب الدقيقة والساعة واليوم من الشهر والشهر واليوم من الأسبوع، مثل \u200e0 3 * * 1-5',
  },
  'schedule.cronInvalid': {
    en: "'{cron}' is not a valid cron expression ({reason})",
    fr: "«\u00a0{cron}\u00a0» n'est pas une expression cron valide ({reason})",
    de: "'{cron}' ist kein gültiger Cron-Ausdruck ({reason})",
    es: "'{cron}' no es una expresión cron válida ({reason})",
    it: "'{cron}' non è un'espressione cron valida ({reason})",
    pt: "'{cron}' não é uma expressão cron válida ({reason})",
    zh: '“{cron}”不是有效的 cron 表达式（{reason}）',
    ja: '「{cron}」は有効な cron 式ではありません（{reason}）',
    ar: 'التعبير \u200e«{cron}»\u200f ليس تعبير cron صالحًا (\u200e{reason}\u200f)',
  },
  'schedule.cronNever': {
    en: "'{cron}' never occurs: no date matches it",
    fr: '«\u00a0{cron}\u00a0» ne se produit jamais\u00a0: aucune date ne lui correspond',
    de: "'{cron}' tritt nie ein: Kein Datum passt dazu",
    es: "'{cron}' nunca se produce: ninguna fecha coincide con él",
    it: "'{cron}' non si verifica mai: nessuna data corrisponde",
    pt: "'{cron}' nunca ocorre: nenhuma data corresponde",
    zh: '“{cron}”永远不会触发：没有任何日期与之匹配',
    ja: '「{cron}」は一度も実行されません。一致する日付がありません',
    ar: 'التعبير \u200e«{cron}»\u200f لا يقع أبدًا: لا يطابقه أي تاريخ',
  },
  'schedule.windowUnknown': {
    en: 'The maintenance window was not found in your organisation',
    fr: 'La fenêtre de maintenance est introuvable dans votre organisation',
    de: 'Das Wartungsfenster wurde in Ihrer Organisation nicht gefunden',
    es: 'No se encontró la ventana de mantenimiento en su organización',
    it: 'La finestra di manutenzione non è stata trovata nella tua organizzazione',
    pt: 'A janela de manutenção não foi encontrada na sua organização',
    zh: '在您的组织中找不到该维护窗口',
    ja: 'このメンテナンスウィンドウはお使いの組織に見つかりません',
    ar: 'لم يُعثر على نافذة الصيانة في مؤسستك',
  },
  'schedule.hostsUnknown': {
    en: {
      one: '{count} host of the selector is not in your organisation: {ids}',
      other: '{count} hosts of the selector are not in your organisation: {ids}',
    },
    fr: {
      one: "{count} hôte du sélecteur n'est pas dans votre organisation\u00a0: {ids}",
      other: '{count} hôtes du sélecteur ne sont pas dans votre organisation\u00a0: {ids}',
    },
    de: {
      one: '{count} Host der Auswahl gehört nicht zu Ihrer Organisation: {ids}',
      other: '{count} Hosts der Auswahl gehören nicht zu Ihrer Organisation: {ids}',
    },
    es: {
      one: '{count} host del selector no pertenece a su organización: {ids}',
      other: '{count} hosts del selector no pertenecen a su organización: {ids}',
    },
    it: {
      one: '{count} host del selettore non appartiene alla tua organizzazione: {ids}',
      other: '{count} host del selettore non appartengono alla tua organizzazione: {ids}',
    },
    pt: {
      one: '{count} anfitrião do seletor não pertence à sua organização: {ids}',
      other: '{count} anfitriões do seletor não pertencem à sua organização: {ids}',
    },
    zh: '选择器中有 {count} 台主机不属于您的组织：{ids}',
    ja: 'セレクターのホストのうち {count} 台はお使いの組織に属していません: {ids}',
    ar: {
      one: 'مضيف واحد في المحدِّد لا ينتمي إلى مؤسستك: {ids}',
      two: 'مضيفان في المحدِّد لا ينتميان إلى مؤسستك: {ids}',
      few: '{count} مضيفات في المحدِّد لا تنتمي إلى مؤسستك: {ids}',
      many: '{count} مضيفًا في المحدِّد لا ينتمي إلى مؤسستك: {ids}',
      other: '{count} مضيف في المحدِّد لا ينتمي إلى مؤسستك: {ids}',
    },
  },
  'schedule.guestsUnknown': {
    en: {
      one: '{count} guest of the selector is not in your organisation, or no longer on its host: {ids}',
      other: '{count} guests of the selector are not in your organisation, or no longer on their host: {ids}',
    },
    fr: {
      one: "{count} invité du sélecteur n'est pas dans votre organisation ou n'est plus sur son hôte\u00a0: {ids}",
      other: '{count} invités du sélecteur ne sont pas dans votre organisation ou ne sont plus sur leur hôte\u00a0: {ids}',
    },
    de: {
      one: '{count} Gast der Auswahl gehört nicht zu Ihrer Organisation oder ist nicht mehr auf seinem Host: {ids}',
      other: '{count} Gäste der Auswahl gehören nicht zu Ihrer Organisation oder sind nicht mehr auf ihrem Host: {ids}',
    },
    es: {
      one: '{count} invitado del selector no pertenece a su organización o ya no está en su host: {ids}',
      other: '{count} invitados del selector no pertenecen a su organización o ya no están en su host: {ids}',
    },
    it: {
      one: '{count} guest del selettore non appartiene alla tua organizzazione o non è più sul suo host: {ids}',
      other: '{count} guest del selettore non appartengono alla tua organizzazione o non sono più sul loro host: {ids}',
    },
    pt: {
      one: '{count} convidado do seletor não pertence à sua organização ou já não está no seu anfitrião: {ids}',
      other: '{count} convidados do seletor não pertencem à sua organização ou já não estão no seu anfitrião: {ids}',
    },
    zh: '选择器中有 {count} 个虚拟机/容器不属于您的组织，或已不在其主机上：{ids}',
    ja: 'セレクターのゲストのうち {count} 台はお使いの組織に属していないか、ホスト上にもう存在しません: {ids}',
    ar: {
      one: 'جهاز ضيف واحد في المحدِّد لا ينتمي إلى مؤسستك أو لم يعد على مضيفه: {ids}',
      two: 'جهازان ضيفان في المحدِّد لا ينتميان إلى مؤسستك أو لم يعودا على مضيفهما: {ids}',
      few: '{count} أجهزة ضيفة في المحدِّد لا تنتمي إلى مؤسستك أو لم تعد على مضيفها: {ids}',
      many: '{count} جهازًا ضيفًا في المحدِّد لا ينتمي إلى مؤسستك أو لم يعد على مضيفه: {ids}',
      other: '{count} جهاز ضيف في المحدِّد لا ينتمي إلى مؤسستك أو لم يعد على مضيفه: {ids}',
    },
  },
  'schedule.windowTooShort': {
    en: {
      one: 'The window {window} lasts {count} minute, the job needs about {needed}',
      other: 'The window {window} lasts {count} minutes, the job needs about {needed}',
    },
    fr: {
      one: 'La fenêtre {window} dure {count} minute, la tâche en demande environ {needed}',
      other: 'La fenêtre {window} dure {count} minutes, la tâche en demande environ {needed}',
    },
    de: {
      one: 'Das Fenster {window} dauert {count} Minute, der Auftrag braucht etwa {needed}',
      other: 'Das Fenster {window} dauert {count} Minuten, der Auftrag braucht etwa {needed}',
    },
    es: {
      one: 'La ventana {window} dura {count} minuto, el trabajo necesita unos {needed}',
      other: 'La ventana {window} dura {count} minutos, el trabajo necesita unos {needed}',
    },
    it: {
      one: 'La finestra {window} dura {count} minuto, il lavoro ne richiede circa {needed}',
      other: 'La finestra {window} dura {count} minuti, il lavoro ne richiede circa {needed}',
    },
    pt: {
      one: 'A janela {window} dura {count} minuto, a tarefa precisa de cerca de {needed}',
      other: 'A janela {window} dura {count} minutos, a tarefa precisa de cerca de {needed}',
    },
    zh: '窗口 {window} 只有 {count} 分钟，而该作业大约需要 {needed} 分钟',
    ja: 'ウィンドウ {window} は {count} 分間ですが、このジョブには約 {needed} 分かかります',
    ar: {
      one: 'تدوم النافذة {window} دقيقة واحدة، بينما تحتاج المهمة إلى نحو {needed} دقيقة',
      two: 'تدوم النافذة {window} دقيقتين، بينما تحتاج المهمة إلى نحو {needed} دقيقة',
      few: 'تدوم النافذة {window} {count} دقائق، بينما تحتاج المهمة إلى نحو {needed} دقيقة',
      other: 'تدوم النافذة {window} {count} دقيقة، بينما تحتاج المهمة إلى نحو {needed} دقيقة',
    },
  },
  'window.tooShortFor': {
    en: {
      one: 'The window would last {count} minute, but the schedule {schedule} needs about {needed}',
      other: 'The window would last {count} minutes, but the schedule {schedule} needs about {needed}',
    },
    fr: {
      one: 'La fenêtre durerait {count} minute, mais la planification {schedule} en demande environ {needed}',
      other: 'La fenêtre durerait {count} minutes, mais la planification {schedule} en demande environ {needed}',
    },
    de: {
      one: 'Das Fenster würde {count} Minute dauern, aber der Zeitplan {schedule} braucht etwa {needed}',
      other: 'Das Fenster würde {count} Minuten dauern, aber der Zeitplan {schedule} braucht etwa {needed}',
    },
    es: {
      one: 'La ventana duraría {count} minuto, pero la programación {schedule} necesita unos {needed}',
      other: 'La ventana duraría {count} minutos, pero la programación {schedule} necesita unos {needed}',
    },
    it: {
      one: 'La finestra durerebbe {count} minuto, ma la pianificazione {schedule} ne richiede circa {needed}',
      other: 'La finestra durerebbe {count} minuti, ma la pianificazione {schedule} ne richiede circa {needed}',
    },
    pt: {
      one: 'A janela duraria {count} minuto, mas o agendamento {schedule} precisa de cerca de {needed}',
      other: 'A janela duraria {count} minutos, mas o agendamento {schedule} precisa de cerca de {needed}',
    },
    zh: '窗口将只有 {count} 分钟，但计划 {schedule} 大约需要 {needed} 分钟',
    ja: 'ウィンドウは {count} 分間になりますが、スケジュール {schedule} には約 {needed} 分かかります',
    ar: {
      one: 'ستدوم النافذة دقيقة واحدة، لكن الجدولة {schedule} تحتاج إلى نحو {needed} دقيقة',
      two: 'ستدوم النافذة دقيقتين، لكن الجدولة {schedule} تحتاج إلى نحو {needed} دقيقة',
      few: 'ستدوم النافذة {count} دقائق، لكن الجدولة {schedule} تحتاج إلى نحو {needed} دقيقة',
      other: 'ستدوم النافذة {count} دقيقة، لكن الجدولة {schedule} تحتاج إلى نحو {needed} دقيقة',
    },
  },
  'window.inUse': {
    en: {
      one: 'This window is used by {count} schedule ({names}): remove it from that schedule or delete the schedule first',
      other: 'This window is used by {count} schedules ({names}): remove it from those schedules or delete them first',
    },
    fr: {
      one: "Cette fenêtre est utilisée par {count} planification ({names})\u00a0: retirez-la de cette planification ou supprimez celle-ci d'abord",
      other:
        "Cette fenêtre est utilisée par {count} planifications ({names})\u00a0: retirez-la de ces planifications ou supprimez-les d'abord",
    },
    de: {
      one: 'Dieses Fenster wird von {count} Zeitplan verwendet ({names}): Entfernen Sie es zuerst aus diesem Zeitplan oder löschen Sie den Zeitplan',
      other:
        'Dieses Fenster wird von {count} Zeitplänen verwendet ({names}): Entfernen Sie es zuerst aus diesen Zeitplänen oder löschen Sie sie',
    },
    es: {
      one: 'Esta ventana la usa {count} programación ({names}): quítela de esa programación o elimine la programación primero',
      other: 'Esta ventana la usan {count} programaciones ({names}): quítela de esas programaciones o elimínelas primero',
    },
    it: {
      one: 'Questa finestra è usata da {count} pianificazione ({names}): rimuovila da quella pianificazione o elimina prima la pianificazione',
      other: 'Questa finestra è usata da {count} pianificazioni ({names}): rimuovila da quelle pianificazioni o eliminale prima',
    },
    pt: {
      one: 'Esta janela é usada por {count} agendamento ({names}): retire-a desse agendamento ou elimine primeiro o agendamento',
      other: 'Esta janela é usada por {count} agendamentos ({names}): retire-a desses agendamentos ou elimine-os primeiro',
    },
    zh: '此窗口正被 {count} 个计划使用（{names}）：请先将其从这些计划中移除，或删除这些计划',
    ja: 'このウィンドウは {count} 件のスケジュールで使用されています（{names}）。先にスケジュールから外すか、スケジュールを削除してください',
    ar: {
      one: 'تستخدم جدولة واحدة هذه النافذة ({names}): أزلها من هذه الجدولة أو احذف الجدولة أولًا',
      two: 'تستخدم جدولتان هذه النافذة ({names}): أزلها منهما أو احذفهما أولًا',
      few: 'تستخدم {count} جدولات هذه النافذة ({names}): أزلها منها أو احذفها أولًا',
      other: 'تستخدم {count} جدولة هذه النافذة ({names}): أزلها منها أو احذفها أولًا',
    },
  },
  'automation.invalidAfterPatch': {
    en: 'After this change it would no longer be valid: {problem}',
    fr: 'Après cette modification, elle ne serait plus valide\u00a0: {problem}',
    de: 'Nach dieser Änderung wäre sie nicht mehr gültig: {problem}',
    es: 'Tras este cambio dejaría de ser válida: {problem}',
    it: 'Dopo questa modifica non sarebbe più valida: {problem}',
    pt: 'Após esta alteração deixaria de ser válida: {problem}',
    zh: '此修改会使其失效：{problem}',
    ja: 'この変更を適用すると無効になります: {problem}',
    ar: 'بعد هذا التغيير لن تعود صالحة: \u200e{problem}',
  },
  'schedule.noGuests': {
    en: "No guest matches this schedule's selector: there is nothing to run",
    fr: "Aucun invité ne correspond au sélecteur de cette planification\u00a0: il n'y a rien à exécuter",
    de: 'Kein Gast passt zur Auswahl dieses Zeitplans: Es gibt nichts auszuführen',
    es: 'Ningún invitado coincide con el selector de esta programación: no hay nada que ejecutar',
    it: 'Nessun guest corrisponde al selettore di questa pianificazione: non c’è nulla da eseguire',
    pt: 'Nenhum convidado corresponde ao seletor deste agendamento: não há nada para executar',
    zh: '没有虚拟机/容器符合此计划的选择器：没有可执行的内容',
    ja: 'このスケジュールのセレクターに一致するゲストがありません。実行するものはありません',
    ar: 'لا يطابق أي جهاز ضيف محدِّد هذه الجدولة: لا يوجد ما يُشغَّل',
  },
  'plan.rangeOrder': {
    en: "'to' must come after 'from'",
    fr: '«\u00a0to\u00a0» doit être postérieur à «\u00a0from\u00a0»',
    de: "'to' muss nach 'from' liegen",
    es: "'to' debe ser posterior a 'from'",
    it: "'to' deve essere successivo a 'from'",
    pt: "'to' tem de ser posterior a 'from'",
    zh: '“to”必须晚于“from”',
    ja: '「to」は「from」より後である必要があります',
    ar: 'يجب أن يأتي \u200e«to»\u200f بعد \u200e«from»\u200f',
  },
  'plan.rangeTooLong': {
    en: { one: 'The planner covers at most {count} day at a time', other: 'The planner covers at most {count} days at a time' },
    fr: {
      one: 'Le planificateur couvre au plus {count} jour à la fois',
      other: 'Le planificateur couvre au plus {count} jours à la fois',
    },
    de: {
      one: 'Der Planer umfasst höchstens {count} Tag auf einmal',
      other: 'Der Planer umfasst höchstens {count} Tage auf einmal',
    },
    es: {
      one: 'El planificador abarca como máximo {count} día a la vez',
      other: 'El planificador abarca como máximo {count} días a la vez',
    },
    it: {
      one: 'Il pianificatore copre al massimo {count} giorno alla volta',
      other: 'Il pianificatore copre al massimo {count} giorni alla volta',
    },
    pt: {
      one: 'O planeador abrange no máximo {count} dia de cada vez',
      other: 'O planeador abrange no máximo {count} dias de cada vez',
    },
    zh: '计划视图一次最多覆盖 {count} 天',
    ja: 'プランナーで一度に表示できるのは最大 {count} 日です',
    ar: {
      one: 'يغطي المخطِّط يومًا واحدًا على الأكثر في كل مرة',
      two: 'يغطي المخطِّط يومين على الأكثر في كل مرة',
      few: 'يغطي المخطِّط {count} أيام على الأكثر في كل مرة',
      many: 'يغطي المخطِّط {count} يومًا على الأكثر في كل مرة',
      other: 'يغطي المخطِّط {count} يوم على الأكثر في كل مرة',
    },
  },
} as const satisfies Record<string, Record<Language, Text>>;
