import { Inject, Injectable } from '@nestjs/common';
import {
  readOrgAccess,
  readSessionUser,
  readSessionUserInOrganization,
  type Db,
  type OrgAccessRow,
  type SessionUserRow,
  stampsOf,
} from '@okul/projections';
import { DB } from '../infra/tokens';
import { withOrganization } from '../infra/organization-scope';
import type { Principal } from '../infra/http/request-context';
import { OrganizationHeads } from '../infra/read-side-waits';

/** Guard reads kept at most per process (the oldest go first). */
const MAX_KEPT = 10_000;

interface KeptAccess {
  /** The accounts read model's checkpoint (with its generation) in the snapshot the row was read in. */
  stamp: string;
  principal: Principal;
  access: OrgAccess;
  /** The session's expiry: the row no longer holds from then on. */
  expiresAt: number;
}

export interface OrgAccess {
  organizationId: string;
  orgRoleId: number | null;
  memberActive: boolean;
  exists: boolean;
  deactivated: boolean;
  paidUntil: Date | null;
}

/**
 * Reads the accounts read model for the guard: who is calling, and what they are in an organisation.
 * The caller's row in an organisation is kept with the accounts read model's checkpoint read in the same
 * statement: users, sessions, organisations and memberships change only through that projection, so while
 * the checkpoint stays the row holds. A kept row is served when a checkpoint read by one query shared by
 * concurrent requests, started after each arrived (so a logout or a removal answered before a request always
 * shows in it), still equals it, and the session has not expired by the clock. When another request has
 * already seen the checkpoint move past the kept row, the row is read again at once instead of waiting for
 * that query (the checkpoint moves with every event of any organisation: under writes, a read costs one
 * round trip as before). A parked event of the organisation in the accounts read model reads the row again
 * (and the stale-read guard answers for it).
 */
@Injectable()
export class AccessService {
  private readonly kept = new Map<string, KeptAccess>();
  /** Per organisation, the accounts checkpoint last seen (a hint only: whether a kept row may still hold). */
  private readonly seen = new Map<string, string | null>();

  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(OrganizationHeads) private readonly heads: OrganizationHeads,
  ) {}

  /**
   * The accounts read model's checkpoint from the request's reading of every read model's checkpoints,
   * which the read cache's stamp of the same request takes too (one round trip for both).
   */
  private async accountsStamp(organizationId: string): Promise<string | null> {
    const s = stampsOf(await this.heads.checkpoints(organizationId), ['accounts']);
    const stamp = s.parked || s.checkpoints === null ? null : s.checkpoints;
    this.see(organizationId, stamp);
    return stamp;
  }

  private see(organizationId: string, stamp: string | null) {
    this.seen.delete(organizationId);
    this.seen.set(organizationId, stamp);
    if (this.seen.size > MAX_KEPT) this.seen.delete(this.seen.keys().next().value!);
  }

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
   * `kept: false` (a write) reads the row without asking first whether the kept one still holds: each write
   * moves the accounts checkpoint, so under writes that question (a reading of every checkpoint, which no
   * kept answer of a write shares) is nearly always followed by the row's reading anyway.
   */
  principalInOrganization(
    userId: string,
    sessionId: string,
    organizationId: string,
    opts: { kept?: boolean } = {},
  ): Promise<{ principal: Principal; access: OrgAccess } | null> {
    return withOrganization(organizationId, async () => {
      const key = `${userId}|${sessionId}|${organizationId}`;
      const hit = opts.kept === false ? undefined : this.kept.get(key);
      if (hit && Date.now() < hit.expiresAt && this.seen.get(organizationId) === hit.stamp) {
        const stamp = await this.accountsStamp(organizationId);
        if (stamp !== null && stamp === hit.stamp) {
          return { principal: { ...hit.principal }, access: { ...hit.access } };
        }
      }
      const r = await readSessionUserInOrganization(this.db, userId, sessionId, organizationId);
      this.kept.delete(key);
      if (!r) return null;
      const principal = principalOf(r.user, sessionId);
      const access = accessOf(organizationId, r.org);
      if (r.stamp !== null) {
        this.see(organizationId, r.stamp);
        this.kept.set(key, {
          stamp: r.stamp,
          principal,
          access,
          expiresAt: new Date(r.sessionExpiresAt).getTime(),
        });
        if (this.kept.size > MAX_KEPT) this.kept.delete(this.kept.keys().next().value!);
      }
      return { principal: { ...principal }, access: { ...access } };
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
