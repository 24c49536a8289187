import type { EventOf } from '@okul/domain';
import { defineProjection, type ProjectionContext } from '../runtime/projection';

/**
 * The organisation's invitations still waiting for an answer (Kullanıcılar, Bekleyen davetler): who was
 * invited, by whom, with which role, when it was last sent and until when its link works. An answered or
 * revoked invitation leaves the list.
 */
export const pendingInvitationsProjection = defineProjection({
  name: 'pending_invitations',
  version: 1,
  tables: ['pending_invitations'],
  schema: (t) => `
    CREATE TABLE ${t('pending_invitations')} (
      id uuid PRIMARY KEY,
      organization_id uuid NOT NULL,
      email text NOT NULL,
      name text NOT NULL,
      org_role_id int NOT NULL,
      delivery text NOT NULL,
      invited_by_user_id uuid NOT NULL,
      invited_by_name text NOT NULL,
      invited_at timestamptz NOT NULL,
      last_sent_at timestamptz NOT NULL,
      expires_at timestamptz
    );
    CREATE INDEX ON ${t('pending_invitations')} (organization_id, invited_at DESC);
  `,
  handlers: {
    UserInvited: async ({ sql, table }, e: EventOf<'UserInvited'>) => {
      const d = e.data;
      await sql.query(
        `INSERT INTO ${table('pending_invitations')} (id, organization_id, email, name, org_role_id, delivery, invited_by_user_id, invited_by_name, invited_at, last_sent_at, expires_at)
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$9,$10)`,
        [
          d.invitationId,
          d.organizationId,
          d.email,
          d.name,
          d.orgRoleId,
          d.invitedUserId ? 'inbox' : 'email',
          d.invitedByUserId,
          d.invitedByName,
          d.invitedAt,
          d.expiresAt,
        ],
      );
    },
    InvitationResent: async ({ sql, table }, e: EventOf<'InvitationResent'>) => {
      await sql.query(
        `UPDATE ${table('pending_invitations')} SET last_sent_at = $2, expires_at = $3 WHERE id = $1`,
        [e.data.invitationId, e.data.resentAt, e.data.expiresAt],
      );
    },
    InvitationAccepted: async (ctx, e: EventOf<'InvitationAccepted'>) => gone(ctx, e.data.invitationId),
    InvitationRejected: async (ctx, e: EventOf<'InvitationRejected'>) => gone(ctx, e.data.invitationId),
    InvitationRevoked: async (ctx, e: EventOf<'InvitationRevoked'>) => gone(ctx, e.data.invitationId),
  },
});

async function gone({ sql, table }: ProjectionContext, invitationId: string): Promise<void> {
  await sql.query(`DELETE FROM ${table('pending_invitations')} WHERE id = $1`, [invitationId]);
}
