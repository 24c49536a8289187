import { Inject, Injectable } from '@nestjs/common';
import {
  readOrgAccess,
  readSessionUser,
  readSessionUserInOrganization,
  type Db,
  type OrgAccessRow,
  type SessionUserRow,
} from '@okul/projections';
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
    const u = await readSessionUser(this.db, userId, sessionId);
    return u ? principalOf(u, sessionId) : null;
  }

  /**
   * The caller and their membership in the organisation the call names, read together within that
   * organisation: one round trip for the guard of every org-scoped call instead of two.
   */
  principalInOrganization(
    userId: string,
    sessionId: string,
    organizationId: string,
  ): Promise<{ principal: Principal; access: OrgAccess } | null> {
    return withOrganization(organizationId, async () => {
      const r = await readSessionUserInOrganization(this.db, userId, sessionId, organizationId);
      return r && { principal: principalOf(r.user, sessionId), access: accessOf(organizationId, r.org) };
    });
  }

  private async readOrgAccess(userId: string, organizationId: string): Promise<OrgAccess> {
    return accessOf(organizationId, await readOrgAccess(this.db, userId, organizationId));
  }
}

function principalOf(u: SessionUserRow, sessionId: string): Principal {
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

function accessOf(organizationId: string, o: OrgAccessRow | null): OrgAccess {
  return {
    organizationId,
    exists: !!o,
    orgRoleId: o?.org_role_id ?? null,
    memberActive: o?.is_active ?? false,
    deactivated: o?.deactivated ?? false,
    paidUntil: o?.paid_until ? new Date(o.paid_until) : null,
  };
}
