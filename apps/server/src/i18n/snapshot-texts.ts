import type { Language } from '@proxai/contract';
import type { Text } from './text';

/** Snapshot and bulk-action texts (see messages.ts for the conventions). */
export const SNAPSHOT_TEXTS = {
  // --- Bulk guest actions (POST /vms/bulk-action) -----------------------------------------------------------
  'bulk.notFound': {
    en: {
      one: '{count} of the {total} guests was not found (unknown, removed, or in another organisation); nothing was started',
      other: '{count} of the {total} guests were not found (unknown, removed, or in another organisation); nothing was started',
    },
    fr: {
      one: "{count} des {total} invités est introuvable (inconnu, supprimé ou dans une autre organisation). Rien n'a été lancé",
      other:
        "{count} des {total} invités sont introuvables (inconnus, supprimés ou dans une autre organisation). Rien n'a été lancé",
    },
    de: {
      one: '{count} von {total} Gästen wurde nicht gefunden (unbekannt, entfernt oder in einer anderen Organisation); es wurde nichts gestartet',
      other:
        '{count} von {total} Gästen wurden nicht gefunden (unbekannt, entfernt oder in einer anderen Organisation); es wurde nichts gestartet',
    },
    es: {
      one: 'No se encontró {count} de los {total} invitados (desconocido, eliminado o de otra organización); no se ha iniciado nada',
      other:
        'No se encontraron {count} de los {total} invitados (desconocidos, eliminados o de otra organización); no se ha iniciado nada',
    },
    it: {
      one: "{count} dei {total} guest non è stato trovato (sconosciuto, rimosso o di un'altra organizzazione); non è stato avviato nulla",
      other:
        "{count} dei {total} guest non sono stati trovati (sconosciuti, rimossi o di un'altra organizzazione); non è stato avviato nulla",
    },
    pt: {
      one: '{count} dos {total} convidados não foi encontrado (desconhecido, removido ou de outra organização); nada foi iniciado',
      other:
        '{count} dos {total} convidados não foram encontrados (desconhecidos, removidos ou de outra organização); nada foi iniciado',
    },
    zh: '{total} 个虚拟机/容器中有 {count} 个未找到（不存在、已删除或属于其他组织），未执行任何操作',
    ja: 'ゲスト {total} 台のうち {count} 台が見つかりません（存在しない、削除済み、または別の組織のゲスト）。何も開始していません',
    ar: 'لم يُعثر على {count} من أصل {total} من الأجهزة الضيفة (غير معروفة أو محذوفة أو تابعة لمؤسسة أخرى)؛ لم يُشغَّل أي شيء',
  },

  // --- Snapshots (/vms/:id/snapshots) -------------------------------------------------------------------------
  'snapshot.vmstateContainer': {
    en: '{guest} is a container: containers have no RAM state to save, so vmstate is for QEMU VMs only',
    fr: "{guest} est un conteneur\u00a0: un conteneur n'a pas d'état de la mémoire à enregistrer, vmstate ne s'applique qu'aux VM QEMU",
    de: '{guest} ist ein Container: Container haben keinen RAM-Zustand, der gespeichert werden kann; vmstate gilt nur für QEMU-VMs',
    es: '{guest} es un contenedor: los contenedores no tienen estado de RAM que guardar; vmstate solo se aplica a las VM QEMU',
    it: '{guest} è un container: i container non hanno uno stato della RAM da salvare; vmstate vale solo per le VM QEMU',
    pt: '{guest} é um contentor: os contentores não têm estado da RAM para guardar; vmstate aplica-se apenas a VM QEMU',
    zh: '{guest} 是容器：容器没有可保存的内存状态，vmstate 仅适用于 QEMU 虚拟机',
    ja: '{guest} はコンテナです。コンテナには保存する RAM の状態がないため、vmstate は QEMU VM でのみ使用できます',
    ar: '{guest} حاوية: لا تملك الحاويات حالة ذاكرة RAM لحفظها، لذا يقتصر vmstate على أجهزة QEMU الافتراضية',
  },
  'snapshot.reservedName': {
    en: "'{name}' is reserved by Proxmox VE; choose another snapshot name",
    fr: "«\u00a0{name}\u00a0» est réservé par Proxmox VE. Choisissez un autre nom d'instantané",
    de: '„{name}“ ist von Proxmox VE reserviert; wählen Sie einen anderen Snapshot-Namen',
    es: '«{name}» está reservado por Proxmox VE; elija otro nombre para la instantánea',
    it: "'{name}' è riservato da Proxmox VE; scegliete un altro nome per lo snapshot",
    pt: '«{name}» está reservado pelo Proxmox VE; escolha outro nome para o snapshot',
    zh: '“{name}”是 Proxmox VE 的保留名称，请选择其他快照名称',
    ja: '「{name}」は Proxmox VE の予約名です。別のスナップショット名を選んでください',
    ar: 'الاسم «{name}» محجوز في Proxmox VE؛ اختر اسمًا آخر للقطة',
  },
  'snapshot.policyName': {
    en: "'{name}' has the form of a snapshot policy's names (a prefix, '-' and 14 digits), so a policy could delete it; choose another name",
    fr: "«\u00a0{name}\u00a0» a la forme des noms d'une politique d'instantanés (un préfixe, «\u00a0-\u00a0» et 14 chiffres), qu'une politique pourrait supprimer. Choisissez un autre nom",
    de: '„{name}“ hat die Form der Namen einer Snapshot-Richtlinie (ein Präfix, „-“ und 14 Ziffern) und könnte von ihr gelöscht werden; wählen Sie einen anderen Namen',
    es: '«{name}» tiene la forma de los nombres de una política de instantáneas (un prefijo, «-» y 14 dígitos), y una política podría eliminarla; elija otro nombre',
    it: "'{name}' ha la forma dei nomi di una policy di snapshot (un prefisso, '-' e 14 cifre) e una policy potrebbe eliminarlo; scegliete un altro nome",
    pt: '«{name}» tem a forma dos nomes de uma política de snapshots (um prefixo, «-» e 14 dígitos) e uma política poderia eliminá-lo; escolha outro nome',
    zh: '“{name}”符合快照策略的命名格式（前缀、“-”和 14 位数字），可能会被策略删除，请选择其他名称',
    ja: '「{name}」はスナップショットポリシーの名前の形式（接頭辞、「-」、14 桁の数字）のため、ポリシーによって削除される可能性があります。別の名前を選んでください',
    ar: 'للاسم «{name}» صيغة أسماء سياسة اللقطات (بادئة ثم «-» ثم 14 رقمًا)، وقد تحذفه سياسة؛ اختر اسمًا آخر',
  },
} as const satisfies Record<string, Record<Language, Text>>;
