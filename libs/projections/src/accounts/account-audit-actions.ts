import type { AuditMappers } from '../audit/audit-actions';

/**
 * The log actions of product.md 3 for the account, organisation, invitation and subscription events.
 * Actions the spec does not list (organisation rename and access toggles, checkout) use names in the same
 * style; the log shows unknown ones as "İşlem: {action}".
 */
export const accountAuditMappers: AuditMappers = {
  EmailVerificationRequested: (e) => ({
    action: 'request_email_verification',
    details: { email: e.data.email },
  }),
  UserEmailVerified: (e) => ({ action: 'verify_email', details: { email: e.data.email } }),
  PasswordResetRequested: (e) => ({ action: 'password_reset_request', details: { email: e.data.email } }),
  UserPasswordReset: () => ({ action: 'password_reset', details: {} }),
  // An admin renaming a member (updateOrganizationUser) edits another user; a user renaming themself updates the profile.
  UserNameChanged: (e) =>
    e.data.changedByUserId === e.data.userId
      ? { action: 'update_profile', details: { name: e.data.name } }
      : { action: 'edit_user', details: { userId: e.data.userId, name: e.data.name } },
  UserEmailChanged: (e) => ({ action: 'update_profile', details: { email: e.data.email } }),
  UserPasswordChanged: () => ({ action: 'update_profile', details: { reason: 'password' } }),
  UserRegistrationActivated: () => ({ action: 'activate_registration', details: {} }),
  OrganizationMemberAdded: (e) => ({
    action: 'add_user_org_role',
    details: { userId: e.data.userId, orgRoleId: e.data.orgRoleId },
  }),
  OrganizationMemberRoleChanged: (e) => ({
    action: 'update_org_user',
    details: {
      userId: e.data.userId,
      orgRoleId: e.data.orgRoleId,
      previousOrgRoleId: e.data.previousOrgRoleId,
    },
  }),
  OrganizationMemberRemoved: (e) => ({
    action: 'delete_user',
    details: { userId: e.data.userId, name: e.data.name, email: e.data.email },
  }),
  OrganizationRenamed: (e) => ({ action: 'edit_organization', details: { name: e.data.name } }),
  OrganizationDeactivated: () => ({ action: 'deactivate_organization', details: {} }),
  OrganizationActivated: () => ({ action: 'activate_organization', details: {} }),
  OrganizationVerificationRequested: () => ({ action: 'request_organization_verification', details: {} }),
  OrganizationVerificationApproved: () => ({ action: 'approve_organization_verification', details: {} }),
  OrganizationVerificationRefused: (e) => ({
    action: 'refuse_organization_verification',
    details: { reason: e.data.reason },
  }),
  UserInvited: (e) => ({
    action: 'invite_user',
    details: { email: e.data.email, name: e.data.name, orgRoleId: e.data.orgRoleId },
  }),
  InvitationAccepted: (e) => ({
    action: 'accept_invitation',
    details: { userId: e.data.userId, orgRoleId: e.data.orgRoleId },
  }),
  InvitationRejected: (e) => ({ action: 'reject_invitation', details: { userId: e.data.userId } }),
  InvitationResent: (e) => ({ action: 'resend_invitation', details: { email: e.data.email } }),
  InvitationRevoked: (e) => ({
    action: 'revoke_invitation',
    details: { email: e.data.email, name: e.data.name },
  }),
  PaymentInitiated: (e) => ({
    action: 'checkout_initiated',
    details: { checkoutItem: e.data.checkoutItem, amount: e.data.amount, provider: e.data.provider },
  }),
  PaymentSucceeded: (e) => ({
    action: 'checkout_completed',
    details: {
      checkoutItem: e.data.checkoutItem,
      amount: e.data.amount,
      providerReference: e.data.providerReference,
    },
  }),
  PaymentFailed: (e) => ({
    action: 'checkout_failed',
    details: { checkoutItem: e.data.checkoutItem, reason: e.data.reason },
  }),
  SubscriptionExtended: (e) => ({
    action: 'extend_subscription',
    details: { checkoutItem: e.data.checkoutItem, endDate: e.data.paidUntil },
  }),
  SmsCreditsAdded: (e) => ({
    action: 'add_sms_credits',
    details: { checkoutItem: e.data.checkoutItem, amount: e.data.credits },
  }),
};
