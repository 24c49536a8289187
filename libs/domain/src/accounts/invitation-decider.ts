import type { Decider } from '../shared/decider';
import { DomainError } from '../shared/errors';
import type { DomainEvent } from '../shared/events';
import { isAssignableRole } from './organization-decider';

/**
 * An invitation into an organisation (product.md 4: pending, then accepted or rejected).
 * - To an existing user: an inbox item of type invitation, answered with respondToOrgInvitation.
 * - To a new address: an e-mail with a single-use link (only the token's hash and expiry are kept here);
 *   acceptInvitation sets the password, which creates the user with a verified address.
 * While pending, the organisation may send an e-mail invitation again (a new link; the earlier ones stop
 * working) or revoke it (its link and inbox item then answer that it was revoked).
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
    >
  | DomainEvent<
      'InvitationResent',
      {
        invitationId: string;
        organizationId: string;
        email: string;
        tokenHash: string;
        expiresAt: string;
        resentByUserId: string;
        resentAt: string;
      }
    >
  | DomainEvent<
      'InvitationRevoked',
      {
        invitationId: string;
        organizationId: string;
        email: string;
        name: string;
        invitedUserId: string | null;
        revokedByUserId: string;
        revokedAt: string;
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
  | { type: 'Respond'; userId: string; accept: boolean; now: string }
  | {
      type: 'ResendInvitation';
      organizationId: string;
      tokenHash: string;
      expiresAt: string;
      resentByUserId: string;
      now: string;
    }
  | { type: 'RevokeInvitation'; organizationId: string; revokedByUserId: string; now: string };

export type InvitationState =
  | { status: 'none' }
  | {
      status: 'pending' | 'accepted' | 'rejected' | 'revoked';
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
      /** The links sent before the last resend: they no longer open the invitation. */
      replacedTokenHashes: string[];
      expiresAt: string | null;
    };

/** The invitation as the organisation that sent it sees it: another organisation's is as good as absent. */
function ownInvitation(state: InvitationState, organizationId: string) {
  if (state.status === 'none' || state.organizationId !== organizationId)
    throw new DomainError('invitation.notFound');
  return state;
}

/** A presented link that was once this invitation's (the current one or one replaced by a resend). */
function wasIssued(state: InvitationState, hash: string): boolean {
  return state.status !== 'none' && (state.tokenHash === hash || state.replacedTokenHashes.includes(hash));
}

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
      // Only someone holding one of its links learns that an invitation was revoked or sent again.
      if (state.status === 'revoked' && wasIssued(state, command.presentedHash))
        throw new DomainError('invitation.revoked');
      if (
        state.status === 'pending' &&
        state.tokenHash !== command.presentedHash &&
        wasIssued(state, command.presentedHash)
      )
        throw new DomainError('invitation.tokenReplaced');
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
      if (state.status === 'revoked') throw new DomainError('invitation.revoked');
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
    case 'ResendInvitation': {
      const own = ownInvitation(state, command.organizationId);
      if (own.status === 'revoked') throw new DomainError('invitation.alreadyRevoked');
      if (own.status !== 'pending') throw new DomainError('invitation.alreadyAnswered');
      // An existing user's invitation waits in their inbox; there is no link to send again.
      if (own.invitedUserId !== null) throw new DomainError('invitation.inboxNotResendable');
      return [
        {
          type: 'InvitationResent',
          data: {
            invitationId: own.invitationId,
            organizationId: own.organizationId,
            email: own.email,
            tokenHash: command.tokenHash,
            expiresAt: command.expiresAt,
            resentByUserId: command.resentByUserId,
            resentAt: command.now,
          },
        },
      ];
    }
    case 'RevokeInvitation': {
      const own = ownInvitation(state, command.organizationId);
      if (own.status === 'accepted') throw new DomainError('invitation.acceptedNotRevocable');
      if (own.status === 'revoked') throw new DomainError('invitation.alreadyRevoked');
      if (own.status !== 'pending') throw new DomainError('invitation.alreadyAnswered');
      return [
        {
          type: 'InvitationRevoked',
          data: {
            invitationId: own.invitationId,
            organizationId: own.organizationId,
            email: own.email,
            name: own.name,
            invitedUserId: own.invitedUserId,
            revokedByUserId: command.revokedByUserId,
            revokedAt: command.now,
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

export function evolveInvitation(state: InvitationState, event: InvitationEvent): InvitationState {
  switch (event.type) {
    case 'UserInvited': {
      const d = event.data;
      return {
        status: 'pending',
        invitationId: d.invitationId,
        organizationId: d.organizationId,
        organizationName: d.organizationName,
        email: d.email,
        name: d.name,
        orgRoleId: d.orgRoleId,
        invitedByUserId: d.invitedByUserId,
        invitedByName: d.invitedByName,
        invitedUserId: d.invitedUserId,
        tokenHash: d.tokenHash,
        replacedTokenHashes: [],
        expiresAt: d.expiresAt,
      };
    }
    case 'InvitationAccepted':
      return state.status === 'none' ? state : { ...state, status: 'accepted' };
    case 'InvitationRejected':
      return state.status === 'none' ? state : { ...state, status: 'rejected' };
    case 'InvitationResent':
      return state.status === 'none'
        ? state
        : {
            ...state,
            tokenHash: event.data.tokenHash,
            expiresAt: event.data.expiresAt,
            replacedTokenHashes:
              state.tokenHash === null
                ? state.replacedTokenHashes
                : [...state.replacedTokenHashes, state.tokenHash],
          };
    case 'InvitationRevoked':
      return state.status === 'none' ? state : { ...state, status: 'revoked' };
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
