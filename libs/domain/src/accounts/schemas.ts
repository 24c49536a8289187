import { z } from 'zod';
import { message } from '../shared/messages';
import { isValidTckn, isValidVkn } from '../shared/validation';
import { isCommonPassword } from './common-passwords';
import { VERIFICATION_REASON_MAX } from './organization-decider';

const missing = message('registration.missingFields');
const required = (max: number) =>
  z.string({ error: missing }).trim().min(1, { error: missing }).max(max, { error: missing });

export const COMPANY_TYPES = ['sahis', 'limited', 'anonim', 'ngo', 'none'] as const;
/** product.md 5: a tax ID (VKN) is needed only for these company types. */
export const COMPANY_TYPES_NEEDING_VKN: readonly string[] = ['sahis', 'limited', 'anonim'];

export const emailSchema = z
  .string({ error: message('auth.invalidEmail') })
  .trim()
  .toLowerCase()
  .max(100, { error: message('auth.invalidEmail') })
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, { error: message('auth.invalidEmail') });

/** api.md 9.5: the password policy's default minimum length. */
export const PASSWORD_MIN_LENGTH = 6;

/** A new password: at least PASSWORD_MIN_LENGTH characters and none of the most common ones. */
export const passwordSchema = z
  .string({ error: missing })
  .min(PASSWORD_MIN_LENGTH, { error: message('auth.passwordTooShort') })
  .max(200)
  .refine((p) => !isCommonPassword(p), { error: message('auth.passwordTooCommon') });

/** The registration form of product.md 3/5 (all strings). */
export const preregisterSchema = z
  .strictObject({
    name: required(50),
    surname: required(50),
    email: emailSchema,
    password: passwordSchema,
    phone: z
      .string({ error: missing })
      .trim()
      .regex(/^\d{10}$/, { error: missing }),
    tckn: z.string({ error: missing }).trim().min(1, { error: missing }),
    organizationName: required(200),
    organizationAddress: required(500),
    vkn: z.string().trim().max(10).optional().default(''),
    employeeCount: z
      .string({ error: missing })
      .trim()
      .regex(/^\d{1,6}$/, { error: missing }),
    organizationType: required(100),
    companyType: z.enum(COMPANY_TYPES, { error: missing }),
  })
  .superRefine((v, ctx) => {
    if (!isValidTckn(v.tckn))
      ctx.addIssue({ code: 'custom', path: ['tckn'], message: message('registration.tcknInvalid') });
    if (COMPANY_TYPES_NEEDING_VKN.includes(v.companyType)) {
      if (!v.vkn) ctx.addIssue({ code: 'custom', path: ['vkn'], message: missing });
      else if (!isValidVkn(v.vkn))
        ctx.addIssue({ code: 'custom', path: ['vkn'], message: message('registration.vknInvalid') });
    }
  });

export type PreregisterInput = z.infer<typeof preregisterSchema>;

export const loginSchema = z.strictObject({
  email: z
    .string({ error: message('auth.invalidCredentials') })
    .trim()
    .toLowerCase()
    .min(1, { error: message('auth.invalidCredentials') }),
  password: z
    .string({ error: message('auth.invalidCredentials') })
    .min(1, { error: message('auth.invalidCredentials') }),
});

/** api.md 7.2 logout {sessionId}; ending another session also needs the current password (ours). */
export const logoutSchema = z
  .strictObject({ sessionId: z.string().optional(), currentPassword: z.string().max(200).optional() })
  .optional()
  .default({});

const uuidField = z
  .string({ error: message('common.badRequest') })
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, {
    error: message('common.badRequest'),
  });
/** Tokens from the e-mail links: opaque text, bounded so nobody hashes megabytes. */
const tokenField = z
  .string({ error: message('common.badRequest') })
  .trim()
  .min(1, { error: message('common.badRequest') })
  .max(300);
const optionalEmpty = z.strictObject({}).optional().default({});

/** api.md 7.2 register: email, password, name, optional globalRoleId. */
export const registerSchema = z.strictObject({
  email: emailSchema,
  password: passwordSchema,
  name: required(50),
  globalRoleId: z
    .number({ error: message('account.globalRoleInvalid') })
    .int()
    .nullish(),
});

/** api.md 7.2 requestEmailVerification: email (resend); the caller's own address when absent. */
export const requestEmailVerificationSchema = z
  .strictObject({ email: emailSchema.optional() })
  .optional()
  .default({});

export const verifyEmailSchema = z.strictObject({ email: emailSchema, token: tokenField });

export const requestResetPasswordSchema = z.strictObject({ email: emailSchema });

/** api.md 7.2 resetPassword and acceptInvitation: email, token, newPassword. */
export const resetPasswordSchema = z.strictObject({
  email: emailSchema,
  token: tokenField,
  newPassword: passwordSchema,
});
export const acceptInvitationSchema = resetPasswordSchema;

/**
 * api.md 7.2 updateProfile: name, email, password; each optional, so the settings screen sends only what
 * changed (product.md 5 Account: names and e-mail at most 50). A new e-mail or password also needs the
 * current password (ours: a stolen access token alone must not take the account over).
 */
export const updateProfileSchema = z
  .strictObject({
    name: z
      .string()
      .trim()
      .min(1, { error: message('account.nameMissing') })
      .max(50, { error: message('account.nameTooLong') })
      .optional(),
    email: z
      .string({ error: message('auth.invalidEmail') })
      .trim()
      .toLowerCase()
      .max(50, { error: message('account.emailTooLong') })
      .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, { error: message('auth.invalidEmail') })
      .optional(),
    password: passwordSchema.optional(),
    currentPassword: z.string().max(200).optional(),
  })
  .refine((v) => v.name !== undefined || v.email !== undefined || v.password !== undefined, {
    error: message('account.nothingToUpdate'),
  })
  .refine((v) => (v.email === undefined && v.password === undefined) || !!v.currentPassword, {
    error: message('account.currentPasswordMissing'),
    path: ['currentPassword'],
  });

export type UpdateProfileInput = z.infer<typeof updateProfileSchema>;

const reasonMissing = message('org.verificationReasonMissing');

/** refuseOrganizationVerification {reason} (ours, product.md 4): the reason the owner is shown and mailed. */
export const refuseOrganizationVerificationSchema = z.strictObject({
  reason: z
    .string({ error: reasonMissing })
    .trim()
    .min(1, { error: reasonMissing })
    .max(VERIFICATION_REASON_MAX, { error: reasonMissing }),
});

/** api.md 7.3 editOrganization {name} (product.md 5: non-empty). */
export const editOrganizationSchema = z.strictObject({
  name: z
    .string({ error: message('account.organizationNameMissing') })
    .trim()
    .min(1, { error: message('account.organizationNameMissing') })
    .max(200, { error: message('account.organizationNameMissing') }),
});

/** Calls without a payload (activateOrganization, deactivateOrganization). */
export const emptyBodySchema = optionalEmpty;

const orgRoleField = z
  .number({ error: message('org.roleMissing') })
  .int({ error: message('org.roleMissing') });

/** api.md 7.3 updateOrganizationUser: the screen sends userId, name, orgRoleId. */
export const updateOrganizationUserSchema = z.strictObject({
  userId: uuidField,
  name: z
    .string()
    .trim()
    .min(1, { error: message('account.nameMissing') })
    .max(50, { error: message('account.nameTooLong') })
    .optional(),
  orgRoleId: orgRoleField,
});

/** Ours: removeOrganizationUser {userId} ends a membership (log action delete_user of product.md 3). */
export const removeOrganizationUserSchema = z.strictObject({ userId: uuidField });

/** api.md 7.3 inviteUser {email, name, orgId, orgRoleId} (product.md 5: valid e-mail and role required). */
export const inviteUserSchema = z.strictObject({
  email: emailSchema,
  name: z
    .string()
    .trim()
    .max(50, { error: message('account.nameTooLong') })
    .optional()
    .default(''),
  orgId: uuidField,
  orgRoleId: orgRoleField,
});

/** Ours: resendInvitation and revokeInvitation {invitationId}, a pending invitation of the organisation. */
export const invitationIdSchema = z.strictObject({
  invitationId: z
    .string({ error: message('invitation.notFound') })
    .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, {
      error: message('invitation.notFound'),
    }),
});

export const messageIdSchema = z.strictObject({
  messageId: z
    .string({ error: message('inbox.notFound') })
    .trim()
    .min(1, { error: message('inbox.notFound') })
    .max(100),
});

export const respondToInvitationSchema = z.strictObject({
  messageId: z
    .string({ error: message('inbox.notFound') })
    .trim()
    .min(1, { error: message('inbox.notFound') })
    .max(100),
  accept: z.boolean({ error: message('common.badRequest') }),
});

const checkoutItemField = z
  .string({ error: message('checkout.unknownItem') })
  .trim()
  .min(1, { error: message('checkout.unknownItem') })
  .max(50);

/** api.md 7.4 payment/posnet/initiate {checkoutItem, organizationId}. */
export const posnetInitiateSchema = z.strictObject({
  checkoutItem: checkoutItemField,
  organizationId: uuidField,
});

/** api.md 7.4 payment/mock/initiate {checkoutItem}; the organisation defaults to the one the caller owns. */
export const mockInitiateSchema = z.strictObject({
  checkoutItem: checkoutItemField,
  organizationId: uuidField.optional(),
});
