import type http from 'node:http';
import { createRequire } from 'node:module';
import type { Socket } from 'node:net';
import { ERROR_MESSAGES, type ErrorCode } from '@klubovna/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors/app-error.ts';
import { isDiskFull } from '../errors/disk-full.ts';

/**
 * Required, not imported: an `import` of node:http gives it an ES module face, which reads every
 * export once, and its WebSocket export loads Node's whole fetch implementation (undici): 40–60 ms of
 * every cold start.
 */
const { STATUS_CODES } = createRequire(import.meta.url)('node:http') as typeof http;

/** Fastify's own error codes that are the client's fault, mapped to ours. */
const FASTIFY_CLIENT_ERRORS: Record<string, [ErrorCode, number]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: ['MALFORMED_JSON', 400],
  FST_ERR_CTP_EMPTY_JSON_BODY: ['MALFORMED_JSON', 400],
  FST_ERR_CTP_BODY_TOO_LARGE: ['PAYLOAD_TOO_LARGE', 413],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: ['UNSUPPORTED_MEDIA_TYPE', 415],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: ['BAD_REQUEST', 400],
  FST_REQ_FILE_TOO_LARGE: ['PAYLOAD_TOO_LARGE', 413],
  FST_PARTS_LIMIT: ['PAYLOAD_TOO_LARGE', 413],
  FST_FILES_LIMIT: ['PAYLOAD_TOO_LARGE', 413],
  FST_FIELDS_LIMIT: ['PAYLOAD_TOO_LARGE', 413],
  FST_INVALID_MULTIPART_CONTENT_TYPE: ['UNSUPPORTED_MEDIA_TYPE', 415],
  FST_ERR_BAD_URL: ['BAD_REQUEST', 400],
  FST_ERR_MAX_PARAM_LENGTH: ['URI_TOO_LONG', 414],
};

export function sendError(reply: FastifyReply, error: AppError): FastifyReply {
  return reply.status(error.status).send({
    error: { message: error.message, code: error.code, status: error.status, ...error.details },
    ...(error.validationErrors ? { validationErrors: error.validationErrors } : {}),
  });
}

function toAppError(error: FastifyError | AppError, request: FastifyRequest): AppError {
  if (error instanceof AppError) {
    // A refusal caused by what the server relies on (a file storage that does not answer) is the
    // operator's to see.
    if (error.status >= 500 && error.cause !== undefined)
      request.log.error({ err: error.cause, reqId: request.id }, error.message);
    return error;
  }
  if (error.validation === undefined && error.cause instanceof AppError) return error.cause;
  const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
  if (known) return new AppError(known[0], known[1]);
  if (error.statusCode === 429) return new AppError('TOO_MANY_REQUESTS', 429);
  if (isDiskFull(error)) {
    request.log.error({ err: error, reqId: request.id }, 'disk full');
    request.server.diskSpace.markFull();
    return new AppError('INSUFFICIENT_STORAGE', 507);
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return new AppError('BAD_REQUEST', error.statusCode, ERROR_MESSAGES.BAD_REQUEST);
  }
  request.log.error({ err: error, reqId: request.id }, 'unexpected error');
  return new AppError('INTERNAL', 500, `${ERROR_MESSAGES.INTERNAL} (ID požadavku: ${request.id})`);
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    sendError(reply, toAppError(error, request));
  });
}

/** The router's own refusals (a path that does not decode, a parameter too long), before any hook. */
export function frameworkErrorHandler(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  sendError(reply, toAppError(error, request));
}

/** Node's HTTP parser's refusals (malformed request, too slow, headers too large), before any route. */
const CLIENT_ERRORS: Record<string, [ErrorCode, number]> = {
  ERR_HTTP_REQUEST_TIMEOUT: ['REQUEST_TIMEOUT', 408],
  HPE_HEADER_OVERFLOW: ['HEADERS_TOO_LARGE', 431],
};

/** Answers what never became a request in the same Czech envelope, then closes the connection. */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [code, status] = CLIENT_ERRORS[error.code ?? ''] ?? ['BAD_REQUEST', 400];
  const body = JSON.stringify({ error: { message: ERROR_MESSAGES[code], code, status } });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
