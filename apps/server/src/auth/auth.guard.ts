import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { DomainError, ROLES, effectiveRole, hasRole, mustVerifyEmail } from '@okul/domain';
import type { AppRequest } from '../infra/http/request-context';
import { OrganizationHeads } from '../infra/read-side-waits';
import { AccessService } from './access.service';
import {
  ACCOUNT_CALL_KEY,
  MIN_ROLE_KEY,
  PUBLIC_KEY,
  SKIP_ORG_GATING_KEY,
  VISITOR_READ_KEY,
} from './decorators';
import { TokenService } from './token.service';

/** A user id no one has: a visitor's organisation lookup finds the organisation and no membership. */
const NO_USER = '00000000-0000-0000-0000-000000000000';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What a route's decorators say about its callers (read once per route: decorators do not change). */
interface RouteRules {
  isPublic: boolean;
  visitorRead: boolean;
  accountCall: boolean;
  minRole: number;
  skipOrgGating: boolean;
}

/**
 * Every call is authenticated unless marked @Public. Every org-scoped call (`:orgID` in the path) checks
 * the caller's role in that organisation against the route's @MinRole (default school-student):
 * a user with no role there gets 403, whatever the organisation holds.
 * The server also enforces the client's gating (product.md 2): an unverified e-mail reaches only account
 * calls (@AccountCall); an org-scoped write needs an open organisation (403 'org.deactivated') with an
 * active membership, paidUntil later than now (402 'org.membershipInactive'), unless @SkipOrgGating.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    @Inject(Reflector) private readonly reflector: Reflector,
    @Inject(TokenService) private readonly tokens: TokenService,
    @Inject(AccessService) private readonly access: AccessService,
    @Inject(OrganizationHeads) private readonly heads: OrganizationHeads,
  ) {}

  /** Per controller class and route handler, its rules (`rulesOf`). */
  private readonly rules = new WeakMap<object, WeakMap<object, RouteRules>>();

  private rulesOf(context: ExecutionContext): RouteRules {
    const handler = context.getHandler();
    const cls = context.getClass();
    let ofClass = this.rules.get(cls);
    if (!ofClass) this.rules.set(cls, (ofClass = new WeakMap()));
    let rules = ofClass.get(handler);
    if (!rules) {
      const targets = [handler, cls];
      const read = <T>(key: string) => this.reflector.getAllAndOverride<T | undefined>(key, targets);
      rules = {
        isPublic: read<boolean>(PUBLIC_KEY) ?? false,
        visitorRead: read<boolean>(VISITOR_READ_KEY) ?? false,
        accountCall: read<boolean>(ACCOUNT_CALL_KEY) ?? false,
        minRole: read<number>(MIN_ROLE_KEY) ?? ROLES.schoolStudent,
        skipOrgGating: read<boolean>(SKIP_ORG_GATING_KEY) ?? false,
      };
      ofClass.set(handler, rules);
    }
    return rules;
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const rules = this.rulesOf(context);
    if (rules.isPublic) return true;
    const req = context.switchToHttp().getRequest<AppRequest>();
    const header = req.header('authorization') ?? '';
    const visitorRead = rules.visitorRead;
    if (visitorRead && header === '') return this.visitor(req);
    const token = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
    const claims = token ? await this.tokens.verifyAccess(token) : null;
    if (!claims) throw new DomainError('auth.unauthorized');
    const orgId = req.params?.orgID as string | undefined;
    // An org-scoped call reads the caller and their membership in one round trip, and beside it the
    // organisation's last position, which its reads wait for (infra/read-side-waits.ts).
    if (orgId !== undefined && UUID.test(orgId)) this.heads.prefetch();
    const isWrite = req.method !== 'GET' && req.method !== 'HEAD';
    const scoped =
      orgId !== undefined && UUID.test(orgId)
        ? await this.access.principalInOrganization(claims.userId, claims.sessionId, orgId, {
            kept: !isWrite,
          })
        : undefined;
    const principal =
      scoped === undefined ? await this.access.principal(claims.userId, claims.sessionId) : scoped?.principal;
    if (!principal) throw new DomainError('auth.unauthorized');
    req.principal = principal;
    // product.md 2: "an unverified e-mail (except a special admin account)": the global admin is exempt.
    if (mustVerifyEmail(principal) && !rules.accountCall) {
      throw new DomainError('auth.emailNotVerified');
    }

    if (orgId !== undefined) {
      if (!UUID.test(orgId) || !scoped) throw new DomainError('auth.forbidden');
      const required = rules.minRole;
      const { access } = scoped;
      const orgRole = access.memberActive ? access.orgRoleId : null;
      const role = effectiveRole(orgRole, principal.globalRoleId);
      if (access.exists && visitorRead && !hasRole(role, required)) return this.visitor(req);
      if (!access.exists || !hasRole(role, required)) throw new DomainError('auth.forbidden');
      if (isWrite && !rules.skipOrgGating) {
        if (access.deactivated) throw new DomainError('org.deactivated');
        if (!access.paidUntil || access.paidUntil.getTime() <= Date.now())
          throw new DomainError('org.membershipInactive');
      }
      req.org = { id: orgId, roleId: role };
    }
    return true;
  }

  /** A visitor of an existing organisation (VisitorRead); an unknown one is refused as any other call. */
  private async visitor(req: AppRequest): Promise<boolean> {
    const orgId = req.params?.orgID as string | undefined;
    if (orgId === undefined || !UUID.test(orgId)) throw new DomainError('auth.forbidden');
    const access = await this.access.orgAccess(NO_USER, orgId);
    if (!access.exists) throw new DomainError('org.notFound');
    req.org = { id: orgId, roleId: ROLES.notRegistered };
    return true;
  }
}
