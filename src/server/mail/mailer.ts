import { createRequire } from 'node:module';
import type Nodemailer from 'nodemailer';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { createOutboxRepository } from './outbox.repository';

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** secrets in the body (link tokens) the outbox copy must not keep once SMTP delivered the mail */
  redact?: string[];
  /** extra headers (List-Unsubscribe, List-Unsubscribe-Post), kept in the outbox copy too */
  headers?: Record<string, string>;
};

export const REDACTED = '[redacted]';

/** The message as the outbox keeps it after SMTP delivered it: the link tokens replaced. */
export function redactMessage<T extends { text: string; html: string }>(msg: T, secrets: string[]): T {
  const scrub = (s: string) =>
    secrets.reduce((acc, secret) => (secret ? acc.split(secret).join(REDACTED) : acc), s);
  return { ...msg, text: scrub(msg.text), html: scrub(msg.html) };
}
export type Mailer = { readonly kind: 'outbox' | 'smtp'; send(msg: MailMessage): Promise<void> };

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function linkMail(opts: {
  to: string;
  subject: string;
  intro: string;
  linkLabel: string;
  link: string;
  outro?: string;
}): MailMessage {
  const text = `${opts.intro}\n\n${opts.linkLabel}: ${opts.link}\n\n${opts.outro ?? ''}`.trim();
  const html = `<p>${escapeHtml(opts.intro)}</p><p><a href="${escapeHtml(opts.link)}">${escapeHtml(opts.linkLabel)}</a></p>${
    opts.outro ? `<p>${escapeHtml(opts.outro)}</p>` : ''
  }`;
  // a reset, verification or revert link carries its one-time token as ?token=
  const token = new URL(opts.link).searchParams.get('token');
  return { to: opts.to, subject: opts.subject, text, html, ...(token ? { redact: [token] } : {}) };
}

// Every message is kept in the outbox table; with SMTP configured it is also delivered.
const require = createRequire(import.meta.url);

export function createMailer(config: Config, db: Db, log: (msg: string) => void): Mailer {
  const repo = createOutboxRepository(db);
  // nodemailer loads only with SMTP configured: an outbox-only studio never needs it (issue 27)
  const transport = config.smtp
    ? (require('nodemailer') as typeof Nodemailer).createTransport(config.smtp.url)
    : null;
  return {
    kind: transport ? 'smtp' : 'outbox',
    async send(msg) {
      const { redact, ...stored } = msg;
      const row = await repo.insert({ ...stored, transport: transport ? 'smtp' : 'outbox' });
      if (!transport) {
        if (config.env === 'development') log(`mail to ${msg.to}: ${msg.subject}\n${msg.text}`);
        await repo.markSent(row.id);
        return;
      }
      try {
        await transport.sendMail({
          from: config.smtp!.from,
          to: msg.to,
          subject: msg.subject,
          text: msg.text,
          html: msg.html,
          ...(msg.headers ? { headers: msg.headers } : {}),
        });
        // Delivered: the outbox copy is a log now, not a way in (issue 13, point 7). The outbox
        // transport above keeps the link, since there the outbox is the delivery.
        await repo.markSent(row.id, undefined, redact?.length ? redactMessage(stored, redact) : undefined);
      } catch (err) {
        await repo.markSent(row.id, err instanceof Error ? err.message : String(err));
        log(`mail to ${msg.to} failed: ${String(err)}`);
      }
    },
  };
}
