import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  /** The same content as HTML, for mails that show an image (the text stays for plain readers). */
  html?: string;
  /** Files in the mail; one with a `cid` is an image the HTML shows as `<img src="cid:…">`. */
  attachments?: MailAttachment[];
  /** Links in the mail, logged when mail goes to the outbox folder so a developer can follow them. */
  links?: string[];
}

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
  cid?: string;
}

/** The message as nodemailer takes it. */
const message = (from: string, mail: OutgoingMail) => ({
  from,
  to: mail.to,
  subject: mail.subject,
  text: mail.text,
  ...(mail.html ? { html: mail.html } : {}),
  ...(mail.attachments?.length ? { attachments: mail.attachments } : {}),
});

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
}

/** SMTP when SMTP_URL is set; otherwise every mail becomes an .eml file in DATA_DIR/outbox. */
export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  dataDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  // nodemailer is loaded at the first mail, not at start.
  const nodemailer = async () => (await import('nodemailer')).default;
  if (options.smtpUrl) {
    const smtpUrl = options.smtpUrl;
    let transport: ReturnType<Awaited<ReturnType<typeof nodemailer>>['createTransport']> | undefined;
    return {
      async send(mail) {
        transport ??= (await nodemailer()).createTransport(smtpUrl);
        await transport.sendMail(message(options.from, mail));
        options.log.info({ to: mail.to, subject: mail.subject }, 'mail sent');
      },
    };
  }
  const outbox = path.join(options.dataDir, 'outbox');
  return {
    async send(mail) {
      const transport = (await nodemailer()).createTransport({
        streamTransport: true,
        buffer: true,
        newline: 'unix',
      });
      const info = await transport.sendMail(message(options.from, mail));
      await fs.mkdir(outbox, { recursive: true });
      const file = path.join(
        outbox,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${process.hrtime.bigint()}.eml`,
      );
      await fs.writeFile(file, info.message as Buffer);
      options.log.info(
        { to: mail.to, subject: mail.subject, links: mail.links, file },
        'mail written to outbox',
      );
    },
  };
}
