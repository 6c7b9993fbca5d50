import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { notificationMail } from './notification-mail';
import { createNotificationsRepository } from './notifications.repository';
import { JOB_NOTIFICATION_MAIL, mailSwitches } from './notifications.service';

/**
 * A notification's mail, enqueued by `notify` in the event's own transaction. The switch is read
 * when the mail is due (a kind turned off meanwhile sends nothing); `mailed_at` is claimed before
 * the mailer runs, so a retried or duplicated job sends at most one mail per notification.
 */
export function defineNotificationJobs(deps: AppDeps) {
  deps.queue.define({
    name: JOB_NOTIFICATION_MAIL,
    schema: z.object({ notificationId: z.uuid() }),
    maxAttempts: 10,
    handler: async ({ notificationId }) => {
      const repo = createNotificationsRepository(deps.db);
      const n = await repo.byId(notificationId);
      if (!n || n.mailedAt) return { kind: 'done', result: 'skipped' };
      const to = await repo.recipient(n.userId);
      if (!to || to.deletedAt) return { kind: 'done', result: 'skipped' };
      if (!(await mailSwitches(deps.db, n.userId))[n.kind]) return { kind: 'done', result: 'off' };
      if (!(await repo.claimMail(n.id))) return { kind: 'done', result: 'skipped' };
      const mail = notificationMail({
        publicUrl: deps.config.publicUrl,
        secret: deps.config.sessionSecret,
        to,
        kind: n.kind,
        title: n.title,
        body: n.body,
        link: n.link,
        expiresAt: n.expiresAt,
      });
      try {
        await deps.mailer.send(mail);
      } catch (err) {
        // not written to the outbox: let the retry send it
        await repo.releaseMail(n.id);
        throw err;
      }
      return { kind: 'done', result: 'sent' };
    },
  });
}
