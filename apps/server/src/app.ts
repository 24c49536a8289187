import 'reflect-metadata';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import cookieParser from 'cookie-parser';
import compression from 'compression';
import helmet, { type HelmetOptions } from 'helmet';
import express, { type NextFunction, type Request, type Response } from 'express';
import { randomUUID } from 'node:crypto';
import { DomainError, findUnstorableText, message, type MessageKey } from '@okul/domain';
import { AppModule } from './app.module';
import type { Server as HttpServer } from 'node:http';
import type { DestinationStream, Logger } from 'pino';
import type { AppConfig } from './config/config';
import { CommandExecutor } from './infra/command-executor';
import { createLogger, PinoNestLogger, requestLogging, useProcessLogger } from './infra/observability/logger';
import { Metrics } from './infra/observability/metrics';
import { ErrorFilter, describeError } from './infra/http/error.filter';
import { indexRoutes, type RouterLayer } from './infra/http/route-index';
import { COMPRESS_THRESHOLD } from './infra/read-model/read-cache';
import { createRuntime, type Runtime } from './runtime';
import { organizationScope } from './infra/stale-reads';
import { readSideWaits } from './infra/read-side-waits';
import { shutdownStep } from './infra/shutdown';
import { imageHost } from './media/image-host';
import { ImageStore } from './media/image-store';
import { serveMedia } from './media/media-serve';

/** A refusal answered before Nest's error filter is reached, worded by the filter's describeError. */
function refuse(res: Response, key: MessageKey, vars?: Record<string, string>) {
  const { status, body } = describeError(new DomainError(key, vars ? message(key, vars) : undefined, vars));
  return res.status(status).json(body);
}

/** The Origin of our own pages: the public address, or the host the request was sent to. */
function isOwnOrigin(origin: string, req: Request, config: AppConfig): boolean {
  try {
    const o = new URL(origin);
    return o.origin === new URL(config.PUBLIC_URL).origin || o.host === req.header('host');
  } catch {
    return false;
  }
}

/** The security headers (docs/DECISIONS.md, security): they depend on the configuration only. */
export function helmetOptions(
  config: AppConfig,
  imageOrigins: string[],
  uploadOrigins: string[],
): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // MUI (emotion) and the test checkout page write style elements
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...imageOrigins],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...uploadOrigins],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'none'"],
        // the checkout posts a form to the bank's 3-D Secure page, whose address is configuration
        formAction: ["'self'", 'https:'],
      },
    },
    // reset and invitation tokens travel in URLs: never in a Referer
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: config.isProduction ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  };
}

type HeaderStep =
  { name: string; value: string | number | readonly string[] } | { name: string; remove: true };

/**
 * What a header middleware does to every answer, taken once at start-up by running it on a recording
 * response, then done again for each request by one function: the same headers, values and order, without
 * the middleware's chain of eleven functions per request. Only a middleware whose headers depend on nothing
 * of the request fits (helmet with fixed directives); anything else it does is refused at start-up.
 */
export function securityHeaders(
  middleware: (req: never, res: never, next: (err?: unknown) => void) => void,
): (req: Request, res: Response, next: NextFunction) => void {
  const steps: HeaderStep[] = [];
  let passed = false;
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      steps.push({ name, value });
    },
    removeHeader(name: string) {
      steps.push({ name, remove: true });
    },
  };
  const request = new Proxy(
    {},
    {
      get(_target, key) {
        throw new Error(`securityHeaders: the middleware reads the request (${String(key)})`);
      },
    },
  );
  middleware(request as never, recorder as never, (err) => {
    if (err) throw err;
    passed = true;
  });
  if (!passed) throw new Error('securityHeaders: the middleware did not pass the request on at once');
  return (_req, res, next) => {
    for (const step of steps) {
      if ('remove' in step) res.removeHeader(step.name);
      else res.setHeader(step.name, step.value);
    }
    next();
  };
}

/** The organisation backup's import (POST parse), as a path below `/api`. */
const IMPORT_PATH = /^\/v1\/parse(?:\/|$)/i;

const here = fileURLToPath(new URL('.', import.meta.url));
export const DEFAULT_CLIENT_DIST = resolve(here, '../../client/dist');
export const IMMUTABLE_ASSET = 'public, max-age=31536000, immutable';

export interface Server {
  app: INestApplication;
  runtime: Runtime;
  logger: Logger;
  metrics: Metrics;
  /** The METRICS_PORT listener, when configured. */
  metricsServer: HttpServer | null;
  close(): Promise<void>;
}

/** Builds the whole product in this process: API, client, projections and (by ROLES) the worker. */
export async function createServer(
  config: AppConfig,
  opts: { runtime?: Runtime; logDestination?: DestinationStream } = {},
): Promise<Server> {
  const logger = createLogger(config, opts.logDestination);
  // the lines of the queues, the event store, the pool and the mailers go to the same JSON log
  useProcessLogger(logger);
  const runtime = opts.runtime ?? (await createRuntime(config));
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(runtime), {
    bodyParser: false,
    logger: new PinoNestLogger(logger),
  });
  const metrics = new Metrics({
    db: runtime.persistence.db,
    projectionDb: runtime.persistence.projectionDb,
    store: runtime.persistence.store,
    runner: runtime.runner,
    queue: runtime.queue,
  });
  app.get(CommandExecutor).onConflict = (outcome) => metrics.conflicts.inc({ outcome });
  app.get(CommandExecutor).onStep = (step, ms) => metrics.commandSteps.observe({ step }, ms / 1000);
  app.get(CommandExecutor).readSideWaits = new Set(
    readSideWaits(runtime.persistence.db, runtime.runner.projections),
  );
  app.set('trust proxy', config.TRUST_PROXY);
  // api.md 7.5: with ImageKit the browser uploads there and shows images from its URL endpoint.
  const images = imageHost(config);
  const imageOrigins = images.kind === 'imagekit' ? [new URL(images.urlEndpoint).origin] : [];
  const uploadOrigins = images.kind === 'imagekit' ? [new URL(images.uploadUrl).origin] : [];
  app.disable('x-powered-by');
  // Answers from 1 KB go out brotli- or gzip-compressed as the client accepts (a cached list brings its own
  // compressed bytes, infra/read-model/read-cache.ts, and is left alone).
  app.use(compression({ threshold: COMPRESS_THRESHOLD }));
  // The request id, the request's log scope and its timing: one middleware (each one more costs every request
  // a turn of the router), in that order.
  const logged = requestLogging(logger);
  const timed = metrics.middleware();
  app.use((req: Request & { correlationId?: string }, res: Response, next: NextFunction) => {
    req.correlationId = req.header('x-correlation-id')?.slice(0, 100) || randomUUID();
    logged(req, res, () => timed(req, res, next));
  });
  if (config.METRICS_TOKEN) app.use('/metrics', metrics.tokenRoute(config.METRICS_TOKEN));
  app.use(securityHeaders(helmet(helmetOptions(config, imageOrigins, uploadOrigins))));
  // API answers are personal: never kept by a browser or a proxy (the ETag'd lists set their own revalidation).
  app.use('/api', (_req: Request, res: Response, next: NextFunction) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  app.use(organizationScope);
  // Only refresh reads a cookie (the refresh token): no other request parses the Cookie header.
  app.use('/api/v1/refresh', cookieParser());
  // The refresh cookie authenticates refresh and logout by itself: such calls from another site's page are
  // refused (a browser always sends Origin on a cross-site POST).
  app.use(['/api/v1/refresh', '/api/v1/logout'], (req: Request, res: Response, next: NextFunction) => {
    const origin = req.header('origin');
    if (origin === undefined || isOwnOrigin(origin, req, config)) return next();
    return refuse(res, 'auth.foreignOrigin');
  });
  // An organisation backup travels as base64 in JSON (api.md 7.4 parse): its route alone takes a larger body.
  const importBody = express.json({ limit: config.IMPORT_BODY_LIMIT, strict: false });
  const apiBody = express.json({ limit: config.BODY_LIMIT, strict: false });
  app.use('/api', (req: Request, res: Response, next: NextFunction) => {
    // The path below /api, matched as Express matched `/api/v1/parse` (any case, whole segments).
    (IMPORT_PATH.test(req.path) ? importBody : apiBody)(req, res, (err?: unknown) => {
      if (err) return next(err);
      // Text PostgreSQL or jsonb cannot hold (NUL, a lone surrogate) is refused for every route, body and query.
      const field = findUnstorableText(req.body) ?? findUnstorableText(req.query);
      if (field !== null) return refuse(res, 'common.badText', { field });
      next();
    });
  });
  app.use('/api', (err: unknown, _req: Request, res: Response, next: NextFunction) => {
    // body-parser refusals never reach Nest's filters: answered here, worded by the same describeError.
    const e = err as { type?: string; status?: number };
    if (typeof e?.status !== 'number' || e.status < 400 || e.status >= 500) return next(err);
    const { status, body } = describeError(err);
    return res.status(status).json(body);
  });
  // The embedded image host's files (api.md 7.5), before the client's history fallback.
  if (images.kind === 'embedded') app.use('/media', serveMedia(new ImageStore(config.DATA_DIR)));
  const dist = config.CLIENT_DIST ?? DEFAULT_CLIENT_DIST;
  if (dist && existsSync(join(dist, 'index.html'))) {
    // Source maps would publish the whole client source: never served, even if a build left some behind.
    app.use((req: Request, res: Response, next: NextFunction) =>
      req.path.endsWith('.map') ? res.status(404).end() : next(),
    );
    app.use(
      express.static(dist, {
        index: false,
        setHeaders: (res, path) => {
          // Vite names every file under assets/ by its content hash: a new build gets new names, so a browser
          // keeps them for a year without asking; the rest (favicon) is checked again after an hour.
          res.setHeader(
            'Cache-Control',
            path.startsWith(join(dist, 'assets')) ? IMMUTABLE_ASSET : 'public, max-age=3600',
          );
        },
      }),
    );
    // A missing hashed asset (an old page after a deploy) is a 404, not the page: the client reloads itself.
    app.use('/assets', (_req: Request, res: Response) => res.status(404).end());
    // History fallback: every non-API GET answers the client's index.html, revalidated on every visit so a
    // deploy's new asset names are picked up at once.
    app.use((req: Request, res: Response, next: NextFunction) => {
      if (req.method !== 'GET' || req.path.startsWith('/api')) return next();
      res.setHeader('Cache-Control', 'no-cache');
      res.sendFile(join(dist, 'index.html'), { cacheControl: false });
    });
  }
  app.useGlobalFilters(new ErrorFilter());
  app.enableShutdownHooks();
  await app.init();
  // The router tries its ~140 routes one by one for each request: each now turns down a path whose last
  // segment is not its own with a string comparison before running its pattern.
  indexRoutes(
    (app.getHttpAdapter().getInstance() as express.Express).router.stack as unknown as RouterLayer[],
  );
  const metricsServer = config.METRICS_PORT !== undefined ? await metrics.listen(config.METRICS_PORT) : null;
  return {
    app,
    runtime,
    logger,
    metrics,
    metricsServer,
    async close() {
      if (metricsServer) await shutdownStep('metrics', () => new Promise((r) => metricsServer.close(r)));
      await shutdownStep('http and modules', () => app.close());
      await runtime.close();
    },
  };
}
