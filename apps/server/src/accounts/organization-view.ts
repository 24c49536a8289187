import type { OrganizationRowBase } from '@okul/projections';

/** How an organisation reads in getOrganizations / getAllOrganizations (product.md 3, Organisation). */
export type OrganizationRow = OrganizationRowBase & { org_role_id?: number | null };

export function remainingSubscriptionStr(paidUntil: Date | null, now: Date): string {
  if (!paidUntil || paidUntil <= now) return 'Üyelik aktif değil';
  const days = Math.ceil((paidUntil.getTime() - now.getTime()) / 86_400_000);
  return `${days} gün`;
}

export function organizationView(r: OrganizationRow, now = new Date()) {
  const paidUntil = r.paid_until ? new Date(r.paid_until) : null;
  return {
    id: r.id,
    organizationId: r.id,
    name: r.name,
    logos: r.logos ?? {},
    isMembershipActive: !!paidUntil && paidUntil > now,
    paidUntil: paidUntil?.toISOString() ?? null,
    remainingSubscriptionStr: remainingSubscriptionStr(paidUntil, now),
    deactivated: r.deactivated,
    smsCredits: r.sms_credits,
    orgRoleId: r.org_role_id ?? null,
    verificationStatus: r.verification_status,
    verificationReason: r.verification_reason,
  };
}
