import type { PendingInvitation } from '@okul/domain';
import type { Sql } from '../runtime/sql';

interface Row {
  id: string;
  email: string;
  name: string;
  org_role_id: number;
  delivery: 'email' | 'inbox';
  invited_by_user_id: string;
  invited_by_name: string;
  invited_at: Date;
  last_sent_at: Date;
  expires_at: Date | null;
}

const iso = (d: Date) => new Date(d).toISOString();

/** The organisation's invitations waiting for an answer, the most recently sent first (getPendingInvitations). */
export async function readPendingInvitations(sql: Sql, organizationId: string): Promise<PendingInvitation[]> {
  const r = await sql.query<Row>(
    `SELECT id, email, name, org_role_id, delivery, invited_by_user_id, invited_by_name, invited_at,
            last_sent_at, expires_at
       FROM pending_invitations WHERE organization_id = $1
      ORDER BY last_sent_at DESC, id LIMIT 1000`,
    [organizationId],
  );
  return r.rows.map((p) => ({
    id: p.id,
    email: p.email,
    name: p.name,
    orgRoleId: p.org_role_id,
    delivery: p.delivery,
    invitedByUserId: p.invited_by_user_id,
    invitedByName: p.invited_by_name,
    invitedAt: iso(p.invited_at),
    lastSentAt: iso(p.last_sent_at),
    expiresAt: p.expires_at ? iso(p.expires_at) : null,
  }));
}
