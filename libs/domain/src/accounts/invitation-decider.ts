import type { Decider } from '../shared/decider';
import { DomainError } from '../shared/errors';
import type { DomainEvent } from '../shared/events';
import { isAssignableRole } from './organization-decider';

/**
 * An invitation into an organisation (product.md 4: pending, then accepted or rejected).
 * - To an existing user: an inbox item of type invitation, answered with respondToOrgInvitation.
 * - To a new address: an e-mail with a single-use link (only the token's hash and expiry are kept here);
 *   acceptInvitation sets the password, which creates the user with a verified address.
 */
export type InvitationEvent =
  | DomainEvent<
      'UserInvited',
      {
        invitationId: string;
        organizationId: string;
        organizationName: string;
        email: string;
        name: string;
        orgRoleId: number;
        invitedByUserId: string;
        invitedByName: string;
        /** The existing user invited through the inbox; null for an e-mail invitation to a new address. */
        invitedUserId: string | null;
        tokenHash: string | null;
        expiresAt: string | null;
        invitedAt: string;
      }
    >
  | DomainEvent<
      'InvitationAccepted',
      {
        invitationId: string;
        organizationId: string;
        userId: string;
        orgRoleId: number;
        invitedByUserId: string;
        acceptedAt: string;
      }
    >
  | DomainEvent<
      'InvitationRejected',
      {
        invitationId: string;
        organizationId: string;
        userId: string;
        invitedByUserId: string;
        rejectedAt: string;
      }
    >;

export type InvitationCommand =
  | {
      type: 'InviteUser';
      invitationId: string;
      organizationId: string;
      organizationName: string;
      email: string;
      name: string;
      orgRoleId: number;
      invitedByUserId: string;
      invitedByName: string;
      invitedUserId: string | null;
      tokenHash: string | null;
      expiresAt: string | null;
      now: string;
    }
  | { type: 'AcceptByToken'; email: string; presentedHash: string; newUserId: string; now: string }
  | { type: 'Respond'; userId: string; accept: boolean; now: string };

export type InvitationState =
  | { status: 'none' }
  | {
      status: 'pending' | 'accepted' | 'rejected';
      invitationId: string;
      organizationId: string;
      email: string;
      name: string;
      orgRoleId: number;
      invitedByUserId: string;
      invitedUserId: string | null;
      tokenHash: string | null;
      expiresAt: string | null;
    };

export const initialInvitationState: InvitationState = { status: 'none' };

export function decideInvitation(command: InvitationCommand, state: InvitationState): InvitationEvent[] {
  switch (command.type) {
    case 'InviteUser': {
      if (state.status !== 'none') throw new DomainError('common.conflict');
      if (!isAssignableRole(command.orgRoleId)) throw new DomainError('org.roleNotAssignable');
      // Exactly one way to answer: an inbox item for a known user, a link for a new address.
      if ((command.invitedUserId === null) === (command.tokenHash === null))
        throw new DomainError('common.badRequest');
      const { type: _t, now, ...data } = command;
      return [{ type: 'UserInvited', data: { ...data, invitedAt: now } }];
    }
    case 'AcceptByToken': {
      if (
        state.status !== 'pending' ||
        state.invitedUserId !== null ||
        state.tokenHash === null ||
        state.tokenHash !== command.presentedHash ||
        state.email !== command.email ||
        state.expiresAt === null ||
        Date.parse(state.expiresAt) <= Date.parse(command.now)
      ) {
        throw new DomainError('invitation.tokenInvalid');
      }
      return [
        {
          type: 'InvitationAccepted',
          data: {
            invitationId: state.invitationId,
            organizationId: state.organizationId,
            userId: command.newUserId,
            orgRoleId: state.orgRoleId,
            invitedByUserId: state.invitedByUserId,
            acceptedAt: command.now,
          },
        },
      ];
    }
    case 'Respond': {
      // Someone else's invitation is as good as absent.
      if (state.status === 'none' || state.invitedUserId === null || state.invitedUserId !== command.userId) {
        throw new DomainError('inbox.notFound');
      }
      if (state.status !== 'pending') throw new DomainError('invitation.alreadyAnswered');
      const ids = {
        invitationId: state.invitationId,
        organizationId: state.organizationId,
        userId: command.userId,
        invitedByUserId: state.invitedByUserId,
      };
      return command.accept
        ? [
            {
              type: 'InvitationAccepted',
              data: { ...ids, orgRoleId: state.orgRoleId, acceptedAt: command.now },
            },
          ]
        : [{ type: 'InvitationRejected', data: { ...ids, rejectedAt: command.now } }];
    }
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

export function evolveInvitation(state: InvitationState, event: InvitationEvent): InvitationState {
  switch (event.type) {
    case 'UserInvited': {
      const d = event.data;
      return {
        status: 'pending',
        invitationId: d.invitationId,
        organizationId: d.organizationId,
        email: d.email,
        name: d.name,
        orgRoleId: d.orgRoleId,
        invitedByUserId: d.invitedByUserId,
        invitedUserId: d.invitedUserId,
        tokenHash: d.tokenHash,
        expiresAt: d.expiresAt,
      };
    }
    case 'InvitationAccepted':
      return state.status === 'none' ? state : { ...state, status: 'accepted' };
    case 'InvitationRejected':
      return state.status === 'none' ? state : { ...state, status: 'rejected' };
    default: {
      const _exhaustive: never = event;
      void _exhaustive;
      return state;
    }
  }
}

export const invitationDecider = {
  decide: decideInvitation,
  evolve: evolveInvitation,
  initialState: initialInvitationState,
} satisfies Decider<InvitationCommand, InvitationEvent, InvitationState>;
export const invitationStream = (invitationId: string) => `invitation-${invitationId}`;

/**
 * The read state of one user's inbox (product.md 4: messages go from isRead false to true via mark-read).
 * Marking an item twice changes nothing.
 */
export type InboxEvent = DomainEvent<'InboxItemRead', { userId: string; messageId: string; readAt: string }>;
export type InboxCommand = { type: 'MarkRead'; userId: string; messageId: string; now: string };
export type InboxState = { read: Record<string, true> };

export function decideInbox(command: InboxCommand, state: InboxState): InboxEvent[] {
  if (state.read[command.messageId]) return [];
  return [
    {
      type: 'InboxItemRead',
      data: { userId: command.userId, messageId: command.messageId, readAt: command.now },
    },
  ];
}

export function evolveInbox(state: InboxState, event: InboxEvent): InboxState {
  return event.type === 'InboxItemRead' ? { read: { ...state.read, [event.data.messageId]: true } } : state;
}

export const inboxDecider = {
  decide: decideInbox,
  evolve: evolveInbox,
  initialState: { read: {} } as InboxState,
} satisfies Decider<InboxCommand, InboxEvent, InboxState>;
export const inboxStream = (userId: string) => `inbox-${userId}`;
