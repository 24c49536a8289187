import { AsyncLocalStorage } from 'node:async_hooks';
import type { LoggerService } from '@nestjs/common';
import type { NextFunction, Response } from 'express';
import { pino, type DestinationStream, type Logger } from 'pino';
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

/**
 * Runs the rest of the request inside its log scope, then logs one line when the answer is sent (or the
 * connection closes first): method, path without the query string, status, time, and the request's id,
 * organisation and user as they stand by then (the guards have set them). Personal data and tokens stay out
 * of the log. The line is pino-http's (same keys, levels and messages), written without its two child
 * loggers per request, and not built at all when its level is not written.
 */
export function requestLogging(logger: Logger) {
  return (req: AppRequest, res: Response, next: NextFunction) => {
    const started = Date.now();
    const done = () => {
      res.removeListener('close', done);
      res.removeListener('finish', done);
      const status = res.statusCode;
      const level = status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info';
      if (!logger.isLevelEnabled(level)) return;
      const line = {
        req: { method: req.method, url: (req.originalUrl || req.url).split('?')[0] },
        ...whoAndWhere(req),
        res: { statusCode: status },
      };
      const responseTime = Date.now() - started;
      if (level === 'error') {
        logger.error(
          { ...line, err: new Error(`failed with status code ${status}`), responseTime },
          'request errored',
        );
      } else logger[level]({ ...line, responseTime }, 'request completed');
    };
    res.on('close', done);
    res.on('finish', done);
    current.run(req, next);
  };
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
