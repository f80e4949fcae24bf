import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/**
 * What an action returns to answer with a file (an export) instead of the JSON envelope. Its body
 * must not read the database any more: the action's transaction has ended by the time it is sent.
 */
export class FileAnswer {
  /** Czech name offered to the browser, e.g. `Orlice – účastníci.xlsx`. */
  readonly fileName: string;
  readonly contentType: string;
  readonly body: Readable | Buffer | string;
  /** Shown by the browser where it is (an image), not offered as a download; default false. */
  readonly inline: boolean;

  constructor(
    fileName: string,
    contentType: string,
    body: Readable | Buffer | string,
    options: { inline?: boolean } = {},
  ) {
    this.fileName = fileName;
    this.contentType = contentType;
    this.body = body;
    this.inline = options.inline ?? false;
  }

  /** The `content-disposition` header: an ASCII fallback name and the real name in UTF-8. */
  get disposition(): string {
    const extension = this.fileName.slice(this.fileName.lastIndexOf('.') + 1);
    return `${this.inline ? 'inline' : 'attachment'}; filename="export.${extension}"; filename*=UTF-8''${encodeURIComponent(this.fileName)}`;
  }
}

/** Sends a file answer as a download. */
export function sendFile(reply: FastifyReply, answer: FileAnswer) {
  return reply.header('content-disposition', answer.disposition).type(answer.contentType).send(answer.body);
}
