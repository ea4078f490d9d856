// How a feature sends mail; the mailer plugin (plugins/app/mailer.ts) implements it over SMTP or a development outbox.

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
}

export interface OutboxEntry extends Mail {
  id: number;
  at: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  /** Mails kept in memory when no SMTP server is configured (development only). */
  outbox: OutboxEntry[];
  readonly isSmtp: boolean;
}
