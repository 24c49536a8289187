import type { Decider } from '../shared/decider';
import { DomainError } from '../shared/errors';
import { message } from '../shared/messages';
import type { DomainEvent } from '../shared/events';
import { ASSIGNABLE_ROLES, ROLES } from '../shared/roles';
import { extendPaidUntil } from './checkout-catalogue';

export interface OrganizationProfile {
  name: string;
  address: string;
  vkn: string | null;
  employeeCount: number;
  organizationType: string;
  companyType: string;
}

/**
 * product.md 4, api.md 9.1: a personal (companyType none) membership is verified by hand before any checkout.
 * `not_required` for every other organisation, and for personal ones recorded before the rule existed.
 */
export type OrganizationVerification = 'not_required' | 'pending' | 'approved' | 'refused';

/** The company type whose membership waits for a developer's verification (product.md 4). */
export const PERSONAL_COMPANY_TYPE = 'none';

/** Longest reason a developer may give for a refusal (shown to the owner and mailed). */
export const VERIFICATION_REASON_MAX = 500;

export type OrganizationEvent =
  | DomainEvent<
      'OrganizationCreated',
      { organizationId: string; ownerUserId: string; createdAt: string } & OrganizationProfile
    >
  | DomainEvent<
      'OrganizationMemberAdded',
      { organizationId: string; userId: string; orgRoleId: number; addedAt: string }
    >
  | DomainEvent<
      'OrganizationMemberRoleChanged',
      {
        organizationId: string;
        userId: string;
        orgRoleId: number;
        previousOrgRoleId: number;
        changedAt: string;
      }
    >
  | DomainEvent<
      'OrganizationMemberRemoved',
      {
        organizationId: string;
        userId: string;
        previousOrgRoleId: number;
        /** The member as they were named then, for İşlem Dökümü. */
        name: string;
        email: string;
        removedAt: string;
      }
    >
  | DomainEvent<
      'OrganizationRenamed',
      { organizationId: string; name: string; previousName: string; renamedAt: string }
    >
  | DomainEvent<'OrganizationVerificationRequested', { organizationId: string; requestedAt: string }>
  | DomainEvent<
      'OrganizationVerificationApproved',
      { organizationId: string; reviewedByUserId: string; approvedAt: string }
    >
  | DomainEvent<
      'OrganizationVerificationRefused',
      { organizationId: string; reviewedByUserId: string; reason: string; refusedAt: string }
    >
  | DomainEvent<'OrganizationDeactivated', { organizationId: string; deactivatedAt: string }>
  | DomainEvent<'OrganizationActivated', { organizationId: string; activatedAt: string }>
  | DomainEvent<
      'SubscriptionExtended',
      {
        organizationId: string;
        paymentId: string;
        checkoutItem: string;
        months: number;
        previousPaidUntil: string | null;
        paidUntil: string;
        extendedAt: string;
      }
    >
  | DomainEvent<
      'SmsCreditsAdded',
      { organizationId: string; paymentId: string; checkoutItem: string; credits: number; addedAt: string }
    >;

export type OrganizationCommand =
  | {
      type: 'CreateOrganization';
      organizationId: string;
      ownerUserId: string;
      profile: OrganizationProfile;
      now: string;
    }
  | { type: 'RenameOrganization'; name: string; now: string }
  | { type: 'DeactivateOrganization'; now: string }
  | { type: 'ActivateOrganization'; now: string }
  | { type: 'ApproveVerification'; reviewedByUserId: string; now: string }
  | { type: 'RefuseVerification'; reviewedByUserId: string; reason: string; now: string }
  | { type: 'AddMember'; userId: string; orgRoleId: number; now: string }
  | { type: 'ChangeMemberRole'; userId: string; orgRoleId: number; now: string }
  | { type: 'RemoveMember'; userId: string; name: string; email: string; now: string }
  | { type: 'ExtendSubscription'; paymentId: string; checkoutItem: string; months: number; now: string }
  | { type: 'AddSmsCredits'; paymentId: string; checkoutItem: string; credits: number; now: string };

export interface OrganizationMember {
  orgRoleId: number;
  isActive: boolean;
}

export type OrganizationState =
  | { status: 'none' }
  | {
      status: 'open';
      organizationId: string;
      name: string;
      ownerUserId: string;
      deactivated: boolean;
      paidUntil: string | null;
      smsCredits: number;
      members: Record<string, OrganizationMember>;
      verification: OrganizationVerification;
      /** Why the verification was refused (shown to the owner), null otherwise. */
      verificationReason: string | null;
    };

export const initialOrganizationState: OrganizationState = { status: 'none' };

type Open = Extract<OrganizationState, { status: 'open' }>;

function open(state: OrganizationState): Open {
  if (state.status === 'none') throw new DomainError('org.notFound');
  return state;
}

/** product.md 6: others are chosen among the non-global assignable roles. */
export function isAssignableRole(roleId: number): boolean {
  return (ASSIGNABLE_ROLES as readonly number[]).includes(roleId);
}

export function decideOrganization(
  command: OrganizationCommand,
  state: OrganizationState,
): OrganizationEvent[] {
  switch (command.type) {
    case 'CreateOrganization': {
      if (state.status !== 'none') throw new DomainError('common.conflict');
      const ids = { organizationId: command.organizationId };
      const events: OrganizationEvent[] = [
        {
          type: 'OrganizationCreated',
          data: { ...ids, ownerUserId: command.ownerUserId, createdAt: command.now, ...command.profile },
        },
        // product.md 6: the registering owner holds the school-owner role, which cannot be edited.
        {
          type: 'OrganizationMemberAdded',
          data: { ...ids, userId: command.ownerUserId, orgRoleId: ROLES.schoolOwner, addedAt: command.now },
        },
      ];
      // product.md 4: personal memberships are verified manually before the demo or payment.
      if (command.profile.companyType === PERSONAL_COMPANY_TYPE) {
        events.push({
          type: 'OrganizationVerificationRequested',
          data: { ...ids, requestedAt: command.now },
        });
      }
      return events;
    }
    case 'ApproveVerification': {
      const s = open(state);
      if (s.verification === 'not_required') throw new DomainError('org.verificationNotRequired');
      // Approving twice changes nothing; a refused organisation may still be approved (new documents came).
      if (s.verification === 'approved') return [];
      return [
        {
          type: 'OrganizationVerificationApproved',
          data: {
            organizationId: s.organizationId,
            reviewedByUserId: command.reviewedByUserId,
            approvedAt: command.now,
          },
        },
      ];
    }
    case 'RefuseVerification': {
      const s = open(state);
      if (s.verification === 'not_required') throw new DomainError('org.verificationNotRequired');
      // An approved organisation may already have paid: taking the approval back is not a refusal.
      if (s.verification === 'approved') throw new DomainError('org.verificationAlreadyApproved');
      const reason = command.reason.trim();
      if (!reason || reason.length > VERIFICATION_REASON_MAX)
        throw new DomainError('org.verificationReasonMissing');
      if (s.verification === 'refused' && s.verificationReason === reason) return [];
      return [
        {
          type: 'OrganizationVerificationRefused',
          data: {
            organizationId: s.organizationId,
            reviewedByUserId: command.reviewedByUserId,
            reason,
            refusedAt: command.now,
          },
        },
      ];
    }
    case 'RenameOrganization': {
      const s = open(state);
      if (!command.name.trim()) throw new DomainError('account.organizationNameMissing');
      if (command.name === s.name) return [];
      return [
        {
          type: 'OrganizationRenamed',
          data: {
            organizationId: s.organizationId,
            name: command.name,
            previousName: s.name,
            renamedAt: command.now,
          },
        },
      ];
    }
    case 'DeactivateOrganization': {
      const s = open(state);
      return s.deactivated
        ? []
        : [
            {
              type: 'OrganizationDeactivated',
              data: { organizationId: s.organizationId, deactivatedAt: command.now },
            },
          ];
    }
    case 'ActivateOrganization': {
      const s = open(state);
      return s.deactivated
        ? [
            {
              type: 'OrganizationActivated',
              data: { organizationId: s.organizationId, activatedAt: command.now },
            },
          ]
        : [];
    }
    case 'AddMember': {
      const s = open(state);
      if (!isAssignableRole(command.orgRoleId)) throw new DomainError('org.roleNotAssignable');
      // Accepting a second invitation to an organisation one already belongs to changes nothing.
      if (s.members[command.userId]?.isActive) return [];
      return [
        {
          type: 'OrganizationMemberAdded',
          data: {
            organizationId: s.organizationId,
            userId: command.userId,
            orgRoleId: command.orgRoleId,
            addedAt: command.now,
          },
        },
      ];
    }
    case 'ChangeMemberRole': {
      const s = open(state);
      const member = s.members[command.userId];
      if (!member?.isActive) throw new DomainError('org.userNotMember');
      // The edit dialog sends the role it shows: the owner's own role unchanged is no change.
      if (member.orgRoleId === command.orgRoleId) return [];
      // product.md 6: a school-owner role cannot be edited (shown as fixed).
      if (member.orgRoleId === ROLES.schoolOwner || command.userId === s.ownerUserId)
        throw new DomainError('org.ownerFixed');
      if (!isAssignableRole(command.orgRoleId)) throw new DomainError('org.roleNotAssignable');
      return [
        {
          type: 'OrganizationMemberRoleChanged',
          data: {
            organizationId: s.organizationId,
            userId: command.userId,
            orgRoleId: command.orgRoleId,
            previousOrgRoleId: member.orgRoleId,
            changedAt: command.now,
          },
        },
      ];
    }
    case 'RemoveMember': {
      const s = open(state);
      const member = s.members[command.userId];
      if (!member?.isActive) throw new DomainError('org.userNotMember');
      // product.md 6: the owner is fixed; an organisation never loses its owner.
      if (member.orgRoleId === ROLES.schoolOwner || command.userId === s.ownerUserId)
        throw new DomainError('org.ownerNotRemovable');
      return [
        {
          type: 'OrganizationMemberRemoved',
          data: {
            organizationId: s.organizationId,
            userId: command.userId,
            previousOrgRoleId: member.orgRoleId,
            name: command.name,
            email: command.email,
            removedAt: command.now,
          },
        },
      ];
    }
    case 'ExtendSubscription': {
      const s = open(state);
      if (!Number.isInteger(command.months) || command.months < 1)
        throw new DomainError('checkout.unknownItem');
      return [
        {
          type: 'SubscriptionExtended',
          data: {
            organizationId: s.organizationId,
            paymentId: command.paymentId,
            checkoutItem: command.checkoutItem,
            months: command.months,
            previousPaidUntil: s.paidUntil,
            paidUntil: extendPaidUntil(s.paidUntil, command.now, command.months),
            extendedAt: command.now,
          },
        },
      ];
    }
    case 'AddSmsCredits': {
      const s = open(state);
      if (!Number.isInteger(command.credits) || command.credits < 1)
        throw new DomainError('checkout.unknownItem');
      return [
        {
          type: 'SmsCreditsAdded',
          data: {
            organizationId: s.organizationId,
            paymentId: command.paymentId,
            checkoutItem: command.checkoutItem,
            credits: command.credits,
            addedAt: command.now,
          },
        },
      ];
    }
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

export function evolveOrganization(state: OrganizationState, event: OrganizationEvent): OrganizationState {
  if (event.type === 'OrganizationCreated') {
    return {
      status: 'open',
      organizationId: event.data.organizationId,
      name: event.data.name,
      ownerUserId: event.data.ownerUserId,
      deactivated: false,
      paidUntil: null,
      smsCredits: 0,
      members: {},
      verification: 'not_required',
      verificationReason: null,
    };
  }
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'OrganizationMemberAdded':
      return {
        ...state,
        members: {
          ...state.members,
          [event.data.userId]: { orgRoleId: event.data.orgRoleId, isActive: true },
        },
      };
    case 'OrganizationMemberRoleChanged':
      return {
        ...state,
        members: {
          ...state.members,
          [event.data.userId]: { orgRoleId: event.data.orgRoleId, isActive: true },
        },
      };
    case 'OrganizationMemberRemoved':
      return {
        ...state,
        members: {
          ...state.members,
          [event.data.userId]: { orgRoleId: event.data.previousOrgRoleId, isActive: false },
        },
      };
    case 'OrganizationRenamed':
      return { ...state, name: event.data.name };
    case 'OrganizationVerificationRequested':
      return { ...state, verification: 'pending', verificationReason: null };
    case 'OrganizationVerificationApproved':
      return { ...state, verification: 'approved', verificationReason: null };
    case 'OrganizationVerificationRefused':
      return { ...state, verification: 'refused', verificationReason: event.data.reason };
    case 'OrganizationDeactivated':
      return { ...state, deactivated: true };
    case 'OrganizationActivated':
      return { ...state, deactivated: false };
    case 'SubscriptionExtended':
      return { ...state, paidUntil: event.data.paidUntil };
    case 'SmsCreditsAdded':
      return { ...state, smsCredits: state.smsCredits + event.data.credits };
    default: {
      // Events this decider does not know (another context's, or a newer version's) leave it unchanged.
      const _exhaustive: never = event;
      void _exhaustive;
      return state;
    }
  }
}

export const organizationDecider = {
  decide: decideOrganization,
  evolve: evolveOrganization,
  initialState: initialOrganizationState,
} satisfies Decider<OrganizationCommand, OrganizationEvent, OrganizationState>;
export const organizationStream = (organizationId: string) => `organization-${organizationId}`;

/**
 * product.md 4: no checkout starts for an organisation whose personal membership is not verified; a
 * refused one names the reason, so the owner knows what to do.
 */
export function assertCheckoutAllowed(state: OrganizationState): void {
  const s = open(state);
  if (s.verification === 'pending') throw new DomainError('checkout.verificationPending');
  if (s.verification === 'refused') {
    throw new DomainError(
      'checkout.verificationRefused',
      message('checkout.verificationRefused', { reason: s.verificationReason ?? '' }),
      { reason: s.verificationReason },
    );
  }
}
