import { NOTIFICATION_KIND_LABELS, type NotificationKind } from '../../../shared/schemas/notifications';
import { formatUtcMoment } from '../../../shared/intl';
import type { MailMessage } from '../../mail/mailer';
import { signUnsubscribeToken } from './unsubscribe-token';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The page (GET: a button; POST: one click, RFC 8058) that turns one kind's mail off. */
export const UNSUBSCRIBE_PATH = '/unsubscribe';

export function unsubscribeUrl(publicUrl: string, secret: string, userId: string, kind: NotificationKind) {
  return `${publicUrl}${UNSUBSCRIBE_PATH}?token=${signUnsubscribeToken(secret, userId, kind)}`;
}

/**
 * A notification's mail: a plain-text part and its HTML twin, the subject's link, and the RFC 8058
 * headers — `List-Unsubscribe` names the https URL that turns this kind off, `List-Unsubscribe-Post`
 * says a POST of `List-Unsubscribe=One-Click` there does it without signing in.
 */
export function notificationMail(opts: {
  publicUrl: string;
  secret: string;
  to: { id: string; email: string; username: string };
  kind: NotificationKind;
  title: string;
  body: string;
  link: string | null;
  expiresAt?: Date | null;
}): MailMessage {
  const { publicUrl, to, kind } = opts;
  const open = opts.link ? `${publicUrl}${opts.link}` : null;
  const unsubscribe = unsubscribeUrl(publicUrl, opts.secret, to.id, kind);
  const settings = `${publicUrl}/settings?tab=notifications`;
  const label = NOTIFICATION_KIND_LABELS[kind];
  // a mail does not know its reader's zone: the moment is written in UTC, and says so
  const until = opts.expiresAt ? `Available until ${formatUtcMoment(opts.expiresAt)}.` : null;
  const text = [
    `Hi ${to.username},`,
    '',
    opts.body,
    ...(until ? ['', until] : []),
    ...(open ? ['', `Open it: ${open}`] : []),
    '',
    '--',
    `You get this mail because of your LoRA Studio setting "${label}".`,
    `Stop these mails: ${unsubscribe}`,
    `All notification settings: ${settings}`,
  ].join('\n');
  const html = [
    `<p>Hi ${esc(to.username)},</p>`,
    `<p>${esc(opts.body).replace(/\n/g, '<br>')}</p>`,
    until ? `<p>${esc(until)}</p>` : '',
    open ? `<p><a href="${esc(open)}">Open it in LoRA Studio</a></p>` : '',
    `<hr><p style="font-size:12px">You get this mail because of your LoRA Studio setting "${esc(label)}". `,
    `<a href="${esc(unsubscribe)}">Stop these mails</a> · <a href="${esc(settings)}">All notification settings</a></p>`,
  ].join('');
  return {
    to: to.email,
    subject: opts.title,
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
