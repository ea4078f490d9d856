// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { resolveLegalType } from '@/features/marketing/pages/legal-page';
import { guideUrl, INSTALL_COMMANDS } from './install-commands';

describe('guideUrl', () => {
  it('picks the guide of each of the nine languages', () => {
    for (const lng of ['fr', 'en', 'es', 'it', 'pt', 'de', 'ja', 'zh', 'ar']) {
      expect(guideUrl('install', lng)).toBe(`/guides/install-${lng}.pdf`);
      expect(guideUrl('migration', lng)).toBe(`/guides/migration-${lng}.pdf`);
    }
  });

  it('reduces regional variants to the language and falls back to French', () => {
    expect(guideUrl('install', 'pt-BR')).toBe('/guides/install-pt.pdf');
    expect(guideUrl('install', 'ko')).toBe('/guides/install-fr.pdf');
    expect(guideUrl('install', undefined)).toBe('/guides/install-fr.pdf');
    expect(guideUrl('install', '')).toBe('/guides/install-fr.pdf');
  });
});

describe('INSTALL_COMMANDS', () => {
  it('grants only the read and power privileges the portal uses', () => {
    const privs = /--privs "([^"]+)"/.exec(INSTALL_COMMANDS.role)?.[1]?.split(' ');
    expect(privs?.sort()).toEqual(['Datastore.Audit', 'Sys.Audit', 'VM.Audit', 'VM.PowerMgmt']);
    expect(INSTALL_COMMANDS.role).not.toContain('VM.Backup');
  });

  it('adds backup rights only in the optional step, with the storage right vzdump needs', () => {
    expect(INSTALL_COMMANDS.backup).toContain('--append 1');
    expect(INSTALL_COMMANDS.backup).toContain('"VM.Backup Datastore.AllocateSpace"');
  });

  it('gives the privilege-separated token its own ACL, quoted for the shell', () => {
    expect(INSTALL_COMMANDS.token).toContain('--privsep 1');
    expect(INSTALL_COMMANDS.tokenAcl).toBe("pveum aclmod / -token 'proxai@pve!portal' -role ProxAIMonitor");
  });
});

describe('resolveLegalType', () => {
  it('keeps the three known types and shows privacy for anything else', () => {
    expect(resolveLegalType('privacy')).toBe('privacy');
    expect(resolveLegalType('mentions')).toBe('mentions');
    expect(resolveLegalType('cgv')).toBe('cgv');
    expect(resolveLegalType('unknown')).toBe('privacy');
    expect(resolveLegalType('legal')).toBe('privacy');
    expect(resolveLegalType(undefined)).toBe('privacy');
  });
});
