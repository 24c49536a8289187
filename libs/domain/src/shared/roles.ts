/** product.md section 6: lower id means more privilege. */
export const ROLES = {
  admin: 0,
  developer: 1,
  schoolOwner: 2,
  schoolAdmin: 3,
  schoolStaff: 4,
  schoolInstructor: 5,
  schoolStudent: 6,
  user: 7,
  notRegistered: 999,
} as const;

export type RoleId = number;

export const ROLE_NAMES: Record<number, string> = {
  0: 'admin',
  1: 'developer',
  2: 'school-owner',
  3: 'school-admin',
  4: 'school-staff',
  5: 'school-instructor',
  6: 'school-student',
  7: 'user',
  999: 'not-registered',
};

export const ROLE_LABELS_TR: Record<number, string> = {
  0: 'Sistem Yöneticisi',
  1: 'Geliştirici',
  2: 'Kurum Sahibi',
  3: 'Kurum Yöneticisi',
  4: 'Personel',
  5: 'Eğitmen',
  6: 'Öğrenci',
  7: 'Kullanıcı',
  999: 'Kayıtsız',
};

export function roleName(id: number): string {
  return ROLE_NAMES[id] ?? 'unknown';
}

/** Roles a school-owner or admin may give inside an organisation (non-global, assignable). */
export const ASSIGNABLE_ROLES = [
  ROLES.schoolAdmin,
  ROLES.schoolStaff,
  ROLES.schoolInstructor,
  ROLES.schoolStudent,
] as const;

export const GLOBAL_ROLES = [ROLES.admin, ROLES.developer] as const;

/** A user holds a role when their id is less than or equal to the required one. */
export function hasRole(actual: number | null | undefined, required: number): boolean {
  return actual !== null && actual !== undefined && actual <= required;
}

/** The effective role in an organisation: org role, else global role, else not-registered. */
export function effectiveRole(
  orgRoleId: number | null | undefined,
  globalRoleId: number | null | undefined,
): number {
  const candidates = [orgRoleId, globalRoleId].filter((r): r is number => typeof r === 'number');
  return candidates.length ? Math.min(...candidates) : ROLES.notRegistered;
}

/**
 * product.md 2 panel gating: an unverified e-mail closes the panel, except for the special admin account
 * (the global admin). The server refuses the calls and the client shows the verification page by this rule.
 */
export function mustVerifyEmail(user: { isEmailVerified: boolean; globalRoleId?: number | null }): boolean {
  return !user.isEmailVerified && user.globalRoleId !== ROLES.admin;
}
