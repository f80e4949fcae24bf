import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { type AppConfig, trustProxyOption } from './config.ts';
import { type DatabaseHandle, migrateToLatest, openDatabase } from './db/database.ts';
import { actionRoutes } from './engine/actions/actions.routes.ts';
import type { EntityDeclaration } from './engine/declaration/entity.types.ts';
import { compileRegistry, type EntityRegistry } from './engine/declaration/registry.ts';
import { engineRoutes } from './engine/engine.routes.ts';
import { entityDocumentation } from './engine/entity-openapi.ts';
import { importRoutes } from './engine/import/import.routes.ts';
import type { ListReader } from './engine/list/reader.ts';
import { LIST_READERS } from './engine/list/readers.ts';
import { trashRoutes } from './engine/trash/trash.routes.ts';
import { notFound } from './errors/app-error.ts';
import {
  clientErrorHandler,
  frameworkErrorHandler,
  registerErrorHandler,
  sendError,
} from './http/error-handler.ts';
import { healthRoutes } from './http/health.ts';
import { useInputGuard } from './http/input-guard.ts';
import { logRequests } from './http/logging.ts';
import { shutdownPlugin } from './http/shutdown.ts';
import { zodSchemaController } from './http/zod-type-provider.ts';
import { authPlugin } from './modules/auth/auth.plugin.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { type CreatedRootUser, ensureRootUser } from './modules/auth/root-user.ts';
import { contentRoutes } from './modules/content/content.routes.ts';
import { DECLARATIONS } from './modules/entities.ts';
import { filesRoutes } from './modules/files/files.routes.ts';
import { homeRoutes } from './modules/home/home.routes.ts';
import { housekeepingPlugin } from './modules/housekeeping/housekeeping.plugin.ts';
import { jobsPlugin } from './modules/jobs/jobs.plugin.ts';
import { paymentsRoutes } from './modules/payments/payments.routes.ts';
import { peopleRoutes } from './modules/people/people.routes.ts';
import { publicSiteRoutes } from './modules/public-site/public-site.routes.ts';
import { registerRoutes } from './modules/register/register.routes.ts';
import { paymentRemindersRoutes } from './modules/reminders/payment-reminders.routes.ts';
import { remindersPlugin } from './modules/reminders/reminders.plugin.ts';
import { calendarFeedRoutes } from './modules/training/calendar-feed.routes.ts';
import { userConfigRoutes } from './modules/user-config/user-config.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { webRoutes } from './modules/web/web.routes.ts';
import { apiDocsRoutes } from './plugins/api-docs.ts';
import { compressionPlugin } from './plugins/compression.ts';
import { diskSpacePlugin } from './plugins/disk-space.ts';
import { createMailer, type Mailer } from './plugins/mail.ts';
import { securityPlugin } from './plugins/security.ts';
import type { FileStorage } from './plugins/storage.ts';
import { storageFromConfig } from './plugins/storage-from-config.ts';
import { webAppPlugin } from './plugins/web-app.ts';
import './http/route-access.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: DatabaseHandle['db'];
    /** How lists are read from this database. */
    listReader: ListReader;
    /** Other instances may write the database (see DatabaseHandle). */
    databaseShared: boolean;
    /** The entities the generic engine serves. */
    entities: EntityRegistry;
    mailer: Mailer;
    /** Where uploaded files are stored. */
    storage: FileStorage;
    /** The root user this start created on an empty database (told once by the start line). */
    createdRootUser: CreatedRootUser | undefined;
  }
}

export interface BuildOptions {
  config: AppConfig;
  /** An already open database (tests); otherwise one is opened from the config. */
  database?: DatabaseHandle;
  /** Pino logger options; tests pass false. */
  logger?: boolean | object;
  /** Entity declarations the engine serves; default the product's (tests add fixtures). */
  entities?: readonly EntityDeclaration[];
}

export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    requestIdHeader: false,
    // One line per request instead (logRequests), at the route's level.
    logController: new LogController({ disableRequestLogging: true }),
    // Slow clients (slowloris) are cut off: headers and whole requests have deadlines, checked every
    // 2 s; a connection silent for a minute is closed; idle keep-alive outlives common proxies' 60 s.
    http: { headersTimeout: config.headersTimeoutMs, connectionsCheckingInterval: 2_000 },
    requestTimeout: config.requestTimeoutMs,
    connectionTimeout: 60_000,
    keepAliveTimeout: 72_000,
    // Requests on open connections while shutting down are served (with `Connection: close`), not
    // refused: a rolling restart then loses none (see closeGracefully).
    return503OnClosing: false,
    clientErrorHandler,
    frameworkErrors: frameworkErrorHandler,
    schemaController: zodSchemaController,
  });
  const database =
    options.database ??
    openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      poolSize: config.databasePoolSize,
      resultCacheTtlMs: config.datagridCacheTtlMs,
    });
  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('listReader', LIST_READERS[database.engine]);
  app.decorate('databaseShared', database.sharedByInstances);
  app.decorate('entities', compileRegistry(options.entities ?? DECLARATIONS));
  app.decorate(
    'mailer',
    createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log: app.log }),
  );
  const storage = await storageFromConfig(config);
  app.decorate('storage', storage);
  app.addHook('onClose', async () => {
    await storage.close();
    if (!options.database) await database.close();
  });

  logRequests(app);
  useInputGuard(app);
  registerErrorHandler(app);
  await app.register(shutdownPlugin);
  await app.register(diskSpacePlugin);
  await app.register(cookie);
  await app.register(securityPlugin);
  await app.register(authPlugin);
  // The web app first: its files are compressed at build time, so the compression of answers that
  // follows (which applies to routes registered after it) leaves them alone.
  await app.register(webAppPlugin);
  await app.register(compressionPlugin);

  await migrateToLatest(database);
  const bus = await database.openBus();
  app.addHook('onClose', () => bus.close());
  app.decorate('createdRootUser', await ensureRootUser(app));

  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(engineRoutes);
  await app.register(actionRoutes);
  await app.register(trashRoutes);
  await app.register(importRoutes);
  await app.register(userConfigRoutes);
  await app.register(usersRoutes);
  await app.register(peopleRoutes);
  await app.register(homeRoutes);
  await app.register(paymentsRoutes);
  await app.register(paymentRemindersRoutes);
  await app.register(registerRoutes);
  await app.register(filesRoutes);
  await app.register(calendarFeedRoutes);
  await app.register(contentRoutes);
  await app.register(webRoutes);
  await app.register(publicSiteRoutes);
  await app.register(jobsPlugin);
  await app.register(housekeepingPlugin);
  await app.register(remindersPlugin);
  await app.register(apiDocsRoutes, { expansion: () => entityDocumentation(app.entities) });

  app.setNotFoundHandler((request, reply) => {
    if (request.url.toLowerCase().startsWith('/api'))
      return sendError(reply, notFound('Tato adresa API neexistuje.'));
    return app.publicNotFound(request, reply);
  });
  return app;
}
