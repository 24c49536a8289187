import { randomUUID } from 'node:crypto';
import { plainIp } from '@okul/domain';
import type { Request } from 'express';
import type { CommandContext } from '../command-executor';
import { deterministicUuid } from '../ids';

/** The authenticated caller, set by the auth guard. */
export interface Principal {
  userId: string;
  sessionId: string;
  email: string;
  name: string;
  globalRoleId: number | null;
  isEmailVerified: boolean;
  registrationStatus: string;
}

export interface AppRequest extends Request {
  principal?: Principal;
  /** The organisation of an org-scoped route and the caller's effective role in it. */
  org?: { id: string; roleId: number };
  correlationId?: string;
}

export function clientIp(req: Request): string | null {
  return plainIp(req.ip ?? req.socket?.remoteAddress ?? null);
}

export function commandContext(req: AppRequest, organizationId?: string | null): CommandContext {
  const key = req.header('idempotency-key');
  return {
    organizationId: organizationId ?? req.org?.id ?? null,
    userId: req.principal?.userId ?? null,
    ipAddress: clientIp(req),
    userAgent: req.header('user-agent') ?? null,
    correlationId: req.correlationId ?? randomUUID(),
    idempotencyKey: key && key.length <= 200 ? `${req.principal?.userId ?? 'anon'}:${key}` : null,
    now: new Date(),
  };
}

/** An id for a new entity: stable for a retried request carrying the same Idempotency-Key. */
export function newEntityId(ctx: CommandContext, purpose: string): string {
  return ctx.idempotencyKey ? deterministicUuid(`${ctx.idempotencyKey}:id:${purpose}`) : randomUUID();
}
