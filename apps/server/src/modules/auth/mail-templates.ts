import type { Language } from '@proxai/contract';

interface SignInTexts {
  subject: string;
  intro: string;
  button: string;
  codeLabel: string;
  expiry: string;
  ignore: string;
}

// One entry per product language (SPEC.md §9): the mail goes out in the language the page was in.
const TEXTS: Record<Language, SignInTexts> = {
  fr: {
    subject: 'Votre code de connexion ProxAI',
    intro: 'Pour vous connecter à ProxAI, cliquez sur le lien ci-dessous ou saisissez le code sur la page de connexion.',
    button: 'Se connecter à ProxAI',
    codeLabel: 'Votre code de connexion',
    expiry: 'Le lien et le code sont valables 15 minutes et ne peuvent servir qu’une seule fois.',
    ignore: 'Si vous n’avez pas demandé cette connexion, ignorez ce message : personne ne pourra se connecter sans lui.',
  },
  en: {
    subject: 'Your ProxAI sign-in code',
    intro: 'To sign in to ProxAI, click the link below or type the code on the sign-in page.',
    button: 'Sign in to ProxAI',
    codeLabel: 'Your sign-in code',
    expiry: 'The link and the code are valid for 15 minutes and can be used only once.',
    ignore: 'If you did not ask to sign in, ignore this message: nobody can sign in without it.',
  },
  es: {
    subject: 'Su código de acceso a ProxAI',
    intro: 'Para iniciar sesión en ProxAI, haga clic en el enlace de abajo o escriba el código en la página de inicio de sesión.',
    button: 'Iniciar sesión en ProxAI',
    codeLabel: 'Su código de acceso',
    expiry: 'El enlace y el código son válidos durante 15 minutos y solo pueden usarse una vez.',
    ignore: 'Si no ha solicitado iniciar sesión, ignore este mensaje: nadie podrá entrar sin él.',
  },
  it: {
    subject: 'Il tuo codice di accesso a ProxAI',
    intro: 'Per accedere a ProxAI, fai clic sul link qui sotto o inserisci il codice nella pagina di accesso.',
    button: 'Accedi a ProxAI',
    codeLabel: 'Il tuo codice di accesso',
    expiry: 'Il link e il codice sono validi per 15 minuti e possono essere usati una sola volta.',
    ignore: 'Se non hai richiesto l’accesso, ignora questo messaggio: nessuno potrà accedere senza di esso.',
  },
  de: {
    subject: 'Ihr ProxAI-Anmeldecode',
    intro: 'Um sich bei ProxAI anzumelden, klicken Sie auf den Link unten oder geben Sie den Code auf der Anmeldeseite ein.',
    button: 'Bei ProxAI anmelden',
    codeLabel: 'Ihr Anmeldecode',
    expiry: 'Link und Code sind 15 Minuten gültig und können nur einmal verwendet werden.',
    ignore: 'Wenn Sie keine Anmeldung angefordert haben, ignorieren Sie diese Nachricht: Ohne sie kann sich niemand anmelden.',
  },
  pt: {
    subject: 'O seu código de acesso ao ProxAI',
    intro: 'Para iniciar sessão no ProxAI, clique na ligação abaixo ou introduza o código na página de início de sessão.',
    button: 'Iniciar sessão no ProxAI',
    codeLabel: 'O seu código de acesso',
    expiry: 'A ligação e o código são válidos durante 15 minutos e só podem ser usados uma vez.',
    ignore: 'Se não pediu para iniciar sessão, ignore esta mensagem: ninguém consegue entrar sem ela.',
  },
  zh: {
    subject: '您的 ProxAI 登录验证码',
    intro: '要登录 ProxAI，请点击下面的链接，或在登录页面输入验证码。',
    button: '登录 ProxAI',
    codeLabel: '您的登录验证码',
    expiry: '链接和验证码在 15 分钟内有效，且只能使用一次。',
    ignore: '如果您没有请求登录，请忽略此邮件：没有它任何人都无法登录。',
  },
  ja: {
    subject: 'ProxAI のサインインコード',
    intro: 'ProxAI にサインインするには、下のリンクをクリックするか、サインインページでコードを入力してください。',
    button: 'ProxAI にサインイン',
    codeLabel: 'サインインコード',
    expiry: 'リンクとコードの有効期限は 15 分で、一度だけ使用できます。',
    ignore: 'サインインを要求していない場合は、このメールを無視してください。このメールがなければ誰もサインインできません。',
  },
  ar: {
    subject: 'رمز تسجيل الدخول إلى ProxAI',
    intro: 'لتسجيل الدخول إلى ProxAI، انقر على الرابط أدناه أو أدخل الرمز في صفحة تسجيل الدخول.',
    button: 'تسجيل الدخول إلى ProxAI',
    codeLabel: 'رمز تسجيل الدخول',
    expiry: 'الرابط والرمز صالحان لمدة 15 دقيقة ولا يمكن استخدامهما إلا مرة واحدة.',
    ignore: 'إذا لم تطلب تسجيل الدخول، فتجاهل هذه الرسالة: لا يمكن لأحد تسجيل الدخول بدونها.',
  },
};

/** Text for an HTML mail body (user-typed names included). */
export const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** The sign-in mail (HTML and plain text) holding both the link and the 6-digit code. */
export function signInMail(language: Language, link: string, code: string): { subject: string; text: string; html: string } {
  const t = TEXTS[language];
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
