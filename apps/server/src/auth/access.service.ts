import { Inject, Injectable } from '@nestjs/common';
import type { Db } from '@okul/projections';
import { DB } from '../infra/tokens';
import { withOrganization } from '../infra/organization-scope';
import type { Principal } from '../infra/http/request-context';

export interface OrgAccess {
  organizationId: string;
  orgRoleId: number | null;
  memberActive: boolean;
  exists: boolean;
  deactivated: boolean;
  paidUntil: Date | null;
}

/** Reads the accounts read model for the guard: who is calling, and what they are in an organisation. */
@Injectable()
export class AccessService {
  constructor(@Inject(DB) private readonly db: Db) {}

  /** The caller's membership in the organisation the call names: read within that organisation. */
  orgAccess(userId: string, organizationId: string): Promise<OrgAccess> {
    return withOrganization(organizationId, () => this.readOrgAccess(userId, organizationId));
  }

  async principal(userId: string, sessionId: string): Promise<Principal | null> {
    const r = await this.db.query<{
      id: string;
      email: string;
      name: string;
      global_role_id: number | null;
      is_email_verified: boolean;
      registration_status: string;
    }>(
      `SELECT u.id, u.email, u.name, u.global_role_id, u.is_email_verified, u.registration_status
         FROM users u JOIN sessions s ON s.user_id = u.id
        WHERE u.id = $1 AND s.id = $2 AND s.ended_at IS NULL AND s.expires_at > now()`,
      [userId, sessionId],
    );
    const u = r.rows[0];
    if (!u) return null;
    return {
      userId: u.id,
      sessionId,
      email: u.email,
      name: u.name,
      globalRoleId: u.global_role_id,
      isEmailVerified: u.is_email_verified,
      registrationStatus: u.registration_status,
    };
  }

  private async readOrgAccess(userId: string, organizationId: string): Promise<OrgAccess> {
    const r = await this.db.query<{
      id: string;
      deactivated: boolean;
      paid_until: Date | string | null;
      org_role_id: number | null;
      is_active: boolean | null;
    }>(
      `SELECT o.id, o.deactivated, o.paid_until, m.org_role_id, m.is_active
         FROM organizations o LEFT JOIN org_members m ON m.organization_id = o.id AND m.user_id = $1
        WHERE o.id = $2`,
      [userId, organizationId],
    );
    const o = r.rows[0];
    return {
      organizationId,
      exists: !!o,
      orgRoleId: o?.org_role_id ?? null,
      memberActive: o?.is_active ?? false,
      deactivated: o?.deactivated ?? false,
      paidUntil: o?.paid_until ? new Date(o.paid_until) : null,
    };
  }
}
