import { Inject, Injectable } from '@nestjs/common';
import { DomainError, ROLES, hasRole, plainIp } from '@okul/domain';
import {
  readAllOrganizations,
  readLiveSessions,
  readMemberships,
  readUser,
  type Db,
} from '@okul/projections';
import type { Principal } from '../infra/http/request-context';
import { CROSS_ORG_DB, DB } from '../infra/tokens';
import { organizationView } from './organization-view';

const iso = (d: Date | string) => new Date(d).toISOString();

/** The signed-in user's reads (api.md 7.2): profile, sessions, memberships; every organisation for the developer. */
@Injectable()
export class AccountsQueries {
  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(CROSS_ORG_DB) private readonly crossOrgDb: Db,
  ) {}

  async profile(userId: string) {
    const u = await readUser(this.db, userId);
    if (!u) throw new DomainError('account.userNotFound');
    return {
      id: u.id,
      name: u.name,
      surname: u.surname,
      displayName: [u.name, u.surname].filter(Boolean).join(' '),
      email: u.email,
      isEmailVerified: u.is_email_verified,
      registrationStatus: u.registration_status,
      globalRoleId: u.global_role_id,
      createdAt: new Date(u.created_at).toISOString(),
      passwordChangedAt: u.password_changed_at ? new Date(u.password_changed_at).toISOString() : null,
    };
  }

  /** Live sessions only (not ended, not expired), most recently used first. */
  async sessions(userId: string, currentSessionId: string) {
    const rows = await readLiveSessions(this.db, userId);
    return {
      sessions: rows.map((s) => ({
        sessionId: s.id,
        createdAt: iso(s.created_at),
        lastUsedAt: iso(s.last_used_at),
        expiresAt: iso(s.expires_at),
        ipAddress: plainIp(s.ip_address),
        userAgent: s.user_agent,
        isCurrent: s.id === currentSessionId,
      })),
      currentSessionId,
    };
  }

  async organizations(userId: string) {
    // The caller's own memberships in every organisation (the organisation picker after sign-in).
    const rows = await readMemberships(this.crossOrgDb, userId);
    return rows.map((row) => ({
      organization: organizationView(row),
      organizationUser: {
        id: `${row.id}:${row.user_id}`,
        userId: row.user_id,
        orgRoleId: row.org_role_id,
        isActive: row.is_active,
      },
    }));
  }

  /** api.md 7.2 getAllOrganizations: every organisation, for the developer's second picker (product.md 2). */
  async allOrganizations(p: Principal) {
    if (!hasRole(p.globalRoleId, ROLES.developer)) throw new DomainError('auth.forbidden');
    // Every organisation's member count, for the developer only (checked above).
    const rows = await readAllOrganizations(this.crossOrgDb);
    return rows.map((row) => ({
      ...organizationView({ ...row, org_role_id: p.globalRoleId }),
      ownerUserId: row.owner_user_id,
      ownerEmail: row.owner_email,
      ownerName: row.owner_name,
      memberCount: Number(row.member_count),
      createdAt: new Date(row.created_at).toISOString(),
    }));
  }
}
