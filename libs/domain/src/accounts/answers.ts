import { z } from 'zod';
import { isoDateTime, kurus } from '../shared/answers';

/** api.md 7.2 getProfile (product.md 3 User). */
export const profileSchema = z.object({
  id: z.string(),
  name: z.string(),
  surname: z.string().nullable().optional(),
  email: z.string(),
  isEmailVerified: z.boolean(),
  /** product.md 3 User: pending_payment or active. */
  registrationStatus: z.string(),
  globalRoleId: z.number().nullable().optional(),
  displayName: z.string().optional(),
  createdAt: isoDateTime.nullable().optional(),
  passwordChangedAt: isoDateTime.nullable().optional(),
});
export type Profile = z.infer<typeof profileSchema>;

export const organizationLogosSchema = z.object({
  logo: z.string().optional(),
  logoNegative: z.string().optional(),
  logoOnly: z.string().optional(),
  logoOnlyNegative: z.string().optional(),
});
export type OrganizationLogos = z.infer<typeof organizationLogosSchema>;

/** product.md 3 Organisation, as getOrganizations / getAllOrganizations read it. */
export const organizationSchema = z.object({
  id: z.string(),
  organizationId: z.string(),
  name: z.string(),
  isMembershipActive: z.boolean(),
  paidUntil: isoDateTime.nullable(),
  remainingSubscriptionStr: z.string().nullable().optional(),
  deactivated: z.boolean().optional(),
  smsCredits: z.number().optional(),
  logos: organizationLogosSchema.nullable().optional(),
  orgRoleId: z.number().nullable().optional(),
  /** product.md 4: a personal membership's manual verification (not_required for every other one). */
  verificationStatus: z.enum(['not_required', 'pending', 'approved', 'refused']).optional(),
  /** Why the verification was refused, shown to the owner. */
  verificationReason: z.string().nullable().optional(),
});
export type Organization = z.infer<typeof organizationSchema>;

/** api.md 7.2 getOrganizations: the user-organisation link. */
export const membershipSchema = z.object({
  organization: organizationSchema,
  organizationUser: z.object({
    id: z.string(),
    userId: z.string(),
    orgRoleId: z.number().nullable(),
    isActive: z.boolean(),
  }),
});
export type Membership = z.infer<typeof membershipSchema>;

/** api.md 7.2 getSessions: one live session of the signed-in user. */
export const accountSessionSchema = z.object({
  sessionId: z.string(),
  createdAt: isoDateTime,
  lastUsedAt: isoDateTime,
  expiresAt: isoDateTime,
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  isCurrent: z.boolean().optional(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;

export const sessionsAnswerSchema = z.object({
  sessions: z.array(accountSessionSchema),
  currentSessionId: z.string(),
});
export type SessionsAnswer = z.infer<typeof sessionsAnswerSchema>;

/** product.md 3 Inbox item, as api.md 7.2 getMessages answers it. */
export const inboxItemSchema = z.object({
  id: z.string(),
  type: z.string(),
  subject: z.string(),
  body: z.string(),
  isRead: z.boolean(),
  createdAt: isoDateTime.nullable(),
  /** Invitations: pending, accepted, or anything else = rejected (product.md 3). */
  responseStatus: z.string().nullable(),
  respondedAt: isoDateTime.nullable(),
  organizationId: z.string().nullable().optional(),
});
export type InboxItem = z.infer<typeof inboxItemSchema>;

/** product.md 3 users list entry (api.md 7.3 getOrganizationUsers): user and orgRoleId. */
export const organizationUserSchema = z.object({
  user: z.object({
    id: z.string(),
    name: z.string(),
    surname: z.string().nullable().optional(),
    displayName: z.string().optional(),
    email: z.string(),
    isEmailVerified: z.boolean().optional(),
    createdAt: isoDateTime.optional(),
  }),
  orgRoleId: z.number(),
  isActive: z.boolean().optional(),
  addedAt: isoDateTime.optional(),
});
export type OrganizationUser = z.infer<typeof organizationUserSchema>;

/** Ours: one pending invitation of the organisation (getPendingInvitations), for Kullanıcılar. */
export const pendingInvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  orgRoleId: z.number(),
  /** email: a link to set a password (can be sent again); inbox: an existing user answers in Gelen Kutusu. */
  delivery: z.enum(['email', 'inbox']),
  invitedByUserId: z.string(),
  /** The inviter's name as it was when inviting. */
  invitedByName: z.string(),
  invitedAt: isoDateTime,
  /** When the invitation was last sent (the invitation itself or its last resend). */
  lastSentAt: isoDateTime,
  /** The link's expiry (e-mail invitations only); a link past it no longer opens the invitation. */
  expiresAt: isoDateTime.nullable(),
});
export type PendingInvitation = z.infer<typeof pendingInvitationSchema>;

/** api.md 7.3 Logs: one entry of requestOrgLogs (product.md 3, log entry). */
export const orgLogSchema = z.object({
  id: z.string(),
  createdAt: isoDateTime,
  userId: z.string().nullable(),
  userName: z.string().nullable(),
  userEmail: z.string().nullable(),
  action: z.string(),
  details: z.record(z.string(), z.unknown()).nullable(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type OrgLog = z.infer<typeof orgLogSchema>;

export const orgLogsPageSchema = z.object({ logs: z.array(orgLogSchema), hasMore: z.boolean() });
export type OrgLogsPage = z.infer<typeof orgLogsPageSchema>;

/** api.md 7.4 requestSystemLogs {action, limit, lastDoc}: 50 a page by default, paged by the last entry's id. */
export const requestSystemLogsSchema = z.strictObject({
  action: z.string().trim().max(100).nullish(),
  limit: z.number().int().min(1).max(200).optional().default(50),
  lastDoc: z.union([z.string().regex(/^\d{1,19}$/), z.number().int().nonnegative()]).nullish(),
});

/** A log entry outside any organisation, with its Turkish sentence (product.md 3, log entry). */
export const systemLogSchema = orgLogSchema.extend({ sentence: z.string() });
export type SystemLog = z.infer<typeof systemLogSchema>;
export const systemLogsPageSchema = z.object({ logs: z.array(systemLogSchema), hasMore: z.boolean() });
export type SystemLogsPage = z.infer<typeof systemLogsPageSchema>;

/** The signed-in user's own account activity (Ayarlar), with the device read from the user agent. */
export const accountActivityQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(200).optional().default(50),
  lastDoc: z
    .string()
    .regex(/^\d{1,19}$/)
    .optional(),
});
export const accountActivitySchema = systemLogSchema.extend({ device: z.string() });
export type AccountActivity = z.infer<typeof accountActivitySchema>;
export const accountActivityPageSchema = z.object({
  logs: z.array(accountActivitySchema),
  hasMore: z.boolean(),
});
export type AccountActivityPage = z.infer<typeof accountActivityPageSchema>;

/** "Bu ben değildim": ends every session of the user, the current one too, after the password. */
export const endAllSessionsSchema = z.strictObject({ currentPassword: z.string().max(200).optional() });
export const endAllSessionsAnswerSchema = z.object({ success: z.literal(true), endedSessions: z.number() });

/** api.md 7.2 login: the access token (the refresh token travels in an httpOnly cookie). */
export const loginAnswerSchema = z.object({ success: z.literal(true), access_token: z.string() });
export const refreshAnswerSchema = z.object({ accessToken: z.string(), access_token: z.string() });
export const logoutAnswerSchema = z.object({
  success: z.literal(true),
  endedSessionId: z.string(),
  wasCurrent: z.boolean(),
});
export const registerAnswerSchema = z.object({ success: z.literal(true), userId: z.string() });
export const invitationAnswerSchema = z.object({
  success: z.literal(true),
  organizationId: z.string().nullable().optional(),
  responseStatus: z.enum(['accepted', 'rejected']).optional(),
});

/**
 * api.md 7.4: the answer of POST /payment/posnet/initiate is submitted by the page as a hidden form POST to
 * the bank's 3-D Secure page (oosTDSServiceURL) with language tr. Field names are the ones POSNET's OOS
 * page reads: `mid` carries merchantID.
 */
export const posnetInitiateAnswerSchema = z.object({
  oosTDSServiceURL: z.string(),
  merchantID: z.string(),
  posnetID: z.string(),
  posnetData: z.string(),
  /** POSNET's second packet (card holder data); sent when the server gives it. */
  posnetData2: z.string().optional(),
  digest: z.string(),
  merchantReturnURL: z.string(),
  lang: z.string().optional(),
  paymentId: z.string().optional(),
  checkoutItem: z.string().optional(),
  amount: kurus.optional(),
});
export type PosnetInitiateAnswer = z.infer<typeof posnetInitiateAnswerSchema>;

/** GET /payment/status/:paymentId: the recorded state of one subscription payment (its payer only). */
export const checkoutStatusSchema = z.object({
  paymentId: z.string(),
  status: z.string().describe('initiated, succeeded or failed'),
  organizationId: z.string().optional(),
  provider: z.string().optional(),
  checkoutItem: z.string().optional(),
  kind: z.string().optional(),
  amount: kurus.optional(),
  providerReference: z.string().nullable().optional(),
  failureReason: z.string().nullable().optional(),
  initiatedAt: isoDateTime.optional(),
  completedAt: isoDateTime.nullable().optional(),
});
export type CheckoutStatus = z.infer<typeof checkoutStatusSchema>;

/** GET /payment/mock/finalize: the test checkout's outcome. */
export const finalizeAnswerSchema = z.object({
  success: z.boolean().optional(),
  token: z.string().optional(),
  paymentId: z.string().optional(),
  status: z.string().optional(),
  checkoutItem: z.string().optional(),
  organizationId: z.string().nullable().optional(),
  message: z.string().optional(),
});
export type FinalizeAnswer = z.infer<typeof finalizeAnswerSchema>;
