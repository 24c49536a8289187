import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import compression from 'compression';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DomainError, findUnstorableText, message, type MessageKey } from '@okul/domain';
import { AppModule } from '../../src/app.module';
import type { AppConfig } from '../../src/config/config';
import { CommandExecutor } from '../../src/infra/command-executor';
import { describeError, ErrorFilter } from '../../src/infra/http/error.filter';
import {
  createLogger,
  PinoNestLogger,
  requestLogging,
  useProcessLogger,
} from '../../src/infra/observability/logger';
import { Metrics } from '../../src/infra/observability/metrics';
import { withOrganization } from '../../src/infra/organization-scope';
import { COMPRESS_THRESHOLD } from '../../src/infra/read-model/read-cache';
import { createRuntime, type Runtime } from '../../src/runtime';

/**
 * The same Nest application (AppModule, its controllers, guards, interceptors and error filter) on
 * @nestjs/platform-fastify, for the http-framework suite only. The Express stack of src/app.ts is rebuilt with
 * Fastify's own plugins and hooks where they do the same work (security headers, cookies, body limit,
 * metrics by route, no-store, the organisation scope, the Origin check, the unstorable-text refusal); the
 * request log and the compression are the same middleware as on Express, run through middie, so that the
 * framework is the one difference (@fastify/compress cost more CPU per small compressed answer here). The
 * controllers are written against Express's request and response: the few Express helpers they call
 * (`req.header`, `req.acceptsEncodings`, `res.setHeader`, `res.end`, `res.json`) are mapped onto Fastify's
 * own calls by request and reply decorations, so each answer still goes out through Fastify's reply. Left
 * out, as no measured route uses them: the static client, the embedded media files, multipart uploads and the
 * larger body of the backup import route.
 */
const ORG_PATH = /^\/api\/v1\/orgs\/([^/]+)\//;

type ShimRequest = FastifyRequest & { correlationId?: string };

/** express's `limit` strings ('1mb', '200kb', a plain number of bytes) as bytes. */
function bytesOf(limit: string): number {
  const m = /^(\d+(?:\.\d+)?)\s*(b|kb|mb|gb)?$/i.exec(limit.trim());
  if (!m) throw new Error(`unreadable body limit: ${limit}`);
  const unit = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 }[(m[2] ?? 'b').toLowerCase() as 'b'];
  return Math.floor(Number(m[1]) * unit);
}

/** Does the Accept-Encoding header take `encoding` (present and not q=0)? */
function accepts(header: string | undefined, encoding: string): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [name, ...params] = part.trim().split(';');
    if (name.trim().toLowerCase() !== encoding && name.trim() !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

export interface FastifyServer {
  app: NestFastifyApplication;
  runtime: Runtime;
  close(): Promise<void>;
}

export async function createFastifyServer(config: AppConfig): Promise<FastifyServer> {
  const logger = createLogger(config);
  useProcessLogger(logger);
  const runtime = await createRuntime(config);
  const adapter = new FastifyAdapter({
    trustProxy: config.TRUST_PROXY,
    bodyLimit: bytesOf(config.BODY_LIMIT),
    // No `logger` option: Fastify's own request lines stay off, the one request line is `requestLogging`'s
    // as on Express.
    genReqId: (req: { headers: Record<string, string | string[] | undefined> }) => {
      const given = req.headers['x-correlation-id'];
      return (typeof given === 'string' && given.slice(0, 100)) || randomUUID();
    },
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(runtime), adapter, {
    bodyParser: true,
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
  const fastify = app.getHttpAdapter().getInstance();

  fastify.decorateRequest('header', function (this: FastifyRequest, name: string) {
    return this.headers[name.toLowerCase()];
  });
  fastify.decorateRequest('acceptsEncodings', function (this: FastifyRequest, encoding: string) {
    const header = this.headers['accept-encoding'];
    return accepts(typeof header === 'string' ? header : undefined, encoding) ? encoding : false;
  });
  fastify.decorateRequest('path', {
    getter(this: FastifyRequest) {
      return this.url.split('?')[0];
    },
  });
  fastify.decorateRequest('originalUrl', {
    getter(this: FastifyRequest) {
      return this.url;
    },
  });
  fastify.decorateReply('setHeader', function (this: FastifyReply, name: string, value: unknown) {
    return this.header(name, value);
  });
  fastify.decorateReply('end', function (this: FastifyReply, body?: unknown) {
    return this.send(body);
  });
  fastify.decorateReply('json', function (this: FastifyReply, body: unknown) {
    return this.send(body);
  });
  fastify.decorateReply('headersSent', {
    getter(this: FastifyReply) {
      return this.raw.headersSent;
    },
  });

  const refuse = (reply: FastifyReply, key: MessageKey, vars?: Record<string, string>) => {
    const { status, body } = describeError(new DomainError(key, vars ? message(key, vars) : undefined, vars));
    return reply.code(status).send(body);
  };

  app.use(compression({ threshold: COMPRESS_THRESHOLD }));
  fastify.addHook('onRequest', (req: ShimRequest, _reply, done) => {
    req.correlationId = req.id;
    (req.raw as { correlationId?: string }).correlationId = req.id;
    done();
  });
  app.use(requestLogging(logger));
  fastify.addHook('onResponse', (req, reply, done) => {
    const route = req.routeOptions.url ?? (req.url.startsWith('/api') ? 'unmatched' : 'client');
    metrics.httpDuration.observe(
      { method: req.method, route, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    done();
  });
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'", 'https:'],
      },
    },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: config.isProduction ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
  fastify.addHook('onRequest', (req, reply, done) => {
    if (req.url.startsWith('/api')) reply.header('Cache-Control', 'no-store');
    const m = ORG_PATH.exec(req.url);
    if (!m) return done();
    let id: string;
    try {
      id = decodeURIComponent(m[1]);
    } catch {
      id = '';
    }
    withOrganization(id, done);
  });
  await app.register(fastifyCookie);
  fastify.addHook('onRequest', (req, reply, done) => {
    const path = req.url.split('?')[0];
    if (path !== '/api/v1/refresh' && path !== '/api/v1/logout') return done();
    const origin = req.headers.origin;
    if (origin === undefined) return done();
    try {
      const o = new URL(origin);
      if (o.origin === new URL(config.PUBLIC_URL).origin || o.host === req.headers.host) return done();
    } catch {
      // not a URL: refused below
    }
    void refuse(reply, 'auth.foreignOrigin');
  });
  fastify.addHook('preHandler', (req, reply, done) => {
    if (!req.url.startsWith('/api')) return done();
    const field = findUnstorableText(req.body) ?? findUnstorableText(req.query);
    if (field === null) return done();
    void refuse(reply, 'common.badText', { field });
  });
  app.useGlobalFilters(new ErrorFilter());
  app.enableShutdownHooks();
  await app.init();
  return {
    app,
    runtime,
    async close() {
      await app.close();
      await runtime.close();
    },
  };
}
