import type { BatchHandler, ProjectionHandler } from '../runtime/projection';
import { defineProjection } from '../runtime/projection';
import { auditMappers } from './audit-actions';

/**
 * The audit log (İşlem Dökümü) is a projection of the events themselves: every stored fact that a user
 * caused becomes one log entry with the caller's ip and user agent from the event metadata.
 * The entry id is the event's global position, so paging "by the last item's id" is a position cursor.
 */
const handler: ProjectionHandler = async ({ sql, table }, e) => {
  const mapped = auditMappers[e.type]?.(e);
  if (!mapped) return;
  await sql.query(
    `INSERT INTO ${table('audit_log')} (id, organization_id, user_id, action, details, ip_address, user_agent, created_at)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8) ON CONFLICT (id) DO NOTHING`,
    [
      e.globalPosition.toString(),
      e.metadata.organizationId,
      e.metadata.userId,
      mapped.action,
      JSON.stringify(mapped.details),
      e.metadata.ipAddress,
      e.metadata.userAgent,
      e.metadata.occurredAt,
    ],
  );
};

/** A run of events as one multi-row insert: the entries are independent, one per event. */
const batchHandler: BatchHandler = async ({ sql, table }, events) => {
  const rows = events.flatMap((e) => {
    const mapped = auditMappers[e.type]?.(e);
    return mapped ? [{ e, mapped }] : [];
  });
  if (rows.length === 0) return;
  await sql.query(
    `INSERT INTO ${table('audit_log')} (id, organization_id, user_id, action, details, ip_address, user_agent, created_at)
     SELECT * FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::jsonb[], $6::text[], $7::text[],
                          $8::timestamptz[])
     ON CONFLICT (id) DO NOTHING`,
    [
      rows.map((r) => r.e.globalPosition.toString()),
      rows.map((r) => r.e.metadata.organizationId),
      rows.map((r) => r.e.metadata.userId),
      rows.map((r) => r.mapped.action),
      rows.map((r) => JSON.stringify(r.mapped.details)),
      rows.map((r) => r.e.metadata.ipAddress),
      rows.map((r) => r.e.metadata.userAgent),
      rows.map((r) => r.e.metadata.occurredAt),
    ],
  );
};

export const auditLogProjection = defineProjection({
  name: 'audit_log',
  version: 1,
  tables: ['audit_log'],
  schema: (t) => `
    CREATE TABLE ${t('audit_log')} (
      id bigint PRIMARY KEY,
      organization_id text,
      user_id text,
      action text NOT NULL,
      details jsonb NOT NULL,
      ip_address text,
      user_agent text,
      created_at timestamptz NOT NULL
    );
    CREATE INDEX ON ${t('audit_log')} (organization_id, id DESC);
    CREATE INDEX ON ${t('audit_log')} (organization_id, action, id DESC);
  `,
  // Handlers are looked up per event type; the audit log listens to every type it can map.
  handlers: new Proxy({} as Record<string, ProjectionHandler>, {
    get: (_t, type: string) => (auditMappers[type] ? handler : undefined),
  }),
  // One batch handler for every type: a whole batch of mapped events is one run.
  batchHandlers: new Proxy({} as Record<string, BatchHandler>, {
    get: (_t, type: string) => (auditMappers[type] ? batchHandler : undefined),
  }),
});
