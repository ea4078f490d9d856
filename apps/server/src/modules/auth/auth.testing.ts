import type { startSmtpPeer } from './smtp-peer';

/** What the e-mail sign-in tests read out of the mails a real SMTP peer received. */
export type SmtpPeer = Awaited<ReturnType<typeof startSmtpPeer>>;

export const codeIn = (text: string) => {
  const code = /(\d{6})\s*$/m.exec(text.split('\n').find((l) => /:\s*\d{6}\s*$/.test(l)) ?? '')?.[1];
  if (!code) throw new Error(`no code in mail:\n${text}`);
  return code;
};
/**
 * The mailed link `<base>/auth#magic=<token>`: `href` as written in the mail, `url` parsed, and `token`, which the
 * /auth page posts to `POST /api/auth/magic` to sign in.
 */
export const linkIn = (text: string) => {
  const match = /(https?:\/\/\S+\/auth#magic=(\S+))/.exec(text);
  if (!match) throw new Error(`no link in mail:\n${text}`);
  const href = match[1]!;
  return { href, url: new URL(href), token: decodeURIComponent(match[2]!) };
};

export async function waitForMail(peer: SmtpPeer, to: string, count: number) {
  for (let i = 0; i < 100; i++) {
    const mine = peer.mails.filter((m) => m.to.includes(to));
    if (mine.length >= count) return mine[count - 1]!;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no mail #${count} for ${to}`);
}
