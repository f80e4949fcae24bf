import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  /** Links in the mail, logged when mail goes to the outbox folder so a developer can follow them. */
  links?: string[];
}

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
        await transport.sendMail({ from: options.from, to: mail.to, subject: mail.subject, text: mail.text });
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
      const info = await transport.sendMail({
        from: options.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
      });
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
