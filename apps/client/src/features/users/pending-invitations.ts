import type { PendingInvitation } from '@okul/domain';

/** The section's heading, with the count like the users list (product.md 2). */
export function pendingInvitationsTitle(list: readonly PendingInvitation[]): string {
  return `Bekleyen davetler (${list.length})`;
}

/** An e-mail invitation whose link has run out: it can only be sent again (or revoked). */
export function isExpired(invitation: Pick<PendingInvitation, 'expiresAt'>, now: Date): boolean {
  return invitation.expiresAt !== null && Date.parse(invitation.expiresAt) <= now.getTime();
}

/** Only an e-mail invitation has a link to send again; an existing user answers theirs in Gelen Kutusu. */
export function canResend(invitation: Pick<PendingInvitation, 'delivery'>): boolean {
  return invitation.delivery === 'email';
}
