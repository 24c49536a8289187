import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { organizationDecider, organizationStream, userDecider, userStream } from '@okul/domain';
import type { AppConfig } from '../config/config';
import { CommandExecutor, type CommandContext } from '../infra/command-executor';
import { CONFIG } from '../infra/tokens';
import { organizationApprovedMail, organizationRefusedMail } from '../mail/mail-templates';
import type { MailMessage } from '../mail/mailer';
import { AccountEmailsService } from './account-emails.service';

export interface VerificationAnswer {
  success: true;
  verificationStatus: 'approved' | 'refused';
  verificationReason: string | null;
}

/** product.md 4: a developer approves a personal membership; the owner may pay from then on. */
export class ApproveOrganizationVerificationCommand extends Command<VerificationAnswer> {
  constructor(readonly ctx: CommandContext) {
    super();
  }
}

/** product.md 4: a developer refuses a personal membership with a reason the owner is shown. */
export class RefuseOrganizationVerificationCommand extends Command<VerificationAnswer> {
  constructor(
    readonly ctx: CommandContext,
    readonly reason: string,
  ) {
    super();
  }
}

/** The owner's address and name as their account holds them now, and the organisation's name. */
async function ownerOf(executor: CommandExecutor, organizationId: string) {
  const org = await executor.load(organizationStream(organizationId), organizationDecider);
  if (org.state.status === 'none') return null;
  const owner = await executor.load(userStream(org.state.ownerUserId), userDecider);
  if (owner.state.status === 'none') return null;
  return { to: owner.state.email, name: owner.state.name, organizationName: org.state.name };
}

/**
 * The decision is recorded first; the mail follows only when something was written (a repeated approval
 * mails nothing twice). A mail that cannot be sent is logged, not answered: the decision stands and the
 * owner sees it on /odeme anyway.
 */
async function decideAndMail(
  executor: CommandExecutor,
  emails: AccountEmailsService,
  ctx: CommandContext,
  command: Parameters<typeof organizationDecider.decide>[0],
  mail: (owner: { to: string; name: string; organizationName: string }) => MailMessage,
): Promise<void> {
  const organizationId = ctx.organizationId!;
  const written = await executor.execute(
    ctx,
    organizationStream(organizationId),
    organizationDecider,
    command,
  );
  if (written.length === 0) return;
  const owner = await ownerOf(executor, organizationId);
  if (owner) await emails.send(mail(owner), false);
}

@CommandHandler(ApproveOrganizationVerificationCommand)
export class ApproveOrganizationVerificationHandler implements ICommandHandler<ApproveOrganizationVerificationCommand> {
  constructor(
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(AccountEmailsService) private readonly emails: AccountEmailsService,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ ctx }: ApproveOrganizationVerificationCommand): Promise<VerificationAnswer> {
    const link = `${this.config.PUBLIC_URL.replace(/\/+$/, '')}/odeme`;
    await decideAndMail(
      this.executor,
      this.emails,
      ctx,
      { type: 'ApproveVerification', reviewedByUserId: ctx.userId!, now: ctx.now.toISOString() },
      (owner) => organizationApprovedMail({ ...owner, link }),
    );
    return { success: true, verificationStatus: 'approved', verificationReason: null };
  }
}

@CommandHandler(RefuseOrganizationVerificationCommand)
export class RefuseOrganizationVerificationHandler implements ICommandHandler<RefuseOrganizationVerificationCommand> {
  constructor(
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(AccountEmailsService) private readonly emails: AccountEmailsService,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ ctx, reason }: RefuseOrganizationVerificationCommand): Promise<VerificationAnswer> {
    const link = `${this.config.PUBLIC_URL.replace(/\/+$/, '')}/odeme`;
    const trimmed = reason.trim();
    await decideAndMail(
      this.executor,
      this.emails,
      ctx,
      {
        type: 'RefuseVerification',
        reviewedByUserId: ctx.userId!,
        reason: trimmed,
        now: ctx.now.toISOString(),
      },
      (owner) => organizationRefusedMail({ ...owner, reason: trimmed, link }),
    );
    return { success: true, verificationStatus: 'refused', verificationReason: trimmed };
  }
}
