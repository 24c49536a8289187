import type { Sql } from '../runtime/sql';

/** One entry of the audit log as the API answers it (product.md 3, log entry). */
export interface AuditLogEntry {
  id: string;
  createdAt: string;
  userId: string | null;
  userName: string | null;
  userEmail: string | null;
  action: string;
  details: Record<string, unknown>;
  ipAddress: string | null;
  userAgent: string | null;
}

export interface AuditLogPage {
  logs: AuditLogEntry[];
  hasMore: boolean;
}

interface Row {
  id: string;
  created_at: Date | string;
  user_id: string | null;
  action: string;
  details: Record<string, unknown> | string;
  ip_address: string | null;
  user_agent: string | null;
  user_name: string | null;
  user_email: string | null;
}

async function page(
  sql: Sql,
  where: string,
  params: unknown[],
  q: { limit: number; lastDoc?: string | null },
): Promise<AuditLogPage> {
  const p = [...params];
  let w = where;
  if (q.lastDoc) {
    p.push(q.lastDoc);
    w += ` AND l.id < $${p.length}`;
  }
  p.push(q.limit + 1);
  const r = await sql.query<Row>(
    `SELECT l.id::text AS id, l.created_at, l.user_id, l.action, l.details, l.ip_address, l.user_agent,
            u.name AS user_name, u.email AS user_email
       FROM audit_log l LEFT JOIN users u ON u.id::text = l.user_id
      WHERE ${w} ORDER BY l.id DESC LIMIT $${p.length}`,
    p,
  );
  return {
    logs: r.rows.slice(0, q.limit).map((l) => ({
      id: l.id,
      createdAt: new Date(l.created_at).toISOString(),
      userId: l.user_id,
      userName: l.user_name,
      userEmail: l.user_email,
      action: l.action,
      details: typeof l.details === 'string' ? JSON.parse(l.details) : l.details,
      ipAddress: l.ip_address,
      userAgent: l.user_agent,
    })),
    hasMore: r.rows.length > q.limit,
  };
}

/**
 * api.md 7.4 requestSystemLogs: the account actions that belong to no organisation (logins, logouts,
 * password resets, profile changes...), newest first, paged by the last entry's id.
 */
export function readSystemLogs(
  sql: Sql,
  q: { action?: string | null; limit: number; lastDoc?: string | null },
): Promise<AuditLogPage> {
  return q.action
    ? page(sql, 'l.organization_id IS NULL AND l.action = $1', [q.action], q)
    : page(sql, 'l.organization_id IS NULL', [], q);
}

/** api.md 7.3 requestOrgLogs: an organisation's log, newest first, optionally of one action. */
export function readOrgLogs(
  sql: Sql,
  organizationId: string,
  q: { action?: string | null; limit: number; lastDoc?: string | null },
): Promise<AuditLogPage> {
  return q.action
    ? page(sql, 'l.organization_id = $1 AND l.action = $2', [organizationId, q.action], q)
    : page(sql, 'l.organization_id = $1', [organizationId], q);
}

/**
 * A user's own account activity: what they did outside any organisation, and the refused logins tried with
 * their current e-mail address (someone guessing their password is what they most need to see).
 */
export function readAccountActivity(
  sql: Sql,
  userId: string,
  q: { limit: number; lastDoc?: string | null },
): Promise<AuditLogPage> {
  return page(
    sql,
    `l.organization_id IS NULL AND (l.user_id = $1 OR (l.user_id IS NULL AND l.action = 'login_failed'
       AND lower(l.details->>'email') = (SELECT lower(email) FROM users WHERE id::text = $1)))`,
    [userId],
    q,
  );
}
