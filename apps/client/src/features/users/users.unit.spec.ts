import { ROLES, message } from '@okul/domain';
import { describe, expect, it } from 'vitest';
import {
  ASSIGNABLE_ROLE_OPTIONS,
  editUserBody,
  editUserFormSchema,
  invitationSentText,
  inviteBody,
  inviteFormSchema,
  isFixedMember,
  usersTitle,
} from './users';
import type { OrganizationUser } from '@okul/domain';

const ORG = '7d3c2a4e-1f0b-4c5d-9e8f-0a1b2c3d4e5f';
const USER = '1a2b3c4d-5e6f-4a0b-8c1d-2e3f4a5b6c7d';

describe('roles on the users screen (product.md 6)', () => {
  it('offers only the assignable non-global roles, labelled in Turkish', () => {
    expect(ASSIGNABLE_ROLE_OPTIONS).toEqual([
      { id: 3, label: 'Kurum Yöneticisi' },
      { id: 4, label: 'Personel' },
      { id: 5, label: 'Eğitmen' },
      { id: 6, label: 'Öğrenci' },
    ]);
  });

  it('shows the school-owner as fixed, every assignable role as editable', () => {
    expect(isFixedMember(ROLES.schoolOwner)).toBe(true);
    expect(isFixedMember(ROLES.developer)).toBe(true);
    for (const id of [3, 4, 5, 6]) expect(isFixedMember(id)).toBe(false);
  });

  it('titles the list with the count', () => {
    const u = (id: string, orgRoleId: number): OrganizationUser => ({
      user: { id, name: id, email: `${id}@ornek.com` },
      orgRoleId,
    });
    expect(usersTitle([u('a', 2), u('b', 5)])).toBe('Kullanıcılar (2)');
    expect(usersTitle([])).toBe('Kullanıcılar (0)');
  });
});

describe('invite form (product.md 5: valid e-mail and role required)', () => {
  it('needs a valid address and a chosen role, with the server texts', () => {
    const noRole = inviteFormSchema.safeParse({ email: 'ali@ornek.com', name: '', orgRoleId: '' });
    expect(noRole.error?.issues.map((i) => i.message)).toEqual([message('org.roleMissing')]);
    const badMail = inviteFormSchema.safeParse({ email: 'ali@', name: '', orgRoleId: 5 });
    expect(badMail.error?.issues.map((i) => i.message)).toEqual([message('auth.invalidEmail')]);
    const owner = inviteFormSchema.safeParse({ email: 'ali@ornek.com', orgRoleId: ROLES.schoolOwner });
    expect(owner.error?.issues.map((i) => i.message)).toEqual([message('org.roleNotAssignable')]);
  });

  it("sends inviteUser's payload with the selected organisation", () => {
    const values = inviteFormSchema.parse({ email: ' Ali@Ornek.com ', name: ' Ali ', orgRoleId: 5 });
    expect(inviteBody(values, ORG)).toEqual({
      email: 'ali@ornek.com',
      name: 'Ali',
      orgId: ORG,
      orgRoleId: 5,
    });
  });

  it('says how the invitation went out', () => {
    expect(invitationSentText('a@b.co', 'email')).toContain('Davet e-postası a@b.co adresine gönderildi');
    expect(invitationSentText('a@b.co', 'inbox')).toContain('gelen kutusu');
  });
});

describe('edit-user dialog (api.md 7.3 updateOrganizationUser)', () => {
  it('sends userId, name and orgRoleId', () => {
    const values = editUserFormSchema.parse({ name: ' Zeynep ', orgRoleId: 4 });
    expect(editUserBody(values, USER)).toEqual({ userId: USER, name: 'Zeynep', orgRoleId: 4 });
  });

  it('refuses a name over 50 characters and a role that cannot be given', () => {
    expect(
      editUserFormSchema.safeParse({ name: 'x'.repeat(51), orgRoleId: 4 }).error?.issues[0].message,
    ).toBe(message('account.nameTooLong'));
    expect(editUserFormSchema.safeParse({ name: 'Z', orgRoleId: 1 }).error?.issues[0].message).toBe(
      message('org.roleNotAssignable'),
    );
  });
});
