import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { AppConfig } from '../config.ts';

/**
 * The logger of `npm start`: pino's pretty, one-line output when a person watches a terminal, JSON
 * lines (one object per line, as log collectors expect) when the output goes anywhere else.
 */
export async function loggerOptions(
  config: AppConfig,
  stdout: { isTTY?: boolean } = process.stdout,
): Promise<FastifyServerOptions['logger']> {
  if (!stdout.isTTY) return { level: config.logLevel };
  const { default: pretty } = await import('pino-pretty');
  return {
    level: config.logLevel,
    stream: pretty({
      colorize: true,
      translateTime: 'SYS:HH:MM:ss',
      ignore: 'pid,hostname,reqId,status,ms',
      singleLine: true,
    }),
  };
}

/** pino's level numbers: a logger writes the entries at and above its own level. */
const LEVEL_RANK: Record<string, number> = {
  trace: 10,
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
  silent: Number.POSITIVE_INFINITY,
};

/**
 * One log line per answered request (`GET /api/cms/user 200 3 ms`) instead of Fastify's two, at the
 * route's own level: the built web app's files are logged only at `warn` and below, so a page load is
 * not dozens of lines.
 */
export function logRequests(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    const level = reply.statusCode >= 500 ? 'error' : 'info';
    // Nothing is built for a line that would not be written (the bench's LOG_LEVEL=warn, asset routes).
    if (LEVEL_RANK[level]! < (LEVEL_RANK[request.log.level] ?? 0)) return;
    request.log[level](
      { status: reply.statusCode, ms: Math.round(reply.elapsedTime) },
      `${request.method} ${request.url} ${reply.statusCode} ${Math.round(reply.elapsedTime)} ms`,
    );
  });
}

/** Where the server answers, for people: a wildcard address is reached as localhost. */
export function localBaseUrl(host: string, port: number): string {
  const reachable =
    host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${reachable}:${port}`;
}

/** The line `npm start` prints once the server listens, in Czech like everything a person reads. */
export function startLine(baseUrl: string, firstStart?: { email: string; password?: string }): string {
  let line = `Klubovna běží: administrace ${baseUrl}/admin, veřejný web ${baseUrl}/`;
  if (firstStart) {
    line += firstStart.password
      ? `. První spuštění: přihlaste se jako ${firstStart.email} heslem ${firstStart.password} a pak ho změňte.`
      : `. První spuštění: přihlaste se jako ${firstStart.email} heslem z ADMIN_PASSWORD.`;
  }
  return line;
}
