import type { Language } from '@proxai/contract';

/**
 * What the portal says about a Proxmox Backup Server host, in every language of the UI. The catalogue and its
 * conventions are those of i18n/messages.ts (plain texts, `{name}` parameters); these texts can join MESSAGES as
 * they are.
 */
export const PBS_TEXTS = {
  // Connection failures collapse into fixed classes, as for PVE hosts (pve-errors.ts).
  'pbs.cannotReach': {
    en: 'Cannot reach a Proxmox Backup Server API at {url}: check the address, the port (8007) and that the server accepts HTTPS connections from this portal',
    fr: "Impossible de joindre une API Proxmox Backup Server à {url}\u00a0: vérifiez l'adresse, le port (8007) et que le serveur accepte les connexions HTTPS provenant de ce portail",
    es: 'No se puede acceder a una API de Proxmox Backup Server en {url}: compruebe la dirección, el puerto (8007) y que el servidor acepte conexiones HTTPS desde este portal',
    it: "Impossibile raggiungere un'API Proxmox Backup Server su {url}: verificate l'indirizzo, la porta (8007) e che il server accetti connessioni HTTPS da questo portale",
    de: 'Unter {url} ist keine API von Proxmox Backup Server erreichbar: Prüfen Sie die Adresse, den Port (8007) und ob der Server HTTPS-Verbindungen von diesem Portal annimmt',
    pt: 'Não é possível contactar uma API do Proxmox Backup Server em {url}: verifique o endereço, a porta (8007) e se o servidor aceita ligações HTTPS a partir deste portal',
    zh: '无法在 {url} 访问 Proxmox Backup Server API：请检查地址、端口（8007），并确认该服务器接受来自本门户的 HTTPS 连接',
    ja: '{url} の Proxmox Backup Server API に接続できません：アドレス、ポート（8007）、およびサーバーがこのポータルからの HTTPS 接続を受け付けているかを確認してください',
    ar: 'تعذّر الوصول إلى واجهة Proxmox Backup Server البرمجية على {url}: تحقّق من العنوان والمنفذ (8007) ومن أن الخادم يقبل اتصالات HTTPS من هذه البوابة',
  },
  'pbs.notPbs': {
    en: '{url} answered, but not as a Proxmox Backup Server API: check the address and the port (8007)',
    fr: "{url} a répondu, mais pas comme une API Proxmox Backup Server\u00a0: vérifiez l'adresse et le port (8007)",
    es: '{url} respondió, pero no como una API de Proxmox Backup Server: compruebe la dirección y el puerto (8007)',
    it: "{url} ha risposto, ma non come un'API Proxmox Backup Server: verificate l'indirizzo e la porta (8007)",
    de: '{url} hat geantwortet, aber nicht als API von Proxmox Backup Server: Prüfen Sie die Adresse und den Port (8007)',
    pt: '{url} respondeu, mas não como uma API do Proxmox Backup Server: verifique o endereço e a porta (8007)',
    zh: '{url} 作出了响应，但不是 Proxmox Backup Server API 的响应：请检查地址和端口（8007）',
    ja: '{url} から応答がありましたが、Proxmox Backup Server API からの応答ではありません：アドレスとポート（8007）を確認してください',
    ar: 'أجاب {url}، لكن ليس بصفته واجهة Proxmox Backup Server البرمجية: تحقّق من العنوان والمنفذ (8007)',
  },
  'pbs.missingPrivileges': {
    en: 'The credentials of {user} were accepted, but they lack privileges ProxAI needs (at least Datastore.Audit on /datastore and Sys.Audit on /system)',
    fr: 'Les identifiants de {user} ont été acceptés, mais il leur manque des privilèges dont ProxAI a besoin (au moins Datastore.Audit sur /datastore et Sys.Audit sur /system)',
    es: 'Se aceptaron las credenciales de {user}, pero les faltan privilegios que ProxAI necesita (como mínimo Datastore.Audit en /datastore y Sys.Audit en /system)',
    it: 'Le credenziali di {user} sono state accettate, ma mancano privilegi di cui ProxAI ha bisogno (almeno Datastore.Audit su /datastore e Sys.Audit su /system)',
    de: 'Die Anmeldedaten von {user} wurden akzeptiert, aber ihnen fehlen Berechtigungen, die ProxAI braucht (mindestens Datastore.Audit auf /datastore und Sys.Audit auf /system)',
    pt: 'As credenciais de {user} foram aceites, mas faltam-lhes privilégios de que o ProxAI precisa (pelo menos Datastore.Audit em /datastore e Sys.Audit em /system)',
    zh: '{user} 的凭据已被接受，但缺少 ProxAI 所需的权限（至少需要 /datastore 上的 Datastore.Audit 和 /system 上的 Sys.Audit）',
    ja: '{user} の認証情報は受け入れられましたが、ProxAI に必要な権限がありません（少なくとも /datastore の Datastore.Audit と /system の Sys.Audit）',
    ar: 'قُبلت بيانات اعتماد {user}، لكنها تفتقر إلى صلاحيات يحتاجها ProxAI (على الأقل Datastore.Audit على ‎/datastore وSys.Audit على ‎/system)',
  },
  'pbs.notPbsHost': {
    en: '{host} is a Proxmox VE node, not a Proxmox Backup Server',
    fr: '{host} est un nœud Proxmox VE, pas un Proxmox Backup Server',
    es: '{host} es un nodo de Proxmox VE, no un Proxmox Backup Server',
    it: '{host} è un nodo Proxmox VE, non un Proxmox Backup Server',
    de: '{host} ist ein Proxmox-VE-Knoten, kein Proxmox Backup Server',
    pt: '{host} é um nó do Proxmox VE, não um Proxmox Backup Server',
    zh: '{host} 是 Proxmox VE 节点，而不是 Proxmox Backup Server',
    ja: '{host} は Proxmox VE ノードであり、Proxmox Backup Server ではありません',
    ar: '{host} عقدة Proxmox VE، وليس Proxmox Backup Server',
  },
  'pbs.noPrivilegeCheck': {
    en: 'The privilege check is for Proxmox VE nodes; {host} is a Proxmox Backup Server',
    fr: 'La vérification des privilèges concerne les nœuds Proxmox VE\u00a0; {host} est un Proxmox Backup Server',
    es: 'La comprobación de privilegios es para nodos de Proxmox VE; {host} es un Proxmox Backup Server',
    it: 'Il controllo dei privilegi riguarda i nodi Proxmox VE; {host} è un Proxmox Backup Server',
    de: 'Die Prüfung der Berechtigungen gilt für Proxmox-VE-Knoten; {host} ist ein Proxmox Backup Server',
    pt: 'A verificação de privilégios destina-se a nós do Proxmox VE; {host} é um Proxmox Backup Server',
    zh: '权限检查仅适用于 Proxmox VE 节点；{host} 是 Proxmox Backup Server',
    ja: '権限チェックは Proxmox VE ノード向けです。{host} は Proxmox Backup Server です',
    ar: 'فحص الصلاحيات مخصّص لعقد Proxmox VE؛ أمّا {host} فهو Proxmox Backup Server',
  },
  'pbs.read': {
    en: 'Read {host} (Proxmox Backup Server {version})',
    fr: 'Lecture de {host} effectuée (Proxmox Backup Server {version})',
    es: 'Leído {host} (Proxmox Backup Server {version})',
    it: 'Letto {host} (Proxmox Backup Server {version})',
    de: '{host} gelesen (Proxmox Backup Server {version})',
    pt: '{host} lido (Proxmox Backup Server {version})',
    zh: '已读取 {host}（Proxmox Backup Server {version}）',
    ja: '{host} を読み取りました（Proxmox Backup Server {version}）',
    ar: 'تمت قراءة {host} (Proxmox Backup Server {version})',
  },
} as const satisfies Record<string, Record<Language, string>>;

export type PbsTextKey = keyof typeof PBS_TEXTS;

/** Text `key` in `language`, its `{name}` parameters filled in (as i18n/messages.ts `message`). */
export function pbsText(language: Language, key: PbsTextKey, params: Record<string, string | number>): string {
  const text: string = PBS_TEXTS[key][language];
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
