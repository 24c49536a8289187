import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  ROLE_LABELS_TR,
  invitationDecider,
  invitationStream,
  organizationDecider,
  organizationStream,
} from '@okul/domain';
import type { AppConfig } from '../config/config';
import { CommandExecutor, type CommandContext } from '../infra/command-executor';
import { CONFIG } from '../infra/tokens';
import { accountLink, invitationMail } from '../mail/mail-templates';
import { AccountEmailsService, issueToken } from './account-emails.service';

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
 * Sends a pending e-mail invitation again: a new link (the invitation's id and a new secret, as inviteUser
 * makes it) with a new expiry, through the same mail as the first one. The earlier links stop working.
 */
@CommandHandler(ResendInvitationCommand)
export class ResendInvitationHandler implements ICommandHandler<ResendInvitationCommand> {
  constructor(
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(AccountEmailsService) private readonly emails: AccountEmailsService,
  ) {}

  async execute({ ctx, invitationId }: ResendInvitationCommand) {
    const organizationId = ctx.organizationId!;
    const secret = issueToken(`${invitationId}.`);
    const expiresAt = new Date(
      ctx.now.getTime() + this.config.INVITATION_TTL_DAYS * 86_400_000,
    ).toISOString();
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
      invitationMail({
        to: sent.email,
        name: sent.name,
        inviterName: sent.invitedByName,
        organizationName: org.state.status === 'none' ? sent.organizationName : org.state.name,
        roleLabel: ROLE_LABELS_TR[sent.orgRoleId] ?? String(sent.orgRoleId),
        link: accountLink(this.config.PUBLIC_URL, 'invite', sent.email, secret.token),
        days: this.config.INVITATION_TTL_DAYS,
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
