import { AsyncLocalStorage } from 'node:async_hooks';
import type { LoggerService } from '@nestjs/common';
import type { NextFunction, Response } from 'express';
import { pino, type DestinationStream, type Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import pretty from 'pino-pretty';
import type { AppConfig } from '../../config/config';
import type { AppRequest } from '../http/request-context';

const PINO_LEVEL = { error: 'error', warn: 'warn', log: 'info', debug: 'debug' } as const;

/** The request a line is written in, so every line carries its request id, organisation and user. */
const current = new AsyncLocalStorage<AppRequest>();

function whoAndWhere(req: AppRequest) {
  return {
    requestId: req.correlationId ?? null,
    organizationId: req.org?.id ?? null,
    userId: req.principal?.userId ?? null,
  };
}

/**
 * One JSON object a line on stdout (pino), or readable lines when a person watches: on a terminal, or with
 * LOG_FORMAT=pretty. LOG_LEVEL names the least severe level written (`log` is pino's `info`); tests write
 * errors only unless they hand in their own destination.
 */
export function createLogger(
  config: Pick<AppConfig, 'LOG_LEVEL' | 'LOG_FORMAT' | 'NODE_ENV'>,
  destination?: DestinationStream,
): Logger {
  const level = config.NODE_ENV === 'test' && !destination ? 'error' : PINO_LEVEL[config.LOG_LEVEL];
  const format = config.LOG_FORMAT ?? (process.stdout.isTTY ? 'pretty' : 'json');
  const stream = destination ?? (format === 'pretty' ? pretty({ colorize: true, sync: true }) : undefined);
  return pino(
    {
      level,
      base: { service: 'okul' },
      timestamp: pino.stdTimeFunctions.isoTime,
      // The request line brings these itself (customProps below); any other line written while a
      // request runs gets them from the request it runs in.
      mixin: (line) => {
        const req = current.getStore();
        return req && !('res' in line) ? whoAndWhere(req) : {};
      },
    },
    stream,
  );
}

/** The running server's logger (`useProcessLogger`), for the lines of code outside Nest's injection. */
let processLogger: Logger | null = null;

/** Makes `logger` the one `log()` writes to: the server calls it with the logger it was configured with. */
export function useProcessLogger(logger: Logger): void {
  processLogger = logger;
}

/**
 * The log of code that Nest does not construct or that runs outside a request (queues, the event chain and
 * subscriptions, the pool, the rate limiter, mail): the server's logger, so these lines are JSON like every
 * other, with a `component`; written while a request runs, a line also carries its id, organisation and
 * user. Before a server exists (a config error at start-up), a logger with the environment's defaults.
 */
export function log(component: string): Logger {
  processLogger ??= createLogger({
    LOG_LEVEL: 'log',
    LOG_FORMAT: undefined,
    NODE_ENV: process.env.NODE_ENV === 'test' ? 'test' : 'production',
  });
  return processLogger.child({ component });
}

/** Runs the rest of the request inside its log scope, then logs one line when the answer is sent. */
export function requestLogging(logger: Logger) {
  const http = pinoHttp({
    logger,
    genReqId: (req) => (req as AppRequest).correlationId ?? '',
    // Read when the answer is sent: by then the guards have set the organisation and the user. pino-http
    // also asks as the request starts; the lines written meanwhile get them from the mixin, and binding
    // them then too would write each key twice on the request line.
    customProps: (req, res) => (res.headersSent ? whoAndWhere(req as AppRequest) : {}),
    customLogLevel: (_req, res, err) =>
      err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
    // Personal data and tokens stay out of the log: method, path and status are enough to follow a request.
    serializers: {
      req: (req: { method: string; url: string }) => ({ method: req.method, url: req.url.split('?')[0] }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  });
  return (req: AppRequest, res: Response, next: NextFunction) => current.run(req, () => http(req, res, next));
}

/** Nest's own lines (start-up, errors it catches) through the same logger. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}
  log(message: unknown, context?: string) {
    this.logger.info({ context }, String(message));
  }
  error(message: unknown, trace?: string, context?: string) {
    this.logger.error({ context, trace }, String(message));
  }
  warn(message: unknown, context?: string) {
    this.logger.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string) {
    this.logger.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string) {
    this.logger.trace({ context }, String(message));
  }
}
