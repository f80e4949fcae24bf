// One SMTP receiver for API and browser tests alike.
export {
  type CapturedMail,
  type Mailbox,
  startMailbox,
} from '../../packages/server/src/test/smtp-receiver.ts';
