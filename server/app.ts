import type { Mailer } from '../infra/mail/mailer.ts';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyServerOptions, type RouteOptions } from 'fastify';
import type { ProjectionRunner, ProjectionRunnerOptions } from '../projections/engine/runner.ts';
import type { Warehouse } from '../infra/clickhouse/clickhouse.ts';
import type { Config } from '../infra/config.ts';
import type { EventStore } from '../infra/event-store/event-store.ts';
import type { FileStore } from '../infra/files/file-store.ts';
import type { AppTaskRunner } from '../infra/jobs/app-task-runner.ts';
import { apiDocs } from './http/api-docs.ts';
import { auth } from './http/auth.ts';
import { answerClientError, answerFrameworkError, errorHandling } from './http/error-handler.ts';
import { inputGuard } from './http/input-guard.ts';
import { compression } from './http/compression.ts';
import { loginLimits, type LoginLimits } from './http/login-limits.ts';
import { mailQueue } from './http/mail-queue.ts';
import { originCheck } from './http/origin-check.ts';
import { publicReportOnly } from './http/public-report-only.ts';
import { readYourWrites } from './http/read-your-writes.ts';
import { routes } from './http/routes.ts';
import { webApp } from './http/web-app.ts';
import { useZod, type App } from './http/zod.ts';
import type { Sql } from '../infra/sql/sql.ts';
import type { Kafka } from 'kafkajs';

// Composition of the HTTP server: external plugins, then ours, then the routes (fastify/demo).
// Each of ours is a plugin (fastify-plugin) that names the plugins it needs before it, so a wrong
// order fails at start-up instead of letting a request past a check. Everything a plugin or route
// needs arrives through `app.deps`, so tests build the same app on PGlite; what owns a connection
// closes it in an onClose hook of the process that made it (server/main.ts).

export interface AppDeps {
  sql: Sql;
  store: EventStore;
  config: Pick<Config, 'cookieSecret' | 'jwtSecret' | 'contactEmail' | 'publicUrl'> &
    Partial<Pick<Config, 'trustProxy' | 'iceServers' | 'iframeHosts'>> & {
      /** Failed-login lockouts; production uses the defaults, tests may shorten the window. */
      loginLimits?: Partial<LoginLimits>;
      /** How long a file stream may go unread before it is cut (queries/library/send-stored-object.ts); tests shorten it. */
      stalledStreamMs?: number;
    };
  /** The clock; tests pass a fixed one. */
  now: () => Date;
  /** The built web app (dist/web); not served when absent. */
  webDir?: string;
  /** The usage warehouse (chDB or a ClickHouse server), for report queries. */
  warehouse?: Warehouse;
  /** Stored objects (audio, images, uploads) under DATA_DIR/files; file routes answer NotFound without it. */
  files?: FileStore;
  /** The projection runner of this process; absent when the process runs none. */
  projections?: ProjectionRunner;
  /** Several instances on one Postgres: the lease settings of the runner, for rebuild runners too (projections/engine/leases.ts). */
  projectionLeases?: ProjectionRunnerOptions['leases'];
  /** Invitations, login links and reset codes (infra/mail/): SMTP, or the outbox under DATA_DIR. */
  mailer?: Mailer;
  /**
   * Where links in mails point when PUBLIC_URL is not set: the embedded default's own printed
   * address. Absent on a deployment without PUBLIC_URL, which then mails no links (mail-links.ts).
   */
  mailLinkUrl?: string;
  /** With KAFKA_BROKERS: the client and the projections fed from Kafka, for the projection status (consumer groups, lag). */
  kafka?: { client: Kafka; projections: readonly { name: string; version: number }[] };
  /** The app task runner (infra/jobs/): added tasks are queued with it; without it they wait for the next runner. */
  tasks?: AppTaskRunner;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}

export interface BuildOptions {
  logger?: FastifyServerOptions['logger'];
  /** Called for every route as it is registered (the security tests list the routes with it). */
  onRoute?: (route: RouteOptions) => void;
}

/** Never log credentials: cookies, bearer tokens and anything named password. */
export const logRedaction = ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]', '*.password', '*.jwt'];

export async function buildApp(deps: AppDeps, options: BuildOptions = {}): Promise<App> {
  const fastify = Fastify({
    logger: options.logger ?? false,
    // Only behind a proxy we run (TRUST_PROXY): otherwise any client could claim https.
    trustProxy: deps.config.trustProxy ?? false,
    bodyLimit: 1024 * 1024,
    // A URL Fastify cannot decode or route (a lone surrogate, an over-long parameter) is answered
    // before any hook runs: in the same error shape as everything else.
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  });
  if (options.onRoute) fastify.addHook('onRoute', options.onRoute);
  const app = useZod(fastify);
  app.decorate('deps', deps);
  await app.register(errorHandling);
  await app.register(inputGuard);
  await app.register(compression);
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  await app.register(originCheck);
  await app.register(auth);
  await app.register(publicReportOnly);
  await app.register(loginLimits);
  await app.register(readYourWrites);
  await app.register(mailQueue);
  await app.register(webApp);
  await app.register(apiDocs);
  await app.register(routes);
  return app;
}
