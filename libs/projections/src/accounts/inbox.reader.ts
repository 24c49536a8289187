import type { Sql } from '../runtime/sql';

/** Whether the organisation has a pending invitation for the user. */
export async function readInvitationPending(
  sql: Sql,
  organizationId: string,
  invitedUserId: string,
): Promise<boolean> {
  const r = await sql.query(
    `SELECT 1 FROM invitations WHERE organization_id = $1 AND invited_user_id = $2 AND status = 'pending'`,
    [organizationId, invitedUserId],
  );
  return r.rows.length > 0;
}

/** One item of a user's inbox (its kind and organisation); null when the user has no such item. */
export async function readInboxItem(
  sql: Sql,
  userId: string,
  messageId: string,
): Promise<{ type: string; organization_id: string | null } | null> {
  const r = await sql.query<{ type: string; organization_id: string | null }>(
    `SELECT type, organization_id FROM inbox_items WHERE id = $1 AND user_id = $2`,
    [messageId, userId],
  );
  return r.rows[0] ?? null;
}

export interface InboxItemRow {
  id: string;
  type: 'message' | 'notification' | 'invitation';
  subject: string;
  body: string;
  is_read: boolean;
  created_at: Date;
  response_status: string | null;
  responded_at: Date | null;
  organization_id: string | null;
}

/** A user's inbox, newest first (the latest 500). */
export async function readInbox(sql: Sql, userId: string): Promise<InboxItemRow[]> {
  const r = await sql.query<InboxItemRow>(
    `SELECT id, type, subject, body, is_read, created_at, response_status, responded_at, organization_id
       FROM inbox_items WHERE user_id = $1 ORDER BY created_at DESC, id LIMIT 500`,
    [userId],
  );
  return r.rows;
}
