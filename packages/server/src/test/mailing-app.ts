import { afterAll, beforeAll, expect } from 'vitest';
import type { Engine } from '../db/dialect.ts';
import type { HttpClient } from './http-client.ts';
import { type CapturedMail, type Mailbox, startMailbox } from './smtp-receiver.ts';
import { startTestApp, type TestApp } from './test-app.ts';

/** A suite's app that sends its mail to a real SMTP receiver, with the root signed in. */
export interface MailingApp {
  t: TestApp;
  root: HttpClient;
  smtp: Mailbox;
  /** Creates a record through the form API as root and answers it. */
  created(alias: string, body: Record<string, unknown>): Promise<Record<string, unknown> & { id: number }>;
  /** The mails the receiver has got for an address. */
  mailsTo(email: string): CapturedMail[];
}

/** Starts the receiver and the app before the suite's tests and closes both after them. */
export function mailingApp(engine: Engine): MailingApp {
  const suite = {
    async created(alias: string, body: Record<string, unknown>) {
      const response = await suite.root.post(`/api/cms/form/${alias}`, body);
      expect(response.status, response.text).toBe(201);
      return response.body.data;
    },
    mailsTo: (email: string) => suite.smtp.mails.filter((mail) => mail.to.includes(email)),
  } as MailingApp;
  beforeAll(async () => {
    suite.smtp = await startMailbox();
    suite.t = await startTestApp(engine, { PUBLIC_URL: 'https://klub.test', SMTP_URL: suite.smtp.url });
    suite.root = await suite.t.signedInAsRoot();
  });
  afterAll(async () => {
    await suite.t?.close();
    await suite.smtp?.close();
  });
  return suite;
}
