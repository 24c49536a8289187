import { Inject, Injectable } from '@nestjs/common';
import { readOrgMembers, type Db } from '@okul/projections';
import { DB } from '../infra/tokens';

/** api.md 7.3 getOrganizationUsers: the organisation's members as the users screen lists them. */
@Injectable()
export class OrganizationsQueries {
  constructor(@Inject(DB) private readonly db: Db) {}

  /** product.md 3 users list entry: user and orgRoleId; active members, owner first. */
  async users(organizationId: string) {
    const rows = await readOrgMembers(this.db, organizationId);
    return rows.map((u) => ({
      user: {
        id: u.id,
        name: u.name,
        surname: u.surname,
        displayName: [u.name, u.surname].filter(Boolean).join(' '),
        email: u.email,
        isEmailVerified: u.is_email_verified,
        createdAt: new Date(u.created_at).toISOString(),
      },
      orgRoleId: u.org_role_id,
      isActive: u.is_active,
      addedAt: new Date(u.added_at).toISOString(),
    }));
  }
}
