import { describe, expect, it } from 'vitest';
import { ROLES } from '../shared/roles';
import { mayPayForOrganization } from './checkout-catalogue';

describe('who may pay for an organisation', () => {
  it('is the school-admin and every role above it', () => {
    for (const role of [ROLES.admin, ROLES.developer, ROLES.schoolOwner, ROLES.schoolAdmin])
      expect(mayPayForOrganization(role)).toBe(true);
    for (const role of [ROLES.schoolStaff, ROLES.schoolInstructor, ROLES.schoolStudent, ROLES.user])
      expect(mayPayForOrganization(role)).toBe(false);
    expect(mayPayForOrganization(null)).toBe(false);
    expect(mayPayForOrganization(undefined)).toBe(false);
  });
});
