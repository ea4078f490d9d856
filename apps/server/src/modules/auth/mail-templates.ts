import type { Language } from '@proxai/contract';
import { translate } from '../../i18n/catalogue';

// The mail goes out in the language the page was in (SPEC.md §9); its words are in locales/<lng>/mails.json.

/** Text for an HTML mail body (user-typed names included). */
export const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** The sign-in mail (HTML and plain text) holding both the link and the 6-digit code. */
export function signInMail(language: Language, link: string, code: string): { subject: string; text: string; html: string } {
  const t = {
    subject: translate(language, 'mails', 'signIn.subject'),
    intro: translate(language, 'mails', 'signIn.intro'),
    button: translate(language, 'mails', 'signIn.button'),
    codeLabel: translate(language, 'mails', 'signIn.codeLabel'),
    expiry: translate(language, 'mails', 'signIn.expiry'),
    ignore: translate(language, 'mails', 'signIn.ignore'),
  };
  // The subject is logged by the mailer, so it never carries the code.
  const subject = t.subject;
  const text = [t.intro, '', link, '', `${t.codeLabel}: ${code}`, '', t.expiry, t.ignore, '', '— ProxAI'].join('\n');
  const dir = language === 'ar' ? 'rtl' : 'ltr';
  const html = `<!doctype html>
<html lang="${language}" dir="${dir}">
<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f1f5f9;font-family:Arial,Helvetica,sans-serif;color:#0f172a">
  <table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
    <tr><td>
      <h1 style="font-size:20px;margin:0 0 16px">ProxAI</h1>
      <p style="font-size:15px;line-height:1.5;margin:0 0 24px">${escapeHtml(t.intro)}</p>
      <p style="margin:0 0 24px"><a href="${escapeHtml(link)}" style="display:inline-block;background:#2563eb;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:bold">${escapeHtml(t.button)}</a></p>
      <p style="font-size:14px;margin:0 0 8px">${escapeHtml(t.codeLabel)}</p>
      <p style="font-size:32px;letter-spacing:8px;font-weight:bold;margin:0 0 24px" data-code>${escapeHtml(code)}</p>
      <p style="font-size:13px;color:#475569;line-height:1.5;margin:0 0 8px">${escapeHtml(t.expiry)}</p>
      <p style="font-size:13px;color:#475569;line-height:1.5;margin:0">${escapeHtml(t.ignore)}</p>
    </td></tr>
  </table>
</body>
</html>`;
  return { subject, text, html };
}
