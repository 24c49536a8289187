import { LOGO_KEYS, type EventOf } from '@okul/domain';
import { defineProjection } from '../runtime/projection';

/**
 * Users, organisations, memberships, sessions and subscription payments: what login, the route guard,
 * getProfile, getOrganizations, getAllOrganizations, getOrganizationUsers, getSessions and the payment
 * status read.
 */
export const accountsProjection = defineProjection({
  name: 'accounts',
  version: 4,
  tables: ['users', 'organizations', 'org_members', 'sessions', 'subscription_payments'],
  schema: (t) => `
    CREATE TABLE ${t('users')} (
      id uuid PRIMARY KEY,
      email text NOT NULL UNIQUE,
      name text NOT NULL,
      surname text,
      phone text,
      password_hash text NOT NULL,
      is_email_verified boolean NOT NULL DEFAULT false,
      registration_status text NOT NULL,
      global_role_id int,
      created_at timestamptz NOT NULL,
      password_changed_at timestamptz
    );
    CREATE TABLE ${t('organizations')} (
      id uuid PRIMARY KEY,
      name text NOT NULL,
      address text,
      vkn text,
      employee_count int,
      organization_type text,
      company_type text,
      owner_user_id uuid NOT NULL,
      paid_until timestamptz,
      deactivated boolean NOT NULL DEFAULT false,
      sms_credits int NOT NULL DEFAULT 0,
      logos jsonb NOT NULL DEFAULT '{}'::jsonb,
      verification_status text NOT NULL DEFAULT 'not_required',
      verification_reason text,
      verification_reviewed_at timestamptz,
      created_at timestamptz NOT NULL
    );
    CREATE TABLE ${t('org_members')} (
      organization_id uuid NOT NULL,
      user_id uuid NOT NULL,
      org_role_id int NOT NULL,
      is_active boolean NOT NULL DEFAULT true,
      added_at timestamptz NOT NULL,
      PRIMARY KEY (organization_id, user_id)
    );
    CREATE INDEX ON ${t('org_members')} (user_id);
    CREATE TABLE ${t('sessions')} (
      id uuid PRIMARY KEY,
      user_id uuid NOT NULL,
      ip_address text,
      user_agent text,
      created_at timestamptz NOT NULL,
      last_used_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      ended_at timestamptz,
      end_reason text
    );
    CREATE INDEX ON ${t('sessions')} (user_id);
    CREATE TABLE ${t('subscription_payments')} (
      id uuid PRIMARY KEY,
      organization_id uuid NOT NULL,
      user_id uuid NOT NULL,
      provider text NOT NULL,
      checkout_item text NOT NULL,
      kind text NOT NULL,
      amount bigint NOT NULL,
      order_id text NOT NULL,
      status text NOT NULL,
      provider_reference text,
      failure_reason text,
      initiated_at timestamptz NOT NULL,
      completed_at timestamptz
    );
    CREATE INDEX ON ${t('subscription_payments')} (organization_id, initiated_at DESC);
  `,
  handlers: {
    UserRegistered: async ({ sql, table }, e: EventOf<'UserRegistered'>) => {
      const d = e.data;
      await sql.query(
        `INSERT INTO ${table('users')} (id, email, name, surname, phone, password_hash, registration_status, global_role_id, created_at)
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9)`,
        [
          d.userId,
          d.email,
          d.name,
          d.surname,
          d.phone,
          d.passwordHash,
          d.registrationStatus,
          d.globalRoleId,
          d.registeredAt,
        ],
      );
    },
    UserRegistrationActivated: async ({ sql, table }, e: EventOf<'UserRegistrationActivated'>) => {
      await sql.query(`UPDATE ${table('users')} SET registration_status = 'active' WHERE id = $1`, [
        e.data.userId,
      ]);
    },
    UserEmailVerified: async ({ sql, table }, e: EventOf<'UserEmailVerified'>) => {
      await sql.query(`UPDATE ${table('users')} SET is_email_verified = true WHERE id = $1`, [e.data.userId]);
    },
    UserEmailChanged: async ({ sql, table }, e: EventOf<'UserEmailChanged'>) => {
      await sql.query(`UPDATE ${table('users')} SET email = $2, is_email_verified = false WHERE id = $1`, [
        e.data.userId,
        e.data.email,
      ]);
    },
    UserNameChanged: async ({ sql, table }, e: EventOf<'UserNameChanged'>) => {
      await sql.query(`UPDATE ${table('users')} SET name = $2 WHERE id = $1`, [e.data.userId, e.data.name]);
    },
    UserPasswordChanged: async ({ sql, table }, e: EventOf<'UserPasswordChanged'>) => {
      await sql.query(
        `UPDATE ${table('users')} SET password_hash = $2, password_changed_at = $3 WHERE id = $1`,
        [e.data.userId, e.data.passwordHash, e.data.changedAt],
      );
    },
    UserPasswordReset: async ({ sql, table }, e: EventOf<'UserPasswordReset'>) => {
      await sql.query(
        `UPDATE ${table('users')} SET password_hash = $2, password_changed_at = $3 WHERE id = $1`,
        [e.data.userId, e.data.passwordHash, e.data.resetAt],
      );
    },
    OrganizationCreated: async ({ sql, table }, e: EventOf<'OrganizationCreated'>) => {
      const d = e.data;
      await sql.query(
        `INSERT INTO ${table('organizations')} (id, name, address, vkn, employee_count, organization_type, company_type, owner_user_id, created_at)
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9)`,
        [
          d.organizationId,
          d.name,
          d.address,
          d.vkn,
          d.employeeCount,
          d.organizationType,
          d.companyType,
          d.ownerUserId,
          d.createdAt,
        ],
      );
    },
    OrganizationMemberAdded: async ({ sql, table }, e: EventOf<'OrganizationMemberAdded'>) => {
      const d = e.data;
      await sql.query(
        `INSERT INTO ${table('org_members')} (organization_id, user_id, org_role_id, added_at) VALUES ($1,$2,$3,$4)
         ON CONFLICT (organization_id, user_id) DO UPDATE SET org_role_id = $3, is_active = true`,
        [d.organizationId, d.userId, d.orgRoleId, d.addedAt],
      );
    },
    OrganizationMemberRoleChanged: async ({ sql, table }, e: EventOf<'OrganizationMemberRoleChanged'>) => {
      await sql.query(
        `UPDATE ${table('org_members')} SET org_role_id = $3 WHERE organization_id = $1 AND user_id = $2`,
        [e.data.organizationId, e.data.userId, e.data.orgRoleId],
      );
    },
    OrganizationMemberRemoved: async ({ sql, table }, e: EventOf<'OrganizationMemberRemoved'>) => {
      await sql.query(
        `UPDATE ${table('org_members')} SET is_active = false WHERE organization_id = $1 AND user_id = $2`,
        [e.data.organizationId, e.data.userId],
      );
    },
    OrganizationRenamed: async ({ sql, table }, e: EventOf<'OrganizationRenamed'>) => {
      await sql.query(`UPDATE ${table('organizations')} SET name = $2 WHERE id = $1`, [
        e.data.organizationId,
        e.data.name,
      ]);
    },
    // api.md 7.5: the four logo variants, under the organisation answer's logo keys.
    MediaUploaded: async ({ sql, table }, e: EventOf<'MediaUploaded'>) => {
      const t = e.data.target;
      if (t.kind !== 'logo') return;
      await sql.query(
        `UPDATE ${table('organizations')} SET logos = logos || jsonb_build_object($2::text, $3::text) WHERE id = $1`,
        [e.data.organizationId, LOGO_KEYS[t.logoType], e.data.url],
      );
    },
    MediaDeleted: async ({ sql, table }, e: EventOf<'MediaDeleted'>) => {
      const t = e.data.target;
      if (t.kind !== 'logo') return;
      await sql.query(`UPDATE ${table('organizations')} SET logos = logos - $2::text WHERE id = $1`, [
        e.data.organizationId,
        LOGO_KEYS[t.logoType],
      ]);
    },
    OrganizationVerificationRequested: async (
      { sql, table },
      e: EventOf<'OrganizationVerificationRequested'>,
    ) => {
      await sql.query(
        `UPDATE ${table('organizations')} SET verification_status = 'pending', verification_reason = NULL WHERE id = $1`,
        [e.data.organizationId],
      );
    },
    OrganizationVerificationApproved: async (
      { sql, table },
      e: EventOf<'OrganizationVerificationApproved'>,
    ) => {
      await sql.query(
        `UPDATE ${table('organizations')} SET verification_status = 'approved', verification_reason = NULL,
           verification_reviewed_at = $2 WHERE id = $1`,
        [e.data.organizationId, e.data.approvedAt],
      );
    },
    OrganizationVerificationRefused: async (
      { sql, table },
      e: EventOf<'OrganizationVerificationRefused'>,
    ) => {
      await sql.query(
        `UPDATE ${table('organizations')} SET verification_status = 'refused', verification_reason = $2,
           verification_reviewed_at = $3 WHERE id = $1`,
        [e.data.organizationId, e.data.reason, e.data.refusedAt],
      );
    },
    OrganizationDeactivated: async ({ sql, table }, e: EventOf<'OrganizationDeactivated'>) => {
      await sql.query(`UPDATE ${table('organizations')} SET deactivated = true WHERE id = $1`, [
        e.data.organizationId,
      ]);
    },
    OrganizationActivated: async ({ sql, table }, e: EventOf<'OrganizationActivated'>) => {
      await sql.query(`UPDATE ${table('organizations')} SET deactivated = false WHERE id = $1`, [
        e.data.organizationId,
      ]);
    },
    SubscriptionExtended: async ({ sql, table }, e: EventOf<'SubscriptionExtended'>) => {
      await sql.query(`UPDATE ${table('organizations')} SET paid_until = $2 WHERE id = $1`, [
        e.data.organizationId,
        e.data.paidUntil,
      ]);
    },
    SmsCreditsAdded: async ({ sql, table }, e: EventOf<'SmsCreditsAdded'>) => {
      await sql.query(`UPDATE ${table('organizations')} SET sms_credits = sms_credits + $2 WHERE id = $1`, [
        e.data.organizationId,
        e.data.credits,
      ]);
    },
    // The balance shown (Organisation smsCredits): bought, minus reserved by sends, plus given back
    // (sms/decider.ts, the organisation's credit ledger).
    SmsCreditsReserved: async ({ sql, table }, e: EventOf<'SmsCreditsReserved'>) => {
      await sql.query(`UPDATE ${table('organizations')} SET sms_credits = sms_credits - $2 WHERE id = $1`, [
        e.data.organizationId,
        e.data.credits,
      ]);
    },
    SmsCreditsReturned: async ({ sql, table }, e: EventOf<'SmsCreditsReturned'>) => {
      await sql.query(`UPDATE ${table('organizations')} SET sms_credits = sms_credits + $2 WHERE id = $1`, [
        e.data.organizationId,
        e.data.credits,
      ]);
    },
    PaymentInitiated: async ({ sql, table }, e: EventOf<'PaymentInitiated'>) => {
      const d = e.data;
      await sql.query(
        `INSERT INTO ${table('subscription_payments')} (id, organization_id, user_id, provider, checkout_item, kind, amount, order_id, status, initiated_at)
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8,'initiated',$9)`,
        [
          d.paymentId,
          d.organizationId,
          d.userId,
          d.provider,
          d.checkoutItem,
          d.kind,
          d.amount,
          d.orderId,
          d.initiatedAt,
        ],
      );
    },
    PaymentSucceeded: async ({ sql, table }, e: EventOf<'PaymentSucceeded'>) => {
      await sql.query(
        `UPDATE ${table('subscription_payments')} SET status = 'succeeded', provider_reference = $2, completed_at = $3 WHERE id = $1`,
        [e.data.paymentId, e.data.providerReference, e.data.succeededAt],
      );
    },
    PaymentFailed: async ({ sql, table }, e: EventOf<'PaymentFailed'>) => {
      await sql.query(
        `UPDATE ${table('subscription_payments')} SET status = 'failed', provider_reference = $2, failure_reason = $3, completed_at = $4 WHERE id = $1`,
        [e.data.paymentId, e.data.providerReference, e.data.reason, e.data.failedAt],
      );
    },
    SessionStarted: async ({ sql, table }, e: EventOf<'SessionStarted'>) => {
      const d = e.data;
      await sql.query(
        `INSERT INTO ${table('sessions')} (id, user_id, ip_address, user_agent, created_at, last_used_at, expires_at) VALUES ($1,$2,$3,$4,$5,$5,$6)`,
        [d.sessionId, d.userId, d.ipAddress, d.userAgent, d.startedAt, d.expiresAt],
      );
    },
    SessionRefreshed: async ({ sql, table }, e: EventOf<'SessionRefreshed'>) => {
      await sql.query(`UPDATE ${table('sessions')} SET last_used_at = $2, expires_at = $3 WHERE id = $1`, [
        e.data.sessionId,
        e.data.refreshedAt,
        e.data.expiresAt,
      ]);
    },
    SessionEnded: async ({ sql, table }, e: EventOf<'SessionEnded'>) => {
      await sql.query(`UPDATE ${table('sessions')} SET ended_at = $2, end_reason = $3 WHERE id = $1`, [
        e.data.sessionId,
        e.data.endedAt,
        e.data.reason,
      ]);
    },
  },
});
