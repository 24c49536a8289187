import { describe, expect, it } from 'vitest';
import { organizationAccessChange } from './organization-access';

describe('organisation access toggle (product.md 6, developer)', () => {
  it('closes an open organisation and opens a closed one, with the matching call', () => {
    expect(organizationAccessChange({ deactivated: false })).toMatchObject({
      call: 'deactivateOrganization',
      button: 'Erişime Kapat',
      status: 'Erişime açık',
    });
    expect(organizationAccessChange({})).toMatchObject({ call: 'deactivateOrganization' });
    expect(organizationAccessChange({ deactivated: true })).toMatchObject({
      call: 'activateOrganization',
      button: 'Erişime Aç',
      status: 'Erişime kapalı',
    });
  });
});
