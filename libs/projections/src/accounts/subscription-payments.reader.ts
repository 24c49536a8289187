import type { Sql } from '../runtime/sql';

/**
 * The organisation a signed-in user pays for when the checkout names none (api.md 7.4): the first one they
 * manage, owner before admin, then the oldest membership; null when they manage none.
 */
export async function readPayableOrganization(
  sql: Sql,
  userId: string,
  maxRoleId: number,
): Promise<string | null> {
  const r = await sql.query<{ organization_id: string }>(
    `SELECT organization_id FROM org_members WHERE user_id = $1 AND is_active AND org_role_id <= $2
      ORDER BY org_role_id, added_at LIMIT 1`,
    [userId, maxRoleId],
  );
  return r.rows[0]?.organization_id ?? null;
}

/** A subscription payment as the read model holds it (amount in kuruş), or null. */
export interface SubscriptionPaymentView {
  paymentId: string;
  status: string;
  organizationId: string;
  userId: string;
  provider: string;
  checkoutItem: string;
  kind: string;
  amount: number;
  providerReference: string | null;
  failureReason: string | null;
  initiatedAt: string;
  completedAt: string | null;
}

export async function readSubscriptionPayment(
  sql: Sql,
  paymentId: string,
): Promise<SubscriptionPaymentView | null> {
  const r = await sql.query<{
    id: string;
    organization_id: string;
    user_id: string;
    provider: string;
    checkout_item: string;
    kind: string;
    amount: string;
    status: string;
    provider_reference: string | null;
    failure_reason: string | null;
    initiated_at: Date;
    completed_at: Date | null;
  }>(`SELECT * FROM subscription_payments WHERE id = $1`, [paymentId]);
  const row = r.rows[0];
  if (!row) return null;
  return {
    paymentId: row.id,
    status: row.status,
    organizationId: row.organization_id,
    userId: row.user_id,
    provider: row.provider,
    checkoutItem: row.checkout_item,
    kind: row.kind,
    amount: Number(row.amount),
    providerReference: row.provider_reference,
    failureReason: row.failure_reason,
    initiatedAt: new Date(row.initiated_at).toISOString(),
    completedAt: row.completed_at ? new Date(row.completed_at).toISOString() : null,
  };
}
