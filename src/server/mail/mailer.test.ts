import { once } from 'node:events';
import net from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../db/schema/index';
import { createHarness, type Harness } from '../test/harness';
import { createMailer, linkMail, REDACTED } from './mailer';

// The least of an SMTP server nodemailer can deliver to (no TLS, no auth); it keeps what it received.
async function fakeSmtp(opts: { refuseData?: boolean } = {}) {
  const received: string[] = [];
  const server = net.createServer((socket) => {
    let buffer = '';
    let inData = false;
    socket.write('220 localhost ESMTP test\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let nl: number;
      while ((nl = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            socket.write('250 queued\r\n');
          } else received.push(line);
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') socket.write('250-localhost\r\n250 8BITMIME\r\n');
        else if (verb === 'DATA') {
          if (opts.refuseData) socket.write('554 refused\r\n');
          else {
            inData = true;
            socket.write('354 go ahead\r\n');
          }
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
    socket.on('error', () => {});
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, received, close: () => server.close() };
}

let h: Harness;
beforeAll(async () => {
  h = await createHarness({}, { startQueue: false });
});
afterAll(async () => {
  await h?.close();
});

const resetMail = (to: string, token: string) =>
  linkMail({
    to,
    subject: 'Reset your LoRA Studio password',
    intro: 'Hi, someone asked to reset the password.',
    linkLabel: 'Choose a new password',
    link: `http://127.0.0.1:3000/reset-password?token=${token}`,
  });

const stored = async (to: string) =>
  (await h.deps.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)))[0];

describe('outbox copies of link mails', () => {
  it('keeps the token once SMTP delivered the mail only as [redacted]', async () => {
    const smtp = await fakeSmtp();
    try {
      const mailer = createMailer(
        { ...h.config, smtp: { url: smtp.url, from: 'test@localhost' } },
        h.deps.db,
        () => {},
      );
      expect(mailer.kind).toBe('smtp');
      await mailer.send(resetMail('smtp_ok@example.com', 'SecretToken_0123456789abc'));
      // the recipient got the live link
      expect(smtp.received.join('\n')).toContain('SecretToken_0123456789abc');
      const row = await stored('smtp_ok@example.com');
      expect(row.sentAt).toBeInstanceOf(Date);
      expect(row.text).not.toContain('SecretToken_0123456789abc');
      expect(row.html).not.toContain('SecretToken_0123456789abc');
      expect(row.text).toContain(`reset-password?token=${REDACTED}`);
      expect(row.html).toContain(`reset-password?token=${REDACTED}`);
    } finally {
      smtp.close();
    }
  });

  it('keeps the token when SMTP refused the mail, and with the outbox transport (the delivery)', async () => {
    const smtp = await fakeSmtp({ refuseData: true });
    try {
      const mailer = createMailer(
        { ...h.config, smtp: { url: smtp.url, from: 'test@localhost' } },
        h.deps.db,
        () => {},
      );
      await mailer.send(resetMail('smtp_refused@example.com', 'RefusedToken_0123456789ab'));
      const row = await stored('smtp_refused@example.com');
      expect(row.sentAt).toBeNull();
      expect(row.error).toBeTruthy();
      expect(row.text).toContain('RefusedToken_0123456789ab');
    } finally {
      smtp.close();
    }
    const outbox = createMailer({ ...h.config, smtp: undefined }, h.deps.db, () => {});
    expect(outbox.kind).toBe('outbox');
    await outbox.send(resetMail('outbox_only@example.com', 'OutboxToken_0123456789abc'));
    expect((await stored('outbox_only@example.com')).text).toContain('OutboxToken_0123456789abc');
  });
});
