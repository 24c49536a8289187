import {
  ASSIGNABLE_ROLES,
  ROLE_LABELS_TR,
  inviteUserSchema,
  isAssignableRole,
  message,
  updateOrganizationUserSchema,
} from '@okul/domain';
import { z } from 'zod';
import type { OrganizationUser } from '@okul/domain';

export interface RoleOption {
  id: number;
  label: string;
}

/** product.md 6: roles are chosen among the non-global assignable ones (3 to 6), with Turkish labels. */
export const ASSIGNABLE_ROLE_OPTIONS: readonly RoleOption[] = ASSIGNABLE_ROLES.map((id) => ({
  id,
  label: ROLE_LABELS_TR[id],
}));

/** product.md 6: the school-owner (and any role that cannot be given) is shown as fixed: no edit. */
export function isFixedMember(orgRoleId: number): boolean {
  return !isAssignableRole(orgRoleId);
}

/** product.md 2: the users list is titled with the count. */
export function usersTitle(users: readonly OrganizationUser[]): string {
  return `Kullanıcılar (${users.length})`;
}

const assignableRole = z
  .number({ error: message('org.roleMissing') })
  .int({ error: message('org.roleMissing') })
  .refine((id) => !isFixedMember(id), { error: message('org.roleNotAssignable') });

/**
 * The invite form: inviteUser's own rules (product.md 5: valid e-mail and role required) without orgId,
 * which comes from the selected organisation.
 */
export const inviteFormSchema = inviteUserSchema.omit({ orgId: true }).extend({ orgRoleId: assignableRole });

export type InviteFormInput = z.input<typeof inviteFormSchema>;

/** api.md 7.3 inviteUser {email, name, orgId, orgRoleId}. */
export function inviteBody(values: z.output<typeof inviteFormSchema>, orgId: string) {
  return { email: values.email, name: values.name, orgId, orgRoleId: values.orgRoleId };
}

/** The edit-user dialog: updateOrganizationUser's rules without userId (the row gives it). */
export const editUserFormSchema = updateOrganizationUserSchema
  .omit({ userId: true })
  .extend({ orgRoleId: assignableRole });

/** api.md 7.3 updateOrganizationUser: the screen sends userId, name, orgRoleId. */
export function editUserBody(values: z.output<typeof editUserFormSchema>, userId: string) {
  return { userId, name: values.name, orgRoleId: values.orgRoleId };
}

/** The toast after an invitation, by how the server delivered it (a new address by mail, a user by inbox). */
export function invitationSentText(email: string, delivery: string | undefined): string {
  return delivery === 'inbox'
    ? `${email} adresli kullanıcıya gelen kutusu üzerinden davet gönderildi.`
    : `Davet e-postası ${email} adresine gönderildi. Kullanıcı daveti kabul edince listede görünür.`;
}
