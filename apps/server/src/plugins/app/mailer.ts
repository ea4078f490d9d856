import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import type { Mailer, OutboxEntry } from '../../kernel/mailer';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

const OUTBOX_MAX = 200;

/**
 * Sends mail through nodemailer over SMTP_URL (pooled connections). Without SMTP_URL each mail is written
 * to the log and kept in the dev outbox so a newcomer can sign in locally.
 */
async function mailerPlugin(app: FastifyInstance, opts: { smtpUrl?: string; from: string; logBodies: boolean }): Promise<void> {
  const transport: Transporter | undefined = opts.smtpUrl
    ? nodemailer.createTransport(opts.smtpUrl.includes('?') ? `${opts.smtpUrl}&pool=true` : `${opts.smtpUrl}?pool=true`)
    : undefined;
  const outbox: OutboxEntry[] = [];
  let nextId = 1;
  const mailer: Mailer = {
    outbox,
    isSmtp: Boolean(transport),
    async send(mail) {
      if (transport) {
        await transport.sendMail({ from: opts.from, ...mail });
        app.log.info({ to: mail.to, subject: mail.subject }, 'mail sent');
        return;
      }
      outbox.push({ ...mail, id: nextId++, at: new Date().toISOString() });
      if (outbox.length > OUTBOX_MAX) outbox.shift();
      if (opts.logBodies) {
        // Local development only (no SMTP): the text is logged so a newcomer can read the sign-in code.
        app.log.info({ to: mail.to, subject: mail.subject }, `mail (dev outbox, no SMTP_URL):\n${mail.text}`);
      } else {
        app.log.info({ to: mail.to, subject: mail.subject }, 'mail kept in the dev outbox (no SMTP_URL)');
      }
    },
  };
  app.decorate('mailer', mailer);
  app.addHook('onClose', async () => {
    transport?.close();
  });
}

export const mailer = fp(mailerPlugin, { name: 'mailer' });
