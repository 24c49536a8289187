import { AsyncLocalStorage } from 'node:async_hooks';
import type { ProjectionCheckpoint } from '@okul/projections';
import type { NextFunction, Request, Response } from 'express';

/**
 * The organisation the current request or command works on: the `:orgID` of an org-scoped path, or the
 * organisation of a command being executed. The stale-read check reads it, and on PostgreSQL with an app
 * role every transaction of the API's pool sets it (`app.organization_id`) for row-level security.
 */
export interface OrganizationScope {
  readonly id: string;
  /** An HTTP request's scope: the organisation's head is read once for it (see `infra/read-side-waits.ts`). */
  readonly request: boolean;
  /** The organisation's last position, read after the request arrived (null: the store cannot tell). */
  head: Promise<bigint | null> | null;
  /** The last position this request or command wrote: its own reads wait for it too. */
  written: bigint;
  /**
   * The read models' checkpoints, read after the request arrived and before it wrote `written` (the guard's
   * kept row and the read cache's kept answer are both checked against this one reading).
   */
  checkpoints: { written: bigint; rows: Promise<ProjectionCheckpoint[]> } | null;
}

const scope = new AsyncLocalStorage<OrganizationScope>();

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
  scope.run({ id: normal(id), request: true, head: null, written: 0n, checkpoints: null }, next);
}

/**
 * Runs `fn` within `organizationId` (a command of that organisation, a job of it). Within a request of the
 * same organisation the request's scope goes on (its head, its writes).
 */
export function withOrganization<T>(organizationId: string, fn: () => T): T {
  const id = normal(organizationId);
  const current = scope.getStore();
  return scope.run(
    current?.id === id ? current : { id, request: false, head: null, written: 0n, checkpoints: null },
    fn,
  );
}

/** The organisation of the current request or command, if any. */
export function currentOrganization(): string | undefined {
  return scope.getStore()?.id;
}

/** The scope of the current request or command, if any (its head and its own writes). */
export function currentOrganizationScope(): OrganizationScope | undefined {
  return scope.getStore();
}

/** Remembers a write of the current request or command: its later reads wait for it. */
export function noteWritten(position: bigint): void {
  const s = scope.getStore();
  if (s && position > s.written) s.written = position;
}
