import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fold } from '../shared/decider';
import { ROLES } from '../shared/roles';
import {
  CHECKOUT_ITEMS,
  MEMBERSHIP_PLANS,
  SMS_PACKAGES,
  extendPaidUntil,
  isMembershipActive,
  planDiscountPercent,
} from './checkout-catalogue';
import { given } from '../shared/given';
import {
  assertCheckoutAllowed,
  decideOrganization,
  organizationDecider,
  type OrganizationCommand,
  type OrganizationEvent,
} from './organization-decider';

const org = '00000000-0000-4000-8000-0000000000aa';
const owner = '00000000-0000-4000-8000-000000000001';
const staff = '00000000-0000-4000-8000-000000000002';
const t0 = '2026-01-31T09:00:00.000Z';
const created: OrganizationEvent[] = decideOrganization(
  {
    type: 'CreateOrganization',
    organizationId: org,
    ownerUserId: owner,
    now: t0,
    profile: {
      name: 'Deneme Kursu',
      address: 'Kadıköy',
      vkn: null,
      employeeCount: 3,
      organizationType: 'kurs',
      companyType: 'ngo',
    },
  },
  organizationDecider.initialState,
);
const when = (history: OrganizationEvent[], command: OrganizationCommand) =>
  decideOrganization(command, fold(organizationDecider, history));

describe('organisation members', () => {
  const withStaff = [
    ...created,
    ...when(created, { type: 'AddMember', userId: staff, orgRoleId: ROLES.schoolStaff, now: t0 }),
  ];
  it('changes an assignable role, never the owner, never to a global role', () => {
    expect(
      when(withStaff, { type: 'ChangeMemberRole', userId: staff, orgRoleId: ROLES.schoolAdmin, now: t0 })[0],
    ).toMatchObject({
      type: 'OrganizationMemberRoleChanged',
      data: { orgRoleId: 3, previousOrgRoleId: 4 },
    });
    expect(() =>
      when(withStaff, { type: 'ChangeMemberRole', userId: owner, orgRoleId: ROLES.schoolAdmin, now: t0 }),
    ).toThrow('Kurum sahibinin rolü değiştirilemez.');
    for (const role of [ROLES.admin, ROLES.developer, ROLES.schoolOwner, ROLES.user, 42]) {
      expect(() =>
        when(withStaff, { type: 'ChangeMemberRole', userId: staff, orgRoleId: role, now: t0 }),
      ).toThrow('Bu rol atanamaz.');
    }
    expect(() => when(created, { type: 'ChangeMemberRole', userId: staff, orgRoleId: 4, now: t0 })).toThrow(
      'Kullanıcı bu kurumun üyesi değil.',
    );
    expect(
      when(withStaff, { type: 'ChangeMemberRole', userId: owner, orgRoleId: ROLES.schoolOwner, now: t0 }),
    ).toEqual([]);
  });
  it('removes a member once, never the owner; a removed member may be added again', () => {
    const remove = { type: 'RemoveMember' as const, userId: staff, name: 'Ali', email: 'a@b.co', now: t0 };
    const removed = when(withStaff, remove);
    expect(removed).toEqual([
      {
        type: 'OrganizationMemberRemoved',
        data: {
          organizationId: org,
          userId: staff,
          previousOrgRoleId: ROLES.schoolStaff,
          name: 'Ali',
          email: 'a@b.co',
          removedAt: t0,
        },
      },
    ]);
    const after = [...withStaff, ...removed];
    expect(() => when(after, remove)).toThrow('Kullanıcı bu kurumun üyesi değil.');
    expect(() => when(after, { ...remove, userId: owner })).toThrow('Kurum sahibi kurumdan çıkarılamaz.');
    expect(when(after, { type: 'AddMember', userId: staff, orgRoleId: 5, now: t0 })).toHaveLength(1);
  });
  it('adding an existing member again changes nothing', () => {
    expect(
      when(withStaff, { type: 'AddMember', userId: staff, orgRoleId: ROLES.schoolAdmin, now: t0 }),
    ).toEqual([]);
  });
  it('renames, deactivates and activates idempotently', () => {
    expect(when(created, { type: 'RenameOrganization', name: 'Deneme Kursu', now: t0 })).toEqual([]);
    expect(when(created, { type: 'RenameOrganization', name: 'Yeni Ad', now: t0 })[0].type).toBe(
      'OrganizationRenamed',
    );
    const off = when(created, { type: 'DeactivateOrganization', now: t0 });
    expect(off).toHaveLength(1);
    expect(when([...created, ...off], { type: 'DeactivateOrganization', now: t0 })).toEqual([]);
    expect(when([...created, ...off], { type: 'ActivateOrganization', now: t0 })[0].type).toBe(
      'OrganizationActivated',
    );
    expect(when(created, { type: 'ActivateOrganization', now: t0 })).toEqual([]);
  });
});

describe('subscription', () => {
  it('api.md 9.1: four plans and four SMS packages, prices in kuruş', () => {
    expect(MEMBERSHIP_PLANS.map((p) => [p.checkoutItem, p.lengthMonths, p.price])).toEqual([
      ['sub-1-month', 1, 40000],
      ['sub-3-month', 3, 110000],
      ['sub-6-month', 6, 210000],
      ['sub-1-year', 12, 400000],
    ]);
    expect(SMS_PACKAGES.map((p) => [p.checkoutItem, p.amount, p.price])).toEqual([
      ['sms-credits-100', 100, 10000],
      ['sms-credits-250', 250, 25000],
      ['sms-credits-500', 500, 50000],
      ['sms-credits-1000', 1000, 100000],
    ]);
    expect(Object.keys(CHECKOUT_ITEMS)).toHaveLength(8);
    expect(MEMBERSHIP_PLANS.map(planDiscountPercent)).toEqual([0, 8, 13, 17]);
  });
  it('extends from now when expired and from paidUntil when still running', () => {
    const first = when(created, {
      type: 'ExtendSubscription',
      paymentId: 'p1',
      checkoutItem: 'sub-1-month',
      months: 1,
      now: t0,
    });
    // 31 January 12:00 in Istanbul plus one month is 28 February 12:00 (the day is clamped).
    expect(first[0]).toMatchObject({
      data: { previousPaidUntil: null, paidUntil: '2026-02-28T09:00:00.000Z' },
    });
    const second = when([...created, ...first], {
      type: 'ExtendSubscription',
      paymentId: 'p2',
      checkoutItem: 'sub-3-month',
      months: 3,
      now: '2026-02-01T00:00:00.000Z',
    });
    expect(second[0]).toMatchObject({
      data: { previousPaidUntil: '2026-02-28T09:00:00.000Z', paidUntil: '2026-05-28T09:00:00.000Z' },
    });
  });
  it('adds SMS credits', () => {
    const e = when(created, {
      type: 'AddSmsCredits',
      paymentId: 'p',
      checkoutItem: 'sms-credits-250',
      credits: 250,
      now: t0,
    });
    expect(fold(organizationDecider, [...created, ...e])).toMatchObject({ smsCredits: 250 });
  });

  const instant = fc
    .integer({ min: Date.parse('2020-01-01T00:00:00Z'), max: Date.parse('2035-01-01T00:00:00Z') })
    .map((ms) => new Date(ms).toISOString());
  const months = fc.constantFrom(...MEMBERSHIP_PLANS.map((p) => p.lengthMonths));

  it('property: the new paidUntil is months later than max(now, paidUntil), never earlier than it was', () => {
    fc.assert(
      fc.property(fc.option(instant, { nil: null }), instant, months, (paidUntil, now, m) => {
        const next = extendPaidUntil(paidUntil, now, m);
        const base = Math.max(Date.parse(now), paidUntil ? Date.parse(paidUntil) : 0);
        const days = (Date.parse(next) - base) / 86_400_000;
        // a month is 28 to 31 days; a summer-time change (before 2016) can move an hour
        expect(days).toBeGreaterThanOrEqual(28 * m - 1 / 24);
        expect(days).toBeLessThanOrEqual(31 * m + 1 / 24);
        expect(isMembershipActive(next, now)).toBe(true);
        if (paidUntil) expect(Date.parse(next)).toBeGreaterThan(Date.parse(paidUntil));
      }),
    );
  });
  it('property: paying twice gives at least as much as paying once for the sum of months', () => {
    fc.assert(
      fc.property(instant, months, months, (now, a, b) => {
        const twice = extendPaidUntil(extendPaidUntil(null, now, a), now, b);
        const once = extendPaidUntil(null, now, a + b);
        // two clamped month steps may land up to three days off one long step (31 Jan + 1 + 1 vs 31 Jan + 2)
        expect(Math.abs(Date.parse(twice) - Date.parse(once))).toBeLessThanOrEqual(
          3 * 86_400_000 + 3_600_000,
        );
      }),
    );
  });
  it('membership is active only while paidUntil is later than now', () => {
    expect(isMembershipActive(null, t0)).toBe(false);
    expect(isMembershipActive(t0, t0)).toBe(false);
    expect(isMembershipActive('2026-01-31T09:00:00.001Z', t0)).toBe(true);
  });
});

describe('manual verification of personal memberships (product.md 4)', () => {
  const developer = '00000000-0000-4000-8000-000000000009';
  const personal = decideOrganization(
    {
      type: 'CreateOrganization',
      organizationId: org,
      ownerUserId: owner,
      now: t0,
      profile: {
        name: 'Ayşe Hoca',
        address: 'Üsküdar',
        vkn: null,
        employeeCount: 1,
        organizationType: 'özel ders',
        companyType: 'none',
      },
    },
    organizationDecider.initialState,
  );
  const approve = { type: 'ApproveVerification' as const, reviewedByUserId: developer, now: t0 };
  const refuse = (reason: string) => ({
    type: 'RefuseVerification' as const,
    reviewedByUserId: developer,
    reason,
    now: t0,
  });
  const approved: OrganizationEvent = {
    type: 'OrganizationVerificationApproved',
    data: { organizationId: org, reviewedByUserId: developer, approvedAt: t0 },
  };
  const refused = (reason: string): OrganizationEvent => ({
    type: 'OrganizationVerificationRefused',
    data: { organizationId: org, reviewedByUserId: developer, reason, refusedAt: t0 },
  });

  it('asks for verification when a personal organisation is created, and only then', () => {
    expect(personal.at(-1)).toEqual({
      type: 'OrganizationVerificationRequested',
      data: { organizationId: org, requestedAt: t0 },
    });
    expect(created.map((e) => e.type)).toEqual(['OrganizationCreated', 'OrganizationMemberAdded']);
    expect(given(organizationDecider, personal).state).toMatchObject({ verification: 'pending' });
    expect(given(organizationDecider, created).state).toMatchObject({ verification: 'not_required' });
  });

  it('approves a pending organisation once', () => {
    given(organizationDecider, personal).when(approve).then([approved]);
    given(organizationDecider, [...personal, approved])
      .when(approve)
      .then([]);
  });

  it('refuses a pending organisation with the reason, trimmed; the same reason again changes nothing', () => {
    given(organizationDecider, personal)
      .when(refuse('  Kimlik belgesi okunmuyor  '))
      .then([refused('Kimlik belgesi okunmuyor')]);
    given(organizationDecider, [...personal, refused('Belge eksik')])
      .when(refuse('Belge eksik'))
      .then([]);
    given(organizationDecider, [...personal, refused('Belge eksik')])
      .when(refuse('Adres eksik'))
      .then([refused('Adres eksik')]);
    given(organizationDecider, personal).when(refuse('   ')).thenThrows('org.verificationReasonMissing');
    given(organizationDecider, personal)
      .when(refuse('x'.repeat(501)))
      .thenThrows('org.verificationReasonMissing');
  });

  it('may approve a refused organisation, never refuse an approved one', () => {
    given(organizationDecider, [...personal, refused('Belge eksik')])
      .when(approve)
      .then([approved]);
    given(organizationDecider, [...personal, approved])
      .when(refuse('Geç kaldı'))
      .thenThrows('org.verificationAlreadyApproved');
  });

  it('refuses both for an organisation that needs no verification, or does not exist', () => {
    given(organizationDecider, created).when(approve).thenThrows('org.verificationNotRequired');
    given(organizationDecider, created).when(refuse('Belge eksik')).thenThrows('org.verificationNotRequired');
    given(organizationDecider, []).when(approve).thenThrows('org.notFound');
  });

  it('lets no checkout start until approved, and names the refusal reason', () => {
    const stateOf = (history: OrganizationEvent[]) => fold(organizationDecider, history);
    expect(() => assertCheckoutAllowed(stateOf(personal))).toThrow(
      expect.objectContaining({ code: 'checkout.verificationPending', status: 403 }),
    );
    expect(() => assertCheckoutAllowed(stateOf([...personal, refused('Belge eksik')]))).toThrow(
      expect.objectContaining({
        code: 'checkout.verificationRefused',
        message: 'Kurumunuzun doğrulaması reddedildi, ödeme yapılamaz. Gerekçe: Belge eksik',
        details: { reason: 'Belge eksik' },
      }),
    );
    expect(() => assertCheckoutAllowed(stateOf([...personal, approved]))).not.toThrow();
    expect(() => assertCheckoutAllowed(stateOf(created))).not.toThrow();
  });
});
