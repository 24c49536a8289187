import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { CommandContext } from '../infra/command-executor';
import { newEntityId, type Principal } from '../infra/http/request-context';
import { InviteUserCommand, type InviteUserAnswer, type InviteUserInput } from './invitation.commands';

/**
 * The inviteUser route of organizations.controller.ts reaches InviteUserCommand through here; once that
 * route dispatches the command itself, this class goes.
 */
@Injectable()
export class InvitationsService {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  async invite(
    ctx: CommandContext,
    p: Principal,
    organizationId: string,
    input: InviteUserInput,
  ): Promise<Omit<InviteUserAnswer, 'success'>> {
    const octx = { ...ctx, organizationId };
    const { invitationId, delivery } = await this.commands.execute(
      new InviteUserCommand(octx, newEntityId(octx, 'invitation'), input, p.name),
    );
    return { invitationId, delivery };
  }
}
