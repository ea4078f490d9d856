import type { Language } from '@proxai/contract';
import type { OrgRole } from '@proxai/contract/permissions';
import { escapeHtml } from '../auth/mail-templates';

// The mails of the teams module, built like auth/mail-templates.ts: one entry per product language (SPEC.md §9),
// the same HTML layout, and the subject never carries a secret (the mailer logs it). French uses a no-break space
// before : ; ! ? and inside « », as the web's locales do.

interface InviteTexts {
  /** {organisation} */
  subject: string;
  /** {inviter} {organisation} {role} */
  intro: string;
  button: string;
  expiry: string;
  ignore: string;
  roles: Record<OrgRole, string>;
}

interface StepUpTexts {
  subject: string;
  intro: string;
  actionLabel: string;
  codeLabel: string;
  expiry: string;
  warning: string;
}

const INVITE_TEXTS: Record<Language, InviteTexts> = {
  fr: {
    subject: 'Invitation à rejoindre {organisation} sur ProxAI',
    intro: '{inviter} vous invite à rejoindre l’organisation {organisation} sur ProxAI avec le rôle «\u00a0{role}\u00a0».',
    button: 'Accepter l’invitation',
    expiry:
      'Ce lien ne sert qu’une seule fois, reste valable 7 jours et ne fonctionne qu’avec une session ProxAI ouverte avec cette adresse e-mail.',
    ignore: 'Si vous n’attendiez pas cette invitation, ignorez ce message.',
    roles: { owner: 'Propriétaire', admin: 'Administrateur', operator: 'Opérateur', readonly: 'Lecture seule' },
  },
  en: {
    subject: 'Invitation to join {organisation} on ProxAI',
    intro: '{inviter} invited you to join the organisation {organisation} on ProxAI with the role “{role}”.',
    button: 'Accept the invitation',
    expiry: 'This link works only once, for 7 days, and only while you are signed in to ProxAI with this e-mail address.',
    ignore: 'If you were not expecting this invitation, ignore this message.',
    roles: { owner: 'Owner', admin: 'Administrator', operator: 'Operator', readonly: 'Read-only' },
  },
  es: {
    subject: 'Invitación para unirse a {organisation} en ProxAI',
    intro: '{inviter} le ha invitado a unirse a la organización {organisation} en ProxAI con el rol «{role}».',
    button: 'Aceptar la invitación',
    expiry:
      'Este enlace solo puede usarse una vez, es válido durante 7 días y solo funciona si ha iniciado sesión en ProxAI con esta dirección de correo electrónico.',
    ignore: 'Si no esperaba esta invitación, ignore este mensaje.',
    roles: { owner: 'Propietario', admin: 'Administrador', operator: 'Operador', readonly: 'Solo lectura' },
  },
  it: {
    subject: 'Invito a unirti a {organisation} su ProxAI',
    intro: '{inviter} ti ha invitato a unirti all’organizzazione {organisation} su ProxAI con il ruolo «{role}».',
    button: 'Accetta l’invito',
    expiry:
      'Questo link può essere usato una sola volta, è valido per 7 giorni e funziona solo se hai effettuato l’accesso a ProxAI con questo indirizzo e-mail.',
    ignore: 'Se non ti aspettavi questo invito, ignora questo messaggio.',
    roles: { owner: 'Proprietario', admin: 'Amministratore', operator: 'Operatore', readonly: 'Sola lettura' },
  },
  de: {
    subject: 'Einladung zu {organisation} bei ProxAI',
    intro: '{inviter} hat Sie eingeladen, der Organisation {organisation} bei ProxAI mit der Rolle „{role}“ beizutreten.',
    button: 'Einladung annehmen',
    expiry:
      'Dieser Link kann nur einmal verwendet werden, ist 7 Tage gültig und funktioniert nur, wenn Sie bei ProxAI mit dieser E-Mail-Adresse angemeldet sind.',
    ignore: 'Wenn Sie diese Einladung nicht erwartet haben, ignorieren Sie diese Nachricht.',
    roles: { owner: 'Eigentümer', admin: 'Administrator', operator: 'Operator', readonly: 'Nur Lesen' },
  },
  pt: {
    subject: 'Convite para se juntar a {organisation} no ProxAI',
    intro: '{inviter} convidou-o a juntar-se à organização {organisation} no ProxAI com a função «{role}».',
    button: 'Aceitar o convite',
    expiry:
      'Esta ligação só pode ser usada uma vez, é válida durante 7 dias e só funciona se tiver sessão iniciada no ProxAI com este endereço de e-mail.',
    ignore: 'Se não estava à espera deste convite, ignore esta mensagem.',
    roles: { owner: 'Proprietário', admin: 'Administrador', operator: 'Operador', readonly: 'Só leitura' },
  },
  zh: {
    subject: '邀请您加入 ProxAI 上的 {organisation}',
    intro: '{inviter} 邀请您以“{role}”角色加入 ProxAI 上的组织 {organisation}。',
    button: '接受邀请',
    expiry: '此链接只能使用一次，有效期为 7 天，并且仅在您使用此邮箱地址登录 ProxAI 时有效。',
    ignore: '如果您没有预期收到此邀请，请忽略此邮件。',
    roles: { owner: '所有者', admin: '管理员', operator: '操作员', readonly: '只读' },
  },
  ja: {
    subject: 'ProxAI の {organisation} への招待',
    intro: '{inviter} さんから、ProxAI の組織 {organisation} に「{role}」ロールで参加するよう招待されました。',
    button: '招待を承諾',
    expiry:
      'このリンクは一度だけ使用でき、有効期限は 7 日間です。このメールアドレスで ProxAI にサインインしている場合にのみ機能します。',
    ignore: 'この招待に心当たりがない場合は、このメールを無視してください。',
    roles: { owner: 'オーナー', admin: '管理者', operator: 'オペレーター', readonly: '閲覧のみ' },
  },
  ar: {
    subject: 'دعوة للانضمام إلى {organisation} على ProxAI',
    intro: 'دعاك {inviter} للانضمام إلى المؤسسة {organisation} على ProxAI بدور «{role}».',
    button: 'قبول الدعوة',
    expiry:
      'لا يمكن استخدام هذا الرابط إلا مرة واحدة، وهو صالح لمدة 7 أيام، ولا يعمل إلا إذا كنت قد سجّلت الدخول إلى ProxAI بعنوان البريد الإلكتروني هذا.',
    ignore: 'إذا لم تكن تتوقع هذه الدعوة، فتجاهل هذه الرسالة.',
    roles: { owner: 'المالك', admin: 'المسؤول', operator: 'المشغّل', readonly: 'قراءة فقط' },
  },
};

const STEP_UP_TEXTS: Record<Language, StepUpTexts> = {
  fr: {
    subject: 'Votre code de confirmation ProxAI',
    intro: 'Voici votre code pour confirmer une action sensible dans ProxAI.',
    actionLabel: 'Action',
    codeLabel: 'Votre code de confirmation',
    expiry: 'Le code est valable 5 minutes et ne peut servir qu’une seule fois.',
    warning:
      'Si vous ne l’avez pas demandé, quelqu’un utilise peut-être votre session\u00a0: déconnectez-vous partout depuis les réglages de Sécurité.',
  },
  en: {
    subject: 'Your ProxAI confirmation code',
    intro: 'Here is your code to confirm a sensitive action in ProxAI.',
    actionLabel: 'Action',
    codeLabel: 'Your confirmation code',
    expiry: 'The code is valid for 5 minutes and can be used only once.',
    warning: 'If you did not ask for it, someone may be using your session: sign out everywhere from the Security settings.',
  },
  es: {
    subject: 'Su código de confirmación de ProxAI',
    intro: 'Este es su código para confirmar una acción sensible en ProxAI.',
    actionLabel: 'Acción',
    codeLabel: 'Su código de confirmación',
    expiry: 'El código es válido durante 5 minutos y solo puede usarse una vez.',
    warning:
      'Si no lo ha solicitado, es posible que alguien esté usando su sesión: cierre sesión en todas partes desde los ajustes de Seguridad.',
  },
  it: {
    subject: 'Il tuo codice di conferma ProxAI',
    intro: 'Ecco il tuo codice per confermare un’azione sensibile in ProxAI.',
    actionLabel: 'Azione',
    codeLabel: 'Il tuo codice di conferma',
    expiry: 'Il codice è valido per 5 minuti e può essere usato una sola volta.',
    warning: 'Se non l’hai richiesto, qualcuno potrebbe usare la tua sessione: esci ovunque dalle impostazioni di Sicurezza.',
  },
  de: {
    subject: 'Ihr ProxAI-Bestätigungscode',
    intro: 'Hier ist Ihr Code, um eine sensible Aktion in ProxAI zu bestätigen.',
    actionLabel: 'Aktion',
    codeLabel: 'Ihr Bestätigungscode',
    expiry: 'Der Code ist 5 Minuten gültig und kann nur einmal verwendet werden.',
    warning:
      'Wenn Sie ihn nicht angefordert haben, verwendet möglicherweise jemand Ihre Sitzung: Melden Sie sich in den Sicherheitseinstellungen überall ab.',
  },
  pt: {
    subject: 'O seu código de confirmação do ProxAI',
    intro: 'Aqui está o seu código para confirmar uma ação sensível no ProxAI.',
    actionLabel: 'Ação',
    codeLabel: 'O seu código de confirmação',
    expiry: 'O código é válido durante 5 minutos e só pode ser usado uma vez.',
    warning:
      'Se não o pediu, alguém pode estar a usar a sua sessão: termine a sessão em todo o lado nas definições de Segurança.',
  },
  zh: {
    subject: '您的 ProxAI 确认码',
    intro: '这是您在 ProxAI 中确认敏感操作的验证码。',
    actionLabel: '操作',
    codeLabel: '您的确认码',
    expiry: '确认码在 5 分钟内有效，且只能使用一次。',
    warning: '如果您没有请求此验证码，可能有人正在使用您的会话：请在“安全”设置中选择在所有设备上退出。',
  },
  ja: {
    subject: 'ProxAI の確認コード',
    intro: 'ProxAI での重要な操作を確認するためのコードです。',
    actionLabel: '操作',
    codeLabel: '確認コード',
    expiry: 'コードの有効期限は 5 分で、一度だけ使用できます。',
    warning:
      'このコードを要求していない場合は、誰かがあなたのセッションを使用している可能性があります。「セキュリティ」設定から、すべての場所からサインアウトしてください。',
  },
  ar: {
    subject: 'رمز التأكيد من ProxAI',
    intro: 'إليك الرمز لتأكيد إجراء حساس في ProxAI.',
    actionLabel: 'الإجراء',
    codeLabel: 'رمز التأكيد',
    expiry: 'الرمز صالح لمدة 5 دقائق ولا يمكن استخدامه إلا مرة واحدة.',
    warning: 'إذا لم تطلب هذا الرمز، فقد يكون شخص ما يستخدم جلستك: سجّل الخروج من كل مكان من إعدادات الأمان.',
  },
};

/** User-typed names on one line: no line break can forge a header or a line of the mail. */
const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

/** A label followed by its colon, in the language's typography. */
function labelled(language: Language, label: string): string {
  if (language === 'fr') return `${label}\u00a0:`;
  if (language === 'zh' || language === 'ja') return `${label}：`;
  return `${label}:`;
}

/** Puts `values` into the `{name}` slots of `template`; `html` escapes the template and marks each value up. */
function fill(template: string, values: Record<string, string>, html = false): string {
  const source = html ? escapeHtml(template) : template;
  return source.replace(/\{(\w+)\}/g, (slot, name: string) => {
    const value = values[name];
    if (value === undefined) return slot;
    return html ? `<strong><bdi>${escapeHtml(value)}</bdi></strong>` : value;
  });
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
  const t = INVITE_TEXTS[language];
  const values = { organisation: oneLine(input.organisation), inviter: oneLine(input.inviter), role: t.roles[input.role] };
  const subject = fill(t.subject, values);
  const text = [fill(t.intro, values), '', input.link, '', t.expiry, t.ignore, '', '— ProxAI'].join('\n');
  const html = page(
    language,
    subject,
    `      <p style="font-size:15px;line-height:1.5;margin:0 0 24px">${fill(t.intro, values, true)}</p>
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
  const t = STEP_UP_TEXTS[language];
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
