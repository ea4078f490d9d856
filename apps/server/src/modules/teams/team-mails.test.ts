import { LANGUAGES } from '@proxai/contract';
import { ORG_ROLES } from '@proxai/contract/permissions';
import { describe, expect, it } from 'vitest';
import { inviteMail, stepUpMail } from './team-mails';

const link = 'https://proxai.example.test/invite/tok_abc123';
const invite = { organisation: 'Acme', inviter: 'alice@example.test', role: 'operator' as const, link };

describe('inviteMail', () => {
  it.each(LANGUAGES)('builds the %s mail with the link, the organisation and the inviter', (language) => {
    const mail = inviteMail(language, invite);
    expect(mail.subject).not.toBe('');
    expect(mail.subject).toContain('Acme');
    expect(mail.text).toContain(link);
    expect(mail.text).toContain('Acme');
    expect(mail.text).toContain('alice@example.test');
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.html).toContain(`lang="${language}"`);
    expect(mail.html).toContain(language === 'ar' ? 'dir="rtl"' : 'dir="ltr"');
  });

  it('escapes the user-typed organisation and inviter names in HTML', () => {
    const mail = inviteMail('en', { ...invite, organisation: '<script>alert(1)</script>', inviter: 'Bob "&" <b>' });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).toContain('Bob &quot;&amp;&quot; &lt;b&gt;');
    // The plain text is not HTML: it keeps the name as typed.
    expect(mail.text).toContain('<script>alert(1)</script>');
  });

  it('keeps user-typed names on one line', () => {
    const mail = inviteMail('en', { ...invite, organisation: 'Acme\r\nBcc: evil@example.test' });
    expect(mail.subject).toBe('Invitation to join Acme Bcc: evil@example.test on ProxAI');
    expect(mail.text.split('\n')[0]).toContain('Acme Bcc: evil@example.test');
  });

  it('does not read slots inside the values', () => {
    const mail = inviteMail('en', { ...invite, organisation: '{role}' });
    expect(mail.subject).toBe('Invitation to join {role} on ProxAI');
  });

  it('names the roles in French', () => {
    const names = ORG_ROLES.map((role) => inviteMail('fr', { ...invite, role }).text);
    expect(names[0]).toContain('«\u00a0Propriétaire\u00a0»');
    expect(names[1]).toContain('«\u00a0Administrateur\u00a0»');
    expect(names[2]).toContain('«\u00a0Opérateur\u00a0»');
    expect(names[3]).toContain('«\u00a0Lecture seule\u00a0»');
    expect(inviteMail('fr', { ...invite, role: 'readonly' }).html).toContain('Lecture seule');
    expect(names[0]?.replace(link, '')).not.toMatch(/[^\u00a0][:;!?]/);
  });

  it('says the link works once, for 7 days, with this address', () => {
    const mail = inviteMail('en', invite);
    expect(mail.text).toContain('only once, for 7 days');
    expect(mail.text).toContain('this e-mail address');
  });
});

describe('stepUpMail', () => {
  it.each(LANGUAGES)('builds the %s mail with the code, never in the subject', (language) => {
    const mail = stepUpMail(language, { code: '482915' });
    expect(mail.subject).not.toBe('');
    expect(mail.subject).not.toContain('482915');
    expect(mail.text).toContain('482915');
    expect(mail.text).toContain('5');
    expect(mail.html).toContain('>482915</p>');
    expect(mail.html).toContain(`lang="${language}"`);
  });

  it('names the action when given, escaped in HTML', () => {
    const mail = stepUpMail('en', { code: '482915', action: 'Delete <b>prod</b>' });
    expect(mail.text).toContain('Action: Delete <b>prod</b>');
    expect(mail.html).toContain('Delete &lt;b&gt;prod&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>prod');
    expect(stepUpMail('en', { code: '482915' }).text).not.toContain('Action:');
  });

  it('follows French typography', () => {
    const mail = stepUpMail('fr', { code: '482915', action: 'Supprimer l’hôte' });
    expect(mail.text).toContain('Votre code de confirmation\u00a0: 482915');
    expect(mail.text).toContain('Action\u00a0: Supprimer l’hôte');
    expect(mail.text).toContain('session\u00a0: déconnectez-vous partout');
    expect(mail.text).not.toMatch(/[^\u00a0][:;!?]/);
  });

  it('tells what to do if you did not ask', () => {
    expect(stepUpMail('en', { code: '482915' }).text).toContain('sign out everywhere from the Security settings');
  });
});
