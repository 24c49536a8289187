/** api.md 7.2 getProfile. */
export interface Profile {
  id: string;
  name: string;
  email: string;
  isEmailVerified: boolean;
  /** product.md 3 User: pending_payment or active. */
  registrationStatus: string;
  globalRoleId?: number | null;
  displayName?: string;
}

export interface OrganizationLogos {
  logo?: string;
  logoNegative?: string;
  logoOnly?: string;
  logoOnlyNegative?: string;
}

/** product.md 3 Organisation. */
export interface Organization {
  id: string;
  organizationId: string;
  name: string;
  isMembershipActive: boolean;
  paidUntil: string | null;
  remainingSubscriptionStr?: string | null;
  deactivated?: boolean;
  smsCredits?: number;
  logos?: OrganizationLogos | null;
  orgRoleId?: number | null;
}

/** api.md 7.2 getOrganizations: the user-organisation link. */
export interface Membership {
  organization: Organization;
  organizationUser: { id: string; userId: string; orgRoleId: number | null; isActive: boolean };
}
