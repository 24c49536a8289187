import { ROLE_LABELS_TR, checkoutItem, type EventOf } from '@okul/domain';
import { defineProjection, type ProjectionContext } from '../runtime/projection';

/** "1.100,00 TL" from kuruş, by integer arithmetic (money is never a float). */
function tl(kurus: number): string {
  const lira = Math.floor(kurus / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${lira},${String(kurus % 100).padStart(2, '0')} TL`;
}

/**
 * The inbox (product.md 3 Inbox item; 2: three tabs) and the invitations behind it. Items of type
 * invitation carry the invitation's id, so respondToOrgInvitation {messageId} names the invitation;
 * notifications and messages made from events take the event's id, so a rebuild makes the same ids.
 */
export const inboxProjection = defineProjection({
  name: 'inbox',
  version: 1,
  tables: ['inbox_items', 'invitations'],
  schema: (t) => `
    CREATE TABLE ${t('inbox_items')} (
      id text PRIMARY KEY,
      user_id uuid NOT NULL,
      type text NOT NULL,
      subject text NOT NULL,
      body text NOT NULL,
      is_read boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL,
      response_status text,
      responded_at timestamptz,
      organization_id uuid
    );
    CREATE INDEX ON ${t('inbox_items')} (user_id, created_at DESC);
    CREATE TABLE ${t('invitations')} (
      id uuid PRIMARY KEY,
      organization_id uuid NOT NULL,
      organization_name text NOT NULL,
      email text NOT NULL,
      name text NOT NULL,
      org_role_id int NOT NULL,
      invited_by_user_id uuid NOT NULL,
      invited_user_id uuid,
      delivery text NOT NULL,
      status text NOT NULL,
      created_at timestamptz NOT NULL,
      expires_at timestamptz,
      responded_at timestamptz,
      accepted_user_id uuid
    );
    CREATE INDEX ON ${t('invitations')} (organization_id, email);
  `,
  handlers: {
    UserRegistered: async ({ sql, table }, e: EventOf<'UserRegistered'>) => {
      await sql.query(
        `INSERT INTO ${table('inbox_items')} (id, user_id, type, subject, body, created_at) VALUES ($1,$2,'message',$3,$4,$5)`,
        [
          e.id,
          e.data.userId,
          "KursPanel'e hoş geldiniz",
          `Merhaba ${e.data.name}, KursPanel'e hoş geldiniz! Kurumunuzla ilgili davetler, bildirimler ve mesajlar bu gelen kutusunda görünecek. Sorularınız için Yardım sayfasına göz atabilirsiniz.`,
          e.data.registeredAt,
        ],
      );
    },
    UserInvited: async ({ sql, table }, e: EventOf<'UserInvited'>) => {
      const d = e.data;
      await sql.query(
        `INSERT INTO ${table('invitations')} (id, organization_id, organization_name, email, name, org_role_id, invited_by_user_id, invited_user_id, delivery, status, created_at, expires_at)
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,'pending',$10,$11)`,
        [
          d.invitationId,
          d.organizationId,
          d.organizationName,
          d.email,
          d.name,
          d.orgRoleId,
          d.invitedByUserId,
          d.invitedUserId,
          d.invitedUserId ? 'inbox' : 'email',
          d.invitedAt,
          d.expiresAt,
        ],
      );
      if (!d.invitedUserId) return;
      const role = ROLE_LABELS_TR[d.orgRoleId] ?? String(d.orgRoleId);
      await sql.query(
        `INSERT INTO ${table('inbox_items')} (id, user_id, type, subject, body, created_at, response_status, organization_id)
         VALUES ($1,$2,'invitation',$3,$4,$5,'pending',$6)`,
        [
          d.invitationId,
          d.invitedUserId,
          `Kurum daveti: ${d.organizationName}`,
          `${d.invitedByName}, sizi ${d.organizationName} kurumuna ${role} rolüyle davet etti. Daveti kabul ederseniz kurum seçiminde ${d.organizationName} de listelenecek.`,
          d.invitedAt,
          d.organizationId,
        ],
      );
    },
    InvitationAccepted: async (ctx, e: EventOf<'InvitationAccepted'>) => {
      await answered(ctx, e.id, e.data.invitationId, 'accepted', e.data.acceptedAt, e.data.userId);
    },
    InvitationRejected: async (ctx, e: EventOf<'InvitationRejected'>) => {
      await answered(ctx, e.id, e.data.invitationId, 'rejected', e.data.rejectedAt, null);
    },
    InvitationResent: async ({ sql, table }, e: EventOf<'InvitationResent'>) => {
      await sql.query(`UPDATE ${table('invitations')} SET expires_at = $2 WHERE id = $1`, [
        e.data.invitationId,
        e.data.expiresAt,
      ]);
    },
    // A revoked invitation stays in the invitee's inbox, answered as revoked (no buttons any more).
    InvitationRevoked: async ({ sql, table }, e: EventOf<'InvitationRevoked'>) => {
      await sql.query(
        `UPDATE ${table('invitations')} SET status = 'revoked', responded_at = $2 WHERE id = $1`,
        [e.data.invitationId, e.data.revokedAt],
      );
      await sql.query(
        `UPDATE ${table('inbox_items')} SET response_status = 'revoked', responded_at = $2 WHERE id = $1`,
        [e.data.invitationId, e.data.revokedAt],
      );
    },
    InboxItemRead: async ({ sql, table }, e: EventOf<'InboxItemRead'>) => {
      await sql.query(`UPDATE ${table('inbox_items')} SET is_read = true WHERE id = $1 AND user_id = $2`, [
        e.data.messageId,
        e.data.userId,
      ]);
    },
    PaymentSucceeded: async ({ sql, table }, e: EventOf<'PaymentSucceeded'>) => {
      const item = checkoutItem(e.data.checkoutItem);
      await sql.query(
        `INSERT INTO ${table('inbox_items')} (id, user_id, type, subject, body, created_at, organization_id) VALUES ($1,$2,'notification',$3,$4,$5,$6)`,
        [
          e.id,
          e.data.userId,
          'Ödemeniz alındı',
          `${item?.name ?? e.data.checkoutItem} için ${tl(e.data.amount)} tutarındaki ödemeniz alındı. Teşekkür ederiz.`,
          e.data.succeededAt,
          e.data.organizationId,
        ],
      );
    },
    PaymentFailed: async ({ sql, table }, e: EventOf<'PaymentFailed'>) => {
      const item = checkoutItem(e.data.checkoutItem);
      await sql.query(
        `INSERT INTO ${table('inbox_items')} (id, user_id, type, subject, body, created_at, organization_id) VALUES ($1,$2,'notification',$3,$4,$5,$6)`,
        [
          e.id,
          e.data.userId,
          'Ödeme tamamlanamadı',
          `${item?.name ?? e.data.checkoutItem} ödemeniz tamamlanamadı; kartınızdan tahsilat yapılmadı. Dilerseniz ödemeyi yeniden başlatabilirsiniz.`,
          e.data.failedAt,
          e.data.organizationId,
        ],
      );
    },
  },
});

async function answered(
  { sql, table }: ProjectionContext,
  eventId: string,
  invitationId: string,
  status: 'accepted' | 'rejected',
  at: string,
  acceptedUserId: string | null,
): Promise<void> {
  const r = await sql.query<{
    organization_id: string;
    organization_name: string;
    email: string;
    name: string;
    invited_by_user_id: string;
  }>(
    `UPDATE ${table('invitations')} SET status = $2, responded_at = $3, accepted_user_id = $4 WHERE id = $1
     RETURNING organization_id, organization_name, email, name, invited_by_user_id`,
    [invitationId, status, at, acceptedUserId],
  );
  await sql.query(
    `UPDATE ${table('inbox_items')} SET response_status = $2, responded_at = $3, is_read = true WHERE id = $1`,
    [invitationId, status, at],
  );
  const inv = r.rows[0];
  if (!inv) return;
  // product.md 4: notifications only show the action; the inviter learns how the invitation was answered.
  const who = inv.name ? `${inv.name} (${inv.email})` : inv.email;
  const verb = status === 'accepted' ? 'kabul etti' : 'reddetti';
  await sql.query(
    `INSERT INTO ${table('inbox_items')} (id, user_id, type, subject, body, created_at, organization_id) VALUES ($1,$2,'notification',$3,$4,$5,$6)`,
    [
      eventId,
      inv.invited_by_user_id,
      status === 'accepted' ? 'Davet kabul edildi' : 'Davet reddedildi',
      `${who}, ${inv.organization_name} kurumuna katılma davetinizi ${verb}.`,
      at,
      inv.organization_id,
    ],
  );
}
