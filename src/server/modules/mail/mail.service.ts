import nodemailer from 'nodemailer';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { createMailRepository } from './mail.repository';

export type MailMessage = { to: string; subject: string; text: string; html: string };
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
  return { to: opts.to, subject: opts.subject, text, html };
}

// Every message is kept in the outbox table; with SMTP configured it is also delivered.
export function createMailer(config: Config, db: Db, log: (msg: string) => void): Mailer {
  const repo = createMailRepository(db);
  const transport = config.smtp ? nodemailer.createTransport(config.smtp.url) : null;
  return {
    kind: transport ? 'smtp' : 'outbox',
    async send(msg) {
      const row = await repo.insert({ ...msg, transport: transport ? 'smtp' : 'outbox' });
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
        });
        await repo.markSent(row.id);
      } catch (err) {
        await repo.markSent(row.id, err instanceof Error ? err.message : String(err));
        log(`mail to ${msg.to} failed: ${String(err)}`);
      }
    },
  };
}
