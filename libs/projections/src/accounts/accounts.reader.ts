import type { Sql } from '../runtime/sql';

/**
 * Reads of the accounts read model (users, sessions, organisations and their members) for sign-in, the
 * access guard and the account calls (api.md 7.1, 7.2). Rows come back as the tables hold them; the server
 * shapes its answers.
 */

export interface UserCredentialsRow {
  id: string;
  password_hash: string;
}

/** The account an address signs in to, with its password hash; null when none has it. */
export async function readUserCredentials(sql: Sql, email: string): Promise<UserCredentialsRow | null> {
  const r = await sql.query<UserCredentialsRow>(`SELECT id, password_hash FROM users WHERE email = $1`, [
    email,
  ]);
  return r.rows[0] ?? null;
}

/** A user's password hash; null when the user does not exist. */
export async function readPasswordHash(sql: Sql, userId: string): Promise<string | null> {
  const r = await sql.query<{ password_hash: string }>(`SELECT password_hash FROM users WHERE id = $1`, [
    userId,
  ]);
  return r.rows[0]?.password_hash ?? null;
}

export interface UserRow {
  id: string;
  name: string;
  surname: string | null;
  email: string;
  is_email_verified: boolean;
  registration_status: string;
  global_role_id: number | null;
  created_at: Date;
  password_changed_at: Date | null;
}

export async function readUser(sql: Sql, userId: string): Promise<UserRow | null> {
  const r = await sql.query<UserRow>(
    `SELECT id, name, surname, email, is_email_verified, registration_status, global_role_id, created_at, password_changed_at FROM users WHERE id = $1`,
    [userId],
  );
  return r.rows[0] ?? null;
}

/** The user an address belongs to (invitations, e-mail flows); null when none. */
export async function readUserByEmail(
  sql: Sql,
  email: string,
): Promise<{ id: string; name: string; email: string } | null> {
  const r = await sql.query<{ id: string; name: string; email: string }>(
    `SELECT id, name, email FROM users WHERE email = $1`,
    [email],
  );
  return r.rows[0] ?? null;
}

/** A user's first name; '' when the user does not exist. */
export async function readUserName(sql: Sql, userId: string): Promise<string> {
  const r = await sql.query<{ name: string }>(`SELECT name FROM users WHERE id = $1`, [userId]);
  return r.rows[0]?.name ?? '';
}

export interface SessionUserRow {
  id: string;
  email: string;
  name: string;
  global_role_id: number | null;
  is_email_verified: boolean;
  registration_status: string;
}

/** The user of a live session (not ended, not expired); null otherwise. */
export async function readSessionUser(
  sql: Sql,
  userId: string,
  sessionId: string,
): Promise<SessionUserRow | null> {
  const r = await sql.query<SessionUserRow>(
    `SELECT u.id, u.email, u.name, u.global_role_id, u.is_email_verified, u.registration_status
       FROM users u JOIN sessions s ON s.user_id = u.id
      WHERE u.id = $1 AND s.id = $2 AND s.ended_at IS NULL AND s.expires_at > now()`,
    [userId, sessionId],
  );
  return r.rows[0] ?? null;
}

export interface LiveSessionRow {
  id: string;
  created_at: Date;
  last_used_at: Date;
  expires_at: Date;
  ip_address: string | null;
  user_agent: string | null;
}

/** A user's live sessions, most recently used first. */
export async function readLiveSessions(sql: Sql, userId: string): Promise<LiveSessionRow[]> {
  const r = await sql.query<LiveSessionRow>(
    `SELECT id, created_at, last_used_at, expires_at, ip_address, user_agent FROM sessions
      WHERE user_id = $1 AND ended_at IS NULL AND expires_at > now() ORDER BY last_used_at DESC, created_at DESC`,
    [userId],
  );
  return r.rows;
}

/** The ids of a user's live sessions but `exceptSessionId`. */
export async function readLiveSessionIds(
  sql: Sql,
  userId: string,
  exceptSessionId: string | null,
): Promise<string[]> {
  const r = await sql.query<{ id: string }>(
    `SELECT id FROM sessions WHERE user_id = $1 AND ended_at IS NULL AND expires_at > now() AND id <> $2`,
    [userId, exceptSessionId ?? '00000000-0000-0000-0000-000000000000'],
  );
  return r.rows.map((s) => s.id);
}

export interface OrgAccessRow {
  id: string;
  deactivated: boolean;
  paid_until: Date | string | null;
  org_role_id: number | null;
  is_active: boolean | null;
}

/** An organisation and the user's membership in it (null fields when not a member); null when no such org. */
export async function readOrgAccess(
  sql: Sql,
  userId: string,
  organizationId: string,
): Promise<OrgAccessRow | null> {
  const r = await sql.query<OrgAccessRow>(
    `SELECT o.id, o.deactivated, o.paid_until, m.org_role_id, m.is_active
       FROM organizations o LEFT JOIN org_members m ON m.organization_id = o.id AND m.user_id = $1
      WHERE o.id = $2`,
    [userId, organizationId],
  );
  return r.rows[0] ?? null;
}

/**
 * The user of a live session and, in the same round trip, the organisation a call names with the user's
 * membership in it (the guard of every org-scoped call): null when the session is not live; `org` null when
 * no such organisation.
 */
export async function readSessionUserInOrganization(
  sql: Sql,
  userId: string,
  sessionId: string,
  organizationId: string,
): Promise<{
  user: SessionUserRow;
  org: OrgAccessRow | null;
  sessionExpiresAt: Date | string;
  /** The accounts read model's checkpoint in the same snapshot as the row (as readProjectionStamps spells it). */
  stamp: string | null;
} | null> {
  const r = await sql.query<
    SessionUserRow & {
      org_id: string | null;
      session_expires_at: Date | string;
      accounts_stamp: string | null;
    } & Omit<OrgAccessRow, 'id'>
  >(
    `SELECT u.id, u.email, u.name, u.global_role_id, u.is_email_verified, u.registration_status,
            s.expires_at AS session_expires_at,
            (SELECT c.name || '@' || c.generation || ':' || c.position
               FROM projection_state ps
               JOIN projection_checkpoints c ON c.name = ps.name AND c.generation = ps.active_generation
              WHERE ps.name = 'accounts') AS accounts_stamp,
            o.id AS org_id, o.deactivated, o.paid_until, m.org_role_id, m.is_active
       FROM users u JOIN sessions s ON s.user_id = u.id
       LEFT JOIN organizations o ON o.id = $3
       LEFT JOIN org_members m ON m.organization_id = o.id AND m.user_id = u.id
      WHERE u.id = $1 AND s.id = $2 AND s.ended_at IS NULL AND s.expires_at > now()`,
    [userId, sessionId, organizationId],
  );
  const row = r.rows[0];
  if (!row) return null;
  const {
    org_id,
    deactivated,
    paid_until,
    org_role_id,
    is_active,
    session_expires_at,
    accounts_stamp,
    ...user
  } = row;
  return {
    user,
    org: org_id === null ? null : { id: org_id, deactivated, paid_until, org_role_id, is_active },
    sessionExpiresAt: session_expires_at,
    stamp: accounts_stamp,
  };
}

/** How an organisation's row reads (getOrganizations / getAllOrganizations). */
export interface OrganizationRowBase {
  id: string;
  name: string;
  paid_until: Date | string | null;
  deactivated: boolean;
  sms_credits: number;
  logos: Record<string, string> | null;
  verification_status: 'not_required' | 'pending' | 'approved' | 'refused';
  verification_reason: string | null;
}

export type MembershipRow = OrganizationRowBase & {
  org_role_id: number;
  user_id: string;
  is_active: boolean;
};

/** The organisations a user is an active member of, by name. */
export async function readMemberships(sql: Sql, userId: string): Promise<MembershipRow[]> {
  const r = await sql.query<MembershipRow>(
    `SELECT o.id, o.name, o.paid_until, o.deactivated, o.sms_credits, o.logos, o.verification_status,
            o.verification_reason, m.org_role_id, m.user_id, m.is_active
       FROM org_members m JOIN organizations o ON o.id = m.organization_id
      WHERE m.user_id = $1 AND m.is_active ORDER BY o.name`,
    [userId],
  );
  return r.rows;
}

export type OrganizationWithOwnerRow = OrganizationRowBase & {
  created_at: Date;
  owner_user_id: string;
  owner_email: string | null;
  owner_name: string | null;
  member_count: string;
};

/** Every organisation with its owner and active member count, by name. */
export async function readAllOrganizations(sql: Sql): Promise<OrganizationWithOwnerRow[]> {
  const r = await sql.query<OrganizationWithOwnerRow>(
    `SELECT o.id, o.name, o.paid_until, o.deactivated, o.sms_credits, o.logos, o.verification_status,
            o.verification_reason, o.created_at, o.owner_user_id,
            u.email AS owner_email, u.name AS owner_name,
            (SELECT count(*) FROM org_members m WHERE m.organization_id = o.id AND m.is_active) AS member_count
       FROM organizations o LEFT JOIN users u ON u.id = o.owner_user_id
      ORDER BY o.name, o.id`,
  );
  return r.rows;
}

export interface OrgMemberRow {
  id: string;
  name: string;
  surname: string | null;
  email: string;
  is_email_verified: boolean;
  created_at: Date;
  org_role_id: number;
  is_active: boolean;
  added_at: Date;
}

/** An organisation's active members, by role then name. */
export async function readOrgMembers(sql: Sql, organizationId: string): Promise<OrgMemberRow[]> {
  const r = await sql.query<OrgMemberRow>(
    `SELECT u.id, u.name, u.surname, u.email, u.is_email_verified, u.created_at, m.org_role_id, m.is_active, m.added_at
       FROM org_members m JOIN users u ON u.id = m.user_id
      WHERE m.organization_id = $1 AND m.is_active
      ORDER BY m.org_role_id, u.name, u.id`,
    [organizationId],
  );
  return r.rows;
}

/** Whether a user is an active member of an organisation other than `organizationId`. */
export async function readMemberElsewhere(
  sql: Sql,
  userId: string,
  organizationId: string,
): Promise<boolean> {
  const r = await sql.query(
    `SELECT 1 FROM org_members WHERE user_id = $1 AND organization_id <> $2 AND is_active LIMIT 1`,
    [userId, organizationId],
  );
  return r.rows.length > 0;
}
