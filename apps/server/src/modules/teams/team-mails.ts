import type { Language } from '@proxai/contract';
import type { OrgRole } from '@proxai/contract/permissions';
import { fill, template, translate } from '../../i18n/catalogue';
import { escapeHtml } from '../auth/mail-templates';

// The mails of the teams module, built like auth/mail-templates.ts: the words in locales/<lng>/mails.json (SPEC.md §9),
// the same HTML layout, and the subject never carries a secret (the mailer logs it). French uses a no-break space
// before : ; ! ? and inside « », as the web's locales do.

/** User-typed names on one line: no line break can forge a header or a line of the mail. */
const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

/** A label followed by its colon, in the language's typography. */
function labelled(language: Language, label: string): string {
  return translate(language, 'mails', 'stepUp.labelled', { label });
}

/** Puts `values` into the `{{name}}` slots of `text`; `html` escapes the text and marks each value up. */
function filled(text: string, values: Record<string, string>, html = false): string {
  if (!html) return fill(text, values);
  return fill(escapeHtml(text), values, (value) => `<strong><bdi>${escapeHtml(value)}</bdi></strong>`);
}

/** The layout of auth/mail-templates.ts around `body` (already HTML). */
function page(language: Language, subject: string, body: string): string {
  const dir = language === 'ar' ? 'rtl' : 'ltr';
  return `<!doctype html>
<html lang="${language}" dir="${dir}">
<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f1f5f9;font-family:Arial,Helvetica,sans-serif;color:#0f172a">
  <table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
    <tr><td>
      <h1 style="font-size:20px;margin:0 0 16px">ProxAI</h1>
${body}
    </td></tr>
  </table>
</body>
</html>`;
}

/** The invitation mail: `link` is the /invite/{token} address, valid 7 days, single use. */
export function inviteMail(
  language: Language,
  input: { organisation: string; inviter: string; role: OrgRole; link: string },
): { subject: string; text: string; html: string } {
  const t = {
    subject: template(language, 'mails', 'invite.subject'),
    intro: template(language, 'mails', 'invite.intro'),
    button: translate(language, 'mails', 'invite.button'),
    expiry: translate(language, 'mails', 'invite.expiry'),
    ignore: translate(language, 'mails', 'invite.ignore'),
  };
  const role = translate(language, 'mails', `invite.roles.${input.role}`);
  const values = { organisation: oneLine(input.organisation), inviter: oneLine(input.inviter), role };
  const subject = filled(t.subject, values);
  const text = [filled(t.intro, values), '', input.link, '', t.expiry, t.ignore, '', '— ProxAI'].join('\n');
  const html = page(
    language,
    subject,
    `      <p style="font-size:15px;line-height:1.5;margin:0 0 24px">${filled(t.intro, values, true)}</p>
      <p style="margin:0 0 24px"><a href="${escapeHtml(input.link)}" style="display:inline-block;background:#2563eb;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:bold">${escapeHtml(t.button)}</a></p>
      <p style="font-size:13px;color:#475569;line-height:1.5;margin:0 0 8px">${escapeHtml(t.expiry)}</p>
      <p style="font-size:13px;color:#475569;line-height:1.5;margin:0">${escapeHtml(t.ignore)}</p>`,
  );
  return { subject, text, html };
}

/**
 * A 6-digit code confirming a sensitive action (step-up by e-mail for someone without a second factor); valid 5
 * minutes. `action`, when given, names the action in the mail's language.
 */
export function stepUpMail(
  language: Language,
  input: { code: string; action?: string },
): { subject: string; text: string; html: string } {
  const t = {
    subject: translate(language, 'mails', 'stepUp.subject'),
    intro: translate(language, 'mails', 'stepUp.intro'),
    actionLabel: translate(language, 'mails', 'stepUp.actionLabel'),
    codeLabel: translate(language, 'mails', 'stepUp.codeLabel'),
    expiry: translate(language, 'mails', 'stepUp.expiry'),
    warning: translate(language, 'mails', 'stepUp.warning'),
  };
  // The subject is logged by the mailer, so it never carries the code.
  const subject = t.subject;
  const action = input.action === undefined ? '' : oneLine(input.action);
  const text = [
    t.intro,
    '',
    ...(action ? [`${labelled(language, t.actionLabel)} ${action}`] : []),
    `${labelled(language, t.codeLabel)} ${input.code}`,
    '',
    t.expiry,
    t.warning,
    '',
    '— ProxAI',
  ].join('\n');
  const actionHtml = action
    ? `      <p style="font-size:14px;margin:0 0 16px">${escapeHtml(labelled(language, t.actionLabel))} <strong><bdi>${escapeHtml(action)}</bdi></strong></p>\n`
    : '';
  const html = page(
    language,
    subject,
    `      <p style="font-size:15px;line-height:1.5;margin:0 0 24px">${escapeHtml(t.intro)}</p>
${actionHtml}      <p style="font-size:14px;margin:0 0 8px">${escapeHtml(t.codeLabel)}</p>
      <p style="font-size:32px;letter-spacing:8px;font-weight:bold;margin:0 0 24px" data-code>${escapeHtml(input.code)}</p>
      <p style="font-size:13px;color:#475569;line-height:1.5;margin:0 0 8px">${escapeHtml(t.expiry)}</p>
      <p style="font-size:13px;color:#475569;line-height:1.5;margin:0">${escapeHtml(t.warning)}</p>`,
  );
  return { subject, text, html };
}

export type FactorChange = 'totpAdded' | 'totpRemoved' | 'passkeyAdded' | 'passkeyRemoved';

/**
 * Tells a person a second factor of their account was added or removed, when and from where, with what to do if it
 * was not them (a stolen session must not change factors unseen). `name` is the passkey's.
 */
export function factorChangedMail(
  language: Language,
  input: { change: FactorChange; name?: string; at: Date; ip: string },
): { subject: string; text: string; html: string } {
  const t = {
    subject: translate(language, 'mails', 'factorChanged.subject'),
    change: template(language, 'mails', `factorChanged.${input.change}`),
    when: template(language, 'mails', 'factorChanged.when'),
    wasYou: translate(language, 'mails', 'factorChanged.wasYou'),
    notYou: translate(language, 'mails', 'factorChanged.notYou'),
  };
  const values = {
    name: oneLine(input.name ?? ''),
    time: input.at.toISOString().slice(0, 16).replace('T', ' '),
    ip: oneLine(input.ip),
  };
  const subject = t.subject;
  const text = [filled(t.change, values), filled(t.when, values), '', t.wasYou, t.notYou, '', '— ProxAI'].join('\n');
  const html = page(
    language,
    subject,
    `      <p style="font-size:15px;line-height:1.5;margin:0 0 16px">${filled(t.change, values, true)}</p>
      <p style="font-size:14px;line-height:1.5;margin:0 0 24px">${filled(t.when, values, true)}</p>
      <p style="font-size:13px;color:#475569;line-height:1.5;margin:0 0 8px">${escapeHtml(t.wasYou)}</p>
      <p style="font-size:14px;line-height:1.5;margin:0"><strong>${escapeHtml(t.notYou)}</strong></p>`,
  );
  return { subject, text, html };
}

/**
 * Tells the other owners and administrators that someone archived the audit trail (its records left everyone's view):
 * who, how many records, up to when, and what to do if they did not expect it.
 */
export function auditArchivedMail(
  language: Language,
  input: { actor: string; records: number; before: Date; trail: string },
): { subject: string; text: string; html: string } {
  const values = {
    actor: oneLine(input.actor),
    count: String(input.records),
    before: input.before.toISOString().slice(0, 10),
    trail: oneLine(input.trail),
  };
  const t = {
    subject: template(language, 'mails', 'auditArchived.subject'),
    intro: template(language, 'mails', 'auditArchived.intro'),
    where: translate(language, 'mails', 'auditArchived.where'),
    unexpected: translate(language, 'mails', 'auditArchived.unexpected'),
  };
  const subject = filled(t.subject, values);
  const text = [filled(t.intro, values), '', t.where, t.unexpected, '', '— ProxAI'].join('\n');
  const html = page(
    language,
    subject,
    `      <p style="font-size:15px;line-height:1.5;margin:0 0 16px">${filled(t.intro, values, true)}</p>
      <p style="font-size:13px;color:#475569;line-height:1.5;margin:0 0 8px">${escapeHtml(t.where)}</p>
      <p style="font-size:14px;line-height:1.5;margin:0"><strong>${escapeHtml(t.unexpected)}</strong></p>`,
  );
  return { subject, text, html };
}
