import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  DomainError,
  emailReservationDecider,
  emailReservationStream,
  invitationDecider,
  invitationStream,
  organizationDecider,
  organizationStream,
} from '@okul/domain';
import { readInboxItem, readInvitationPending, readUserByEmail, type Db } from '@okul/projections';
import { hashPassword } from '../auth/password';
import { hashToken } from '../auth/token.service';
import { CommandExecutor, decideOn, type CommandContext } from '../infra/command-executor';
import { newEntityId } from '../infra/http/request-context';
import { withOrganization } from '../infra/organization-scope';
import { CROSS_ORG_DB, DB } from '../infra/tokens';
import { AccountEmailsService, issueToken } from './account-emails.service';
import { AccountsService } from './accounts.service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The invitation link's token is `<invitationId>.<secret>`: the id finds the stream, the secret proves the mail. */
function splitInvitationToken(token: string): string | null {
  const id = token.split('.')[0] ?? '';
  return UUID.test(id) && token.length > id.length + 1 ? id : null;
}

export interface InviteUserInput {
  email: string;
  name: string;
  orgRoleId: number;
}

export type InviteUserAnswer = { success: true; invitationId: string; delivery: 'inbox' | 'email' };

export class InviteUserCommand extends Command<InviteUserAnswer> {
  constructor(
    readonly ctx: CommandContext,
    readonly invitationId: string,
    readonly input: InviteUserInput,
    /** The inviter as the invitation and its mail name them. */
    readonly inviterName: string,
  ) {
    super();
  }
}

export class AcceptInvitationByTokenCommand extends Command<{ success: true; organizationId: string }> {
  constructor(
    readonly ctx: CommandContext,
    readonly email: string,
    readonly token: string,
    readonly newPassword: string,
  ) {
    super();
  }
}

export class RespondToInvitationCommand extends Command<{
  success: true;
  organizationId: string;
  responseStatus: 'accepted' | 'rejected';
}> {
  constructor(
    readonly ctx: CommandContext,
    readonly messageId: string,
    readonly accept: boolean,
  ) {
    super();
  }
}

export class ResendInvitationCommand extends Command<{ id: string; expiresAt: string }> {
  constructor(
    readonly ctx: CommandContext,
    readonly invitationId: string,
  ) {
    super();
  }
}

export class RevokeInvitationCommand extends Command<{ id: string }> {
  constructor(
    readonly ctx: CommandContext,
    readonly invitationId: string,
  ) {
    super();
  }
}

/**
 * api.md 7.3 inviteUser {email, name, orgId, orgRoleId}: an existing user gets an invitation in the inbox;
 * a new address gets an e-mail with a link to set a password (product.md 2, Kullanıcılar).
 */
@CommandHandler(InviteUserCommand)
export class InviteUserHandler implements ICommandHandler<InviteUserCommand> {
  constructor(
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(AccountEmailsService) private readonly emails: AccountEmailsService,
    @Inject(DB) private readonly db: Db,
  ) {}

  async execute({ ctx, invitationId, input, inviterName }: InviteUserCommand): Promise<InviteUserAnswer> {
    const organizationId = ctx.organizationId!;
    const existing = await readUserByEmail(this.db, input.email);
    const secret = existing ? null : issueToken(`${invitationId}.`);
    if (existing && (await readInvitationPending(this.db, organizationId, existing.id)))
      throw new DomainError('invitation.alreadyPending');
    let organizationName = '';
    await this.executor.executeMany(ctx, async () => {
      const org = await this.executor.load(organizationStream(organizationId), organizationDecider);
      if (org.state.status === 'none') throw new DomainError('org.notFound');
      if (existing && org.state.members[existing.id]?.isActive) throw new DomainError('org.alreadyMember');
      organizationName = org.state.name;
      const invitation = await this.executor.load(invitationStream(invitationId), invitationDecider);
      return [
        decideOn(invitation, invitationDecider, {
          type: 'InviteUser',
          invitationId,
          organizationId,
          organizationName,
          email: input.email,
          name: input.name || existing?.name || input.email.split('@')[0],
          orgRoleId: input.orgRoleId,
          invitedByUserId: ctx.userId!,
          invitedByName: inviterName,
          invitedUserId: existing?.id ?? null,
          tokenHash: secret?.hash ?? null,
          expiresAt: secret ? this.emails.invitationExpiry(ctx.now) : null,
          now: ctx.now.toISOString(),
        }),
      ];
    });
    if (secret) {
      // A request retried after its invitation was stored decides again but writes nothing: its new link was
      // never stored, so it is not mailed (the stored one went out with the first try).
      const { state: sent } = await this.executor.load(invitationStream(invitationId), invitationDecider);
      if (sent.status !== 'none' && sent.tokenHash === secret.hash)
        await this.emails.send(
          this.emails.invitationMailFor({
            to: input.email,
            name: input.name,
            inviterName,
            organizationName,
            orgRoleId: input.orgRoleId,
            token: secret.token,
          }),
          true,
        );
    }
    return { success: true, invitationId, delivery: existing ? 'inbox' : 'email' };
  }
}

/**
 * api.md 7.2 acceptInvitation {email, token, newPassword}: the link proves the address, so the new user
 * starts verified and active (staff pay no subscription of their own), and joins with the invited role.
 */
@CommandHandler(AcceptInvitationByTokenCommand)
export class AcceptInvitationByTokenHandler implements ICommandHandler<AcceptInvitationByTokenCommand> {
  constructor(
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(AccountsService) private readonly accounts: AccountsService,
  ) {}

  async execute({ ctx, email, token, newPassword }: AcceptInvitationByTokenCommand) {
    const invitationId = splitInvitationToken(token);
    if (!invitationId) throw new DomainError('invitation.tokenInvalid');
    const userId = newEntityId(ctx, 'user');
    const passwordHash = await hashPassword(newPassword);
    const now = ctx.now.toISOString();
    let organizationId = '';
    // The organisation is known once the invitation is read; the events' metadata is built after the
    // decision, so setting it here files the acceptance in that organisation's log.
    const actx: CommandContext = { ...ctx, userId };
    await this.executor.executeMany(actx, async () => {
      const inv = await this.executor.load(invitationStream(invitationId), invitationDecider);
      if (inv.state.status === 'none') throw new DomainError('invitation.tokenInvalid');
      const accepted = decideOn(inv, invitationDecider, {
        type: 'AcceptByToken',
        email,
        presentedHash: hashToken(token),
        newUserId: userId,
        now,
      });
      organizationId = inv.state.organizationId;
      actx.organizationId = organizationId;
      const reservation = await this.executor.load(emailReservationStream(email), emailReservationDecider);
      if (reservation.state.holder !== null) throw new DomainError('invitation.accountExists');
      const user = await this.accounts.newUserDecisions(
        {
          userId,
          email,
          name: inv.state.name,
          surname: null,
          phone: null,
          tckn: null,
          passwordHash,
          registrationStatus: 'active',
          globalRoleId: null,
          emailVerified: true,
        },
        now,
      );
      // The invitee is no member yet: the organisation the invitation names is the one read.
      const org = await withOrganization(organizationId, () =>
        this.executor.load(organizationStream(organizationId), organizationDecider),
      );
      return [
        accepted,
        ...user,
        decideOn(org, organizationDecider, {
          type: 'AddMember',
          userId,
          orgRoleId: inv.state.orgRoleId,
          now,
        }),
      ];
    });
    return { success: true as const, organizationId };
  }
}

/** api.md 7.2 respondToOrgInvitation {messageId, accept}: the inbox item of an invitation names it. */
@CommandHandler(RespondToInvitationCommand)
export class RespondToInvitationHandler implements ICommandHandler<RespondToInvitationCommand> {
  constructor(
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(CROSS_ORG_DB) private readonly crossOrgDb: Db,
  ) {}

  async execute({ ctx, messageId, accept }: RespondToInvitationCommand) {
    const userId = ctx.userId!;
    // The caller's own inbox, whichever organisation the invitation comes from.
    const row = await readInboxItem(this.crossOrgDb, userId, messageId);
    if (!row) throw new DomainError('inbox.notFound');
    if (row.type !== 'invitation' || !UUID.test(messageId)) throw new DomainError('inbox.notInvitation');
    let organizationId = row.organization_id ?? '';
    await this.executor.executeMany({ ...ctx, organizationId }, async () => {
      const inv = await this.executor.load(invitationStream(messageId), invitationDecider);
      const answered = decideOn(inv, invitationDecider, {
        type: 'Respond',
        userId,
        accept,
        now: ctx.now.toISOString(),
      });
      if (!accept || inv.state.status === 'none') return [answered];
      organizationId = inv.state.organizationId;
      const org = await this.executor.load(organizationStream(organizationId), organizationDecider);
      return [
        answered,
        decideOn(org, organizationDecider, {
          type: 'AddMember',
          userId,
          orgRoleId: inv.state.orgRoleId,
          now: ctx.now.toISOString(),
        }),
      ];
    });
    return {
      success: true as const,
      organizationId,
      responseStatus: accept ? ('accepted' as const) : ('rejected' as const),
    };
  }
}

/**
 * Sends a pending e-mail invitation again: a new link (the invitation's id and a new secret, as inviteUser
 * makes it) with a new expiry, through the same mail as the first one. The earlier links stop working.
 */
@CommandHandler(ResendInvitationCommand)
export class ResendInvitationHandler implements ICommandHandler<ResendInvitationCommand> {
  constructor(
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(AccountEmailsService) private readonly emails: AccountEmailsService,
  ) {}

  async execute({ ctx, invitationId }: ResendInvitationCommand) {
    const organizationId = ctx.organizationId!;
    const secret = issueToken(`${invitationId}.`);
    const expiresAt = this.emails.invitationExpiry(ctx.now);
    await this.executor.execute(ctx, invitationStream(invitationId), invitationDecider, {
      type: 'ResendInvitation',
      organizationId,
      tokenHash: secret.hash,
      expiresAt,
      resentByUserId: ctx.userId!,
      now: ctx.now.toISOString(),
    });
    // A retried request whose resend was stored already decides again but writes nothing: its new link was
    // never stored, so it is not mailed (the stored one went out with the first try).
    const { state: sent } = await this.executor.load(invitationStream(invitationId), invitationDecider);
    if (sent.status === 'none' || sent.tokenHash !== secret.hash)
      return { id: invitationId, expiresAt: sent.status === 'none' ? expiresAt : sent.expiresAt! };
    // The organisation as it is named now; the inviter as the invitation names them.
    const org = await this.executor.load(organizationStream(organizationId), organizationDecider);
    await this.emails.send(
      this.emails.invitationMailFor({
        to: sent.email,
        name: sent.name,
        inviterName: sent.invitedByName,
        organizationName: org.state.status === 'none' ? sent.organizationName : org.state.name,
        orgRoleId: sent.orgRoleId,
        token: secret.token,
      }),
      true,
    );
    return { id: invitationId, expiresAt };
  }
}

/** Revokes a pending invitation: its link and its inbox item then answer that it was revoked. */
@CommandHandler(RevokeInvitationCommand)
export class RevokeInvitationHandler implements ICommandHandler<RevokeInvitationCommand> {
  constructor(@Inject(CommandExecutor) private readonly executor: CommandExecutor) {}

  async execute({ ctx, invitationId }: RevokeInvitationCommand) {
    await this.executor.execute(ctx, invitationStream(invitationId), invitationDecider, {
      type: 'RevokeInvitation',
      organizationId: ctx.organizationId!,
      revokedByUserId: ctx.userId!,
      now: ctx.now.toISOString(),
    });
    return { id: invitationId };
  }
}
