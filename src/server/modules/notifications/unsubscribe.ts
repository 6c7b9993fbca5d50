import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { NOTIFICATION_KIND_LABELS, type NotificationKind } from '../../../shared/schemas/notifications';
import type { AppDeps } from '../../deps';
import { sendError } from '../../http/error-handler';
import { UNSUBSCRIBE_PATH } from './notification-mail';
import { createNotificationsRepository } from './notifications.repository';
import { readUnsubscribeToken } from './unsubscribe-token';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const ONE_CLICK = 'List-Unsubscribe=One-Click';
const BAD_LINK = 'This unsubscribe link is not valid. Change your mail settings in LoRA Studio instead.';

/** A small page in the system's own light or dark colours (no script: works from any mail client). */
function page(status: number, title: string, inner: string) {
  return {
    status,
    html: `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${esc(title)} · LoRA Studio</title><style>:root{color-scheme:light dark;font-family:system-ui,sans-serif}body{margin:0;background:Canvas;color:CanvasText}main{max-width:32rem;margin:10vh auto;padding:1.5rem}button{font:inherit;padding:.6rem 1.2rem;border-radius:.5rem}a{color:LinkText}</style></head><body><main><h1>${esc(title)}</h1>${inner}</main></body></html>`,
  };
}

/**
 * `GET /unsubscribe?token=` (the link in a notification mail) shows what it would turn off and a
 * button — never acting on GET, since mail scanners follow links. `POST` with the RFC 8058 body
 * `List-Unsubscribe=One-Click` turns that one kind off for that one person, without signing in: the
 * signed token is the authority. Outside /api: it answers HTML to people and mail providers alike.
 */
export async function unsubscribeRoutes(app: FastifyInstance, opts: { deps: AppDeps }) {
  const { deps } = opts;
  const secret = deps.config.sessionSecret;
  const settingsLink = `<p><a href="/settings?tab=notifications">All notification settings</a></p>`;

  // RFC 8058 posts a form; some providers send multipart or nothing declared: read any body as text
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 4096 }, (_req, body, done) =>
    done(null, body),
  );

  const wantsHtml = (request: FastifyRequest) => (request.headers.accept ?? '').includes('text/html');
  const answer = (
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    html: { status: number; html: string },
    json: () => unknown,
  ) =>
    wantsHtml(request)
      ? reply
          .status(status)
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(html.html)
      : json();

  app.get(UNSUBSCRIBE_PATH, async (request, reply) => {
    const token = (request.query as Record<string, unknown>).token;
    const who = readUnsubscribeToken(secret, token);
    reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
    // a browser from the mail gets the page; any other client the API's error body
    if (!who)
      return answer(
        request,
        reply,
        400,
        page(400, 'Link not valid', `<p>${esc(BAD_LINK)}</p>${settingsLink}`),
        () => sendError(reply, 400, 'INVALID_TOKEN', BAD_LINK),
      );
    const label = NOTIFICATION_KIND_LABELS[who.kind];
    const p = page(
      200,
      'Stop these mails?',
      `<p>You will no longer get mails about: <strong>${esc(label)}</strong>. You still see these in the app.</p>` +
        `<form method="post" action="${UNSUBSCRIBE_PATH}?token=${esc(String(token))}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>` +
        settingsLink,
    );
    return reply.status(200).type('text/html; charset=utf-8').send(p.html);
  });

  app.post(UNSUBSCRIBE_PATH, async (request, reply) => {
    const token = (request.query as Record<string, unknown>).token;
    const who = readUnsubscribeToken(secret, token);
    if (!who) {
      return answer(request, reply, 400, page(400, 'Link not valid', `<p>${esc(BAD_LINK)}</p>`), () =>
        sendError(reply, 400, 'INVALID_TOKEN', BAD_LINK),
      );
    }
    const body = typeof request.body === 'string' ? request.body : '';
    if (
      !new URLSearchParams(body).getAll('List-Unsubscribe').includes('One-Click') &&
      !body.includes(ONE_CLICK)
    ) {
      const msg = `Send ${ONE_CLICK} to unsubscribe (RFC 8058).`;
      return answer(request, reply, 400, page(400, 'Nothing changed', `<p>${esc(msg)}</p>`), () =>
        sendError(reply, 400, 'BAD_REQUEST', msg),
      );
    }
    const done = await turnOff(deps, who.userId, who.kind);
    if (!done) {
      const msg = 'This account no longer exists.';
      return answer(request, reply, 404, page(404, 'Nothing to change', `<p>${esc(msg)}</p>`), () =>
        sendError(reply, 404, 'NOT_FOUND', msg),
      );
    }
    const label = NOTIFICATION_KIND_LABELS[who.kind];
    return answer(
      request,
      reply,
      200,
      page(
        200,
        'Unsubscribed',
        `<p>You will no longer get mails about: <strong>${esc(label)}</strong>.</p>${settingsLink}`,
      ),
      () => reply.status(200).send({ success: true, kind: who.kind, mail: false }),
    );
  });
}

async function turnOff(deps: Pick<AppDeps, 'db'>, userId: string, kind: NotificationKind) {
  const repo = createNotificationsRepository(deps.db);
  const user = await repo.recipient(userId);
  if (!user) return false;
  await repo.setMail(userId, kind, false);
  return true;
}
