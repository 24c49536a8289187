import { Body, Controller, Get, HttpCode, Inject, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ROLES, idAnswerSchema, invitationIdSchema, pendingInvitationSchema } from '@okul/domain';
import { readPendingInvitations, type Db } from '@okul/projections';
import { z } from 'zod';
import { MinRole } from '../auth/decorators';
import { audited } from '../infra/audited';
import { CommandExecutor } from '../infra/command-executor';
import { ApiAnswer, ApiBody, ApiErrors } from '../infra/http/api-doc';
import { parseBody } from '../infra/http/parse';
import { commandContext, type AppRequest } from '../infra/http/request-context';
import { DB } from '../infra/tokens';
import { ResendInvitationCommand, RevokeInvitationCommand } from './invitation.commands';

/**
 * Ours: the pending invitations of Kullanıcılar, sent again or revoked. Whoever may invite (product.md 6:
 * school-admin invites users) sees and manages them.
 */
@Controller('api/v1/orgs/:orgID')
export class PendingInvitationsController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(DB) private readonly db: Db,
  ) {}

  @ApiAnswer(z.array(pendingInvitationSchema))
  @Get('getPendingInvitations')
  @MinRole(ROLES.schoolAdmin)
  getPendingInvitations(@Req() req: AppRequest) {
    return readPendingInvitations(this.db, req.org!.id);
  }

  @ApiBody(invitationIdSchema)
  @ApiAnswer(idAnswerSchema.extend({ expiresAt: z.string() }))
  @ApiErrors(
    'invitation.notFound',
    'invitation.alreadyAnswered',
    'invitation.alreadyRevoked',
    'invitation.inboxNotResendable',
    'mail.sendFailed',
  )
  @Post('resendInvitation')
  @HttpCode(200)
  @MinRole(ROLES.schoolAdmin)
  resendInvitation(@Req() req: AppRequest, @Body() body: unknown) {
    const ctx = commandContext(req);
    return audited(this.executor, ctx, 'resend_invitation', () =>
      this.commands.execute(
        new ResendInvitationCommand(ctx, parseBody(invitationIdSchema, body).invitationId.toLowerCase()),
      ),
    );
  }

  @ApiBody(invitationIdSchema)
  @ApiAnswer(idAnswerSchema)
  @ApiErrors(
    'invitation.notFound',
    'invitation.acceptedNotRevocable',
    'invitation.alreadyAnswered',
    'invitation.alreadyRevoked',
  )
  @Post('revokeInvitation')
  @HttpCode(200)
  @MinRole(ROLES.schoolAdmin)
  revokeInvitation(@Req() req: AppRequest, @Body() body: unknown) {
    const ctx = commandContext(req);
    return audited(this.executor, ctx, 'revoke_invitation', () =>
      this.commands.execute(
        new RevokeInvitationCommand(ctx, parseBody(invitationIdSchema, body).invitationId.toLowerCase()),
      ),
    );
  }
}
