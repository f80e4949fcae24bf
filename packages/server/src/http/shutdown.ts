import type { FastifyInstance } from 'fastify';
import fastifyPlugin from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where the instance is in its life: readiness and answers change once it shuts down. */
    lifecycle: { shuttingDown: boolean };
  }
}

/** How often idle keep-alive connections are closed while draining (a streamed answer just ended). */
const IDLE_SWEEP_MS = 100;

/**
 * While shutting down, every answer still to be sent tells the client to close its connection, so a
 * browser's or a proxy's pooled keep-alive connection does not hold the process.
 */
export const shutdownPlugin = fastifyPlugin(async (app: FastifyInstance) => {
  app.decorate('lifecycle', { shuttingDown: false });
  app.addHook('onSend', async (request, reply) => {
    if (app.lifecycle.shuttingDown && request.raw.httpVersionMajor === 1) reply.header('connection', 'close');
  });
});

/**
 * The orderly stop on SIGTERM: readiness answers 503 at once, no new connection is accepted, idle
 * keep-alive connections are closed at once and busy ones after their answer; requests in flight get
 * `graceMs` to finish, after which their connections are cut; then the database pools close.
 */
export async function closeGracefully(app: FastifyInstance, graceMs: number): Promise<void> {
  app.lifecycle.shuttingDown = true;
  // An answer whose headers left before the stop (a streamed export) could not say "close": its
  // connection is closed as soon as it turns idle.
  const sweep = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS);
  const deadline = setTimeout(() => {
    app.log.warn(`Requests still running after the ${graceMs / 1000} s grace period were cut off.`);
    app.server.closeAllConnections();
  }, graceMs);
  try {
    await app.close();
  } finally {
    clearInterval(sweep);
    clearTimeout(deadline);
  }
}
