import type { Language } from '@proxai/contract';
import type { Text } from './text';

/** Texts of the task routes (see messages.ts for the conventions). */
export const TASK_TEXTS = {
  'task.endedOnHost': {
    en: 'This task has already finished on the host ({exitstatus}); it ends as Proxmox left it',
    fr: 'Cette tâche est déjà terminée sur l’hôte ({exitstatus})\u00a0; elle se termine comme Proxmox l’a laissée',
    de: 'Diese Aufgabe ist auf dem Host bereits beendet ({exitstatus}); sie endet so, wie Proxmox sie beendet hat',
    es: 'Esta tarea ya ha terminado en el host ({exitstatus}); termina tal como la dejó Proxmox',
    it: "Questa attività è già terminata sull'host ({exitstatus}); termina come l'ha lasciata Proxmox",
    pt: 'Esta tarefa já terminou no anfitrião ({exitstatus}); termina tal como o Proxmox a deixou',
    zh: '此任务已在主机上结束（{exitstatus}），将保持 Proxmox 给出的结果',
    ja: 'このタスクはホスト上で既に終了しています（{exitstatus}）。Proxmox の結果のまま終了します',
    ar: 'انتهت هذه المهمة بالفعل على المضيف (\u200e{exitstatus}\u200e)؛ وتنتهي كما تركها Proxmox',
  },
  'task.stopRefused': {
    en: 'Proxmox refused to stop this task: {reason}',
    fr: 'Proxmox a refusé d’arrêter cette tâche\u00a0: {reason}',
    de: 'Proxmox hat das Stoppen dieser Aufgabe abgelehnt: {reason}',
    es: 'Proxmox se negó a detener esta tarea: {reason}',
    it: 'Proxmox ha rifiutato di fermare questa attività: {reason}',
    pt: 'O Proxmox recusou-se a parar esta tarefa: {reason}',
    zh: 'Proxmox 拒绝停止此任务：{reason}',
    ja: 'Proxmox がこのタスクの停止を拒否しました: {reason}',
    ar: 'رفض Proxmox إيقاف هذه المهمة: \u200e{reason}',
  },
  'task.runningNotCancellable': {
    en: 'This task is already running and can no longer be cancelled',
    fr: 'Cette tâche est déjà en cours et ne peut plus être annulée',
    de: 'Diese Aufgabe läuft bereits und kann nicht mehr abgebrochen werden',
    es: 'Esta tarea ya está en curso y ya no se puede cancelar',
    it: 'Questa attività è già in corso e non può più essere annullata',
    pt: 'Esta tarefa já está em curso e já não pode ser cancelada',
    zh: '此任务已在运行，无法再取消',
    ja: 'このタスクは既に実行中のため、取り消せません',
    ar: 'هذه المهمة قيد التنفيذ بالفعل ولم يعد من الممكن إلغاؤها',
  },
  'task.alreadyEnded': {
    en: 'This task has already ended ({status})',
    fr: 'Cette tâche est déjà terminée ({status})',
    de: 'Diese Aufgabe ist bereits beendet ({status})',
    es: 'Esta tarea ya ha terminado ({status})',
    it: 'Questa attività è già terminata ({status})',
    pt: 'Esta tarefa já terminou ({status})',
    zh: '此任务已结束（{status}）',
    ja: 'このタスクは既に終了しています（{status}）',
    ar: 'انتهت هذه المهمة بالفعل (\u200e{status}\u200e)',
  },
} as const satisfies Record<string, Record<Language, Text>>;
