/**
 * Shell commands of the install page, run as root on a Proxmox VE 8 node. They are not translated:
 * the explanations around them are (install.json). Privileges: VM.Audit (list guests and their config),
 * VM.PowerMgmt (start/shutdown/reboot), Sys.Audit (node status, version), Datastore.Audit (storages and
 * backup listings). Only if the portal starts backups: VM.Backup, plus Datastore.AllocateSpace because vzdump
 * writes to the backup storage.
 */
export const INSTALL_COMMANDS = {
  role: 'pveum role add ProxAIMonitor --privs "VM.Audit VM.PowerMgmt Sys.Audit Datastore.Audit"',
  user: ['pveum user add proxai@pve --comment "ProxAI portal"', 'pveum aclmod / -user proxai@pve -role ProxAIMonitor'].join('\n'),
  token: 'pveum user token add proxai@pve portal --privsep 1',
  // With privilege separation a token's rights are the intersection of its own ACL and its user's: it needs its own.
  tokenAcl: "pveum aclmod / -token 'proxai@pve!portal' -role ProxAIMonitor",
  backup: 'pveum role modify ProxAIMonitor --append 1 --privs "VM.Backup Datastore.AllocateSpace"',
  fingerprint: [
    'pvenode cert info --output-format json',
    '# or',
    'openssl x509 -noout -fingerprint -sha256 -in /etc/pve/local/pve-ssl.pem',
  ].join('\n'),
} as const;

export const GUIDE_LANGUAGES = ['fr', 'en', 'es', 'it', 'pt', 'de', 'ja', 'zh', 'ar'] as const;

/** The PDF guide for the interface language; anything else gets the French guide (SPEC.md §2). */
export function guideUrl(kind: 'install' | 'migration', language: string | undefined): string {
  const short = (language ?? 'fr').slice(0, 2);
  const lng = GUIDE_LANGUAGES.find((l) => l === short) ?? 'fr';
  return `/guides/${kind}-${lng}.pdf`;
}
