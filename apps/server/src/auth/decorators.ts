import { SetMetadata } from '@nestjs/common';

export const PUBLIC_KEY = 'okul:public';
export const MIN_ROLE_KEY = 'okul:minRole';

/** No access token needed (login, preregister, public reads). */
export const Public = () => SetMetadata(PUBLIC_KEY, true);

/** The minimum role (product.md 6, lower id = more privilege) in the route's organisation `:orgID`. */
export const MinRole = (roleId: number) => SetMetadata(MIN_ROLE_KEY, roleId);

export const VISITOR_READ_KEY = 'okul:visitorRead';

/**
 * An org-scoped read that everyone may make (product.md 3 Public data: courses and instructors are readable
 * by signed-out visitors): without an Authorization header, or without a role in the organisation, the call
 * goes on as a visitor (`req.org.roleId` = not-registered) and the route answers only public fields.
 * A token that is sent but invalid still answers 401, so the client refreshes it.
 */
export const VisitorRead = () => SetMetadata(VISITOR_READ_KEY, true);

export const ACCOUNT_CALL_KEY = 'okul:accountCall';
export const SKIP_ORG_GATING_KEY = 'okul:skipOrgGating';

/**
 * An account call (profile, sessions, verification, logout, organisations list, inbox, payments): open to a
 * signed-in user whose e-mail is not verified yet. Every other authenticated call answers 403
 * 'auth.emailNotVerified' to such a user (product.md 2, panel gating).
 */
export const AccountCall = () => SetMetadata(ACCOUNT_CALL_KEY, true);

/**
 * An org-scoped POST that works whatever the organisation's membership or access state: the developer's
 * activate/deactivate toggles, and POST calls that only read. Other org-scoped writes answer 402
 * 'org.membershipInactive' without an active membership and 403 'org.deactivated' for a closed organisation.
 */
export const SkipOrgGating = () => SetMetadata(SKIP_ORG_GATING_KEY, true);
