import { ROLES, effectiveRole, hasRole, mustVerifyEmail } from '@okul/domain';
import type { OrgSelection } from './org-selection';
import type { Membership, Organization, Profile } from '@okul/domain';

/** What the app knows about the signed-in user (product.md 4, application start). */
export interface Session {
  user: Profile;
  /** The user's own organisations (getOrganizations), active links only. */
  memberships: Membership[];
  /** Every organisation (getAllOrganizations), for developers and admins; empty for everyone else. */
  allOrganizations: Organization[];
  /** The selected organisation, or null while the user has to pick one. */
  organization: Organization | null;
  /** product.md 6: the organisation role, else the global role, else not-registered. */
  role: number;
}

export type ReadySession = Session & { organization: Organization };

/** product.md 2: developers see a second picker listing all organisations. */
export function seesAllOrganizations(user: Pick<Profile, 'globalRoleId'>): boolean {
  return hasRole(user.globalRoleId, ROLES.developer);
}

/**
 * The selected organisation: the remembered one when the user can still open it, else the first of the
 * user's own (product.md 4); none after clearOrg, so that the picker shows.
 */
export function pickOrganization(
  memberships: Membership[],
  allOrganizations: Organization[],
  selection: OrgSelection,
): { organization: Organization; membership: Membership | null } | null {
  if (selection.cleared) return null;
  const active = memberships.filter((m) => m.organizationUser.isActive !== false);
  if (selection.id) {
    const own = active.find((m) => m.organization.id === selection.id);
    if (own) return { organization: own.organization, membership: own };
    const any = allOrganizations.find((o) => o.id === selection.id);
    if (any) return { organization: any, membership: null };
  }
  const first = active[0];
  return first ? { organization: first.organization, membership: first } : null;
}

export function resolveSession(input: {
  user: Profile;
  memberships: Membership[];
  allOrganizations: Organization[];
  selection: OrgSelection;
}): Session {
  const memberships = input.memberships.filter((m) => m.organizationUser.isActive !== false);
  const picked = pickOrganization(memberships, input.allOrganizations, input.selection);
  const orgRoleId = picked
    ? (picked.membership?.organizationUser.orgRoleId ?? picked.membership?.organization.orgRoleId)
    : null;
  return {
    user: input.user,
    memberships,
    allOrganizations: input.allOrganizations,
    organization: picked?.organization ?? null,
    role: effectiveRole(orgRoleId, input.user.globalRoleId),
  };
}

/**
 * Panel gating of product.md 2, in order: signed out -> login; pending_payment -> /kayit; unverified
 * e-mail (except the global admin account) -> e-mail warning; no organisation -> picker; organisation
 * without active membership -> payment lockout; else the panel.
 */
export type PanelGate =
  | { kind: 'login' }
  | { kind: 'registration' }
  | { kind: 'verifyEmail'; session: Session }
  | { kind: 'selectOrganization'; session: Session }
  | { kind: 'membershipInactive'; session: ReadySession }
  | { kind: 'ready'; session: ReadySession };

export function gatePanel(session: Session | null): PanelGate {
  if (!session) return { kind: 'login' };
  if (session.user.registrationStatus === 'pending_payment') return { kind: 'registration' };
  // product.md 2: "An unverified e-mail (except a special admin account)": the global admin (role 0).
  if (mustVerifyEmail(session.user)) return { kind: 'verifyEmail', session };
  const organization = session.organization;
  if (!organization) return { kind: 'selectOrganization', session };
  const ready: ReadySession = { ...session, organization };
  if (!organization.isMembershipActive) return { kind: 'membershipInactive', session: ready };
  return { kind: 'ready', session: ready };
}
