import { AsyncLocalStorage } from 'node:async_hooks';
import type { NextFunction, Request, Response } from 'express';

/**
 * The organisation the current request or command works on: the `:orgID` of an org-scoped path, or the
 * organisation of a command being executed. The stale-read check reads it, and on PostgreSQL with an app
 * role every transaction of the API's pool sets it (`app.organization_id`) for row-level security.
 */
const scope = new AsyncLocalStorage<string>();

const ORG_PATH = /^\/api\/v1\/orgs\/([^/]+)\//;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Organisation ids are uuids: anything else names no organisation, and is kept as '' (no organisation's rows
 * are visible under it) so a malformed `:orgID` never reaches a uuid cast in a policy as a 500.
 */
const normal = (id: string) => (UUID.test(id) ? id : '');

/** Express middleware: runs the rest of an org-scoped request within its organisation. */
export function organizationScope(req: Request, _res: Response, next: NextFunction) {
  const m = ORG_PATH.exec(req.path);
  if (!m) return next();
  let id: string;
  try {
    id = decodeURIComponent(m[1]);
  } catch {
    id = '';
  }
  scope.run(normal(id), next);
}

/** Runs `fn` within `organizationId` (a command of that organisation, a job of it). */
export function withOrganization<T>(organizationId: string, fn: () => T): T {
  return scope.run(normal(organizationId), fn);
}

/** The organisation of the current request or command, if any. */
export function currentOrganization(): string | undefined {
  return scope.getStore();
}
