import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import type { AppConfig } from './config.ts';
import { type DatabaseHandle, migrateToLatest, openDatabase } from './db/database.ts';
import { engineRoutes } from './engine/engine.routes.ts';
import type { EntityDeclaration } from './engine/entity.types.ts';
import { compileRegistry, ENTITIES, type EntityRegistry } from './engine/registry.ts';
import { notFound } from './errors/app-error.ts';
import { registerErrorHandler, sendError } from './http/error-handler.ts';
import { useZodValidation } from './http/zod-type-provider.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { ensureRootUser } from './modules/auth/root-user.ts';
import { filesRoutes } from './modules/files/files.routes.ts';
import { userConfigRoutes } from './modules/user-config/user-config.routes.ts';
import { authPlugin } from './plugins/auth.ts';
import { createMailer, type Mailer } from './plugins/mail.ts';
import { securityPlugin } from './plugins/security.ts';
import { webAppPlugin } from './plugins/web-app.ts';
import './http/route-access.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: DatabaseHandle['db'];
    engine: DatabaseHandle['engine'];
    /** The entities the generic engine serves. */
    entities: EntityRegistry;
    mailer: Mailer;
  }
}

export interface BuildOptions {
  config: AppConfig;
  /** An already open database (tests); otherwise one is opened from the config. */
  database?: DatabaseHandle;
  /** Pino logger options; tests pass false. */
  logger?: boolean | object;
  /** Entity declarations the engine serves; default the product's registry (tests add fixtures). */
  entities?: readonly EntityDeclaration[];
}

export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    requestIdHeader: false,
  });
  const database =
    options.database ?? openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('engine', database.engine);
  app.decorate('entities', options.entities ? compileRegistry(options.entities) : ENTITIES);
  app.decorate(
    'mailer',
    createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log: app.log }),
  );
  app.addHook('onClose', async () => {
    if (!options.database) await database.close();
  });

  useZodValidation(app);
  registerErrorHandler(app);
  await app.register(cookie);
  await app.register(securityPlugin);
  await app.register(authPlugin);

  await migrateToLatest(database);
  await ensureRootUser(app);

  app.get('/api/health', { config: { access: 'public' } }, async () => ({ data: { status: 'ok' } }));
  await app.register(authRoutes);
  await app.register(engineRoutes);
  await app.register(userConfigRoutes);
  await app.register(filesRoutes);
  await app.register(webAppPlugin);

  app.setNotFoundHandler((request, reply) => {
    if (request.url.toLowerCase().startsWith('/api'))
      return sendError(reply, notFound('Tato adresa API neexistuje.'));
    return reply
      .status(404)
      .type('text/html; charset=utf-8')
      .send(
        '<!doctype html><html lang="cs"><meta charset="utf-8"><title>Stránka nenalezena</title><h1>Stránka nenalezena</h1><p><a href="/admin">Přejít do Klubovny</a></p></html>',
      );
  });
  return app;
}
