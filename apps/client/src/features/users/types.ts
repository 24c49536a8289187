/** product.md 3 users list entry (api.md 7.3 getOrganizationUsers): user and orgRoleId. */
export interface OrganizationUser {
  user: {
    id: string;
    name: string;
    surname?: string | null;
    displayName?: string;
    email: string;
    isEmailVerified?: boolean;
    createdAt?: string;
  };
  orgRoleId: number;
  isActive?: boolean;
  addedAt?: string;
}
