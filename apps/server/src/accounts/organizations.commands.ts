import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  DomainError,
  organizationDecider,
  organizationStream,
  updateOrganizationUserSchema,
  userDecider,
  userStream,
} from '@okul/domain';
import { readMemberElsewhere, type Db } from '@okul/projections';
import type { z } from 'zod';
import {
  CommandExecutor,
  decideOn,
  type CommandContext,
  type StreamDecision,
} from '../infra/command-executor';
import { CROSS_ORG_DB } from '../infra/tokens';

/** api.md 7.3 editOrganization {name}: the organisation of the route is renamed. */
export class RenameOrganizationCommand extends Command<{ name: string }> {
  constructor(
    readonly ctx: CommandContext,
    readonly name: string,
  ) {
    super();
  }
}

export class DeactivateOrganizationCommand extends Command<{ deactivated: boolean }> {
  constructor(readonly ctx: CommandContext) {
    super();
  }
}

export class ActivateOrganizationCommand extends Command<{ deactivated: boolean }> {
  constructor(readonly ctx: CommandContext) {
    super();
  }
}

export class UpdateOrganizationUserCommand extends Command<{ userId: string }> {
  constructor(
    readonly ctx: CommandContext,
    readonly input: z.infer<typeof updateOrganizationUserSchema>,
  ) {
    super();
  }
}

export class RemoveOrganizationUserCommand extends Command<{ userId: string }> {
  constructor(
    readonly ctx: CommandContext,
    readonly userId: string,
  ) {
    super();
  }
}

@CommandHandler(RenameOrganizationCommand)
export class RenameOrganizationHandler implements ICommandHandler<RenameOrganizationCommand> {
  constructor(@Inject(CommandExecutor) private readonly executor: CommandExecutor) {}

  async execute({ ctx, name }: RenameOrganizationCommand) {
    await this.executor.execute(ctx, organizationStream(ctx.organizationId!), organizationDecider, {
      type: 'RenameOrganization',
      name,
      now: ctx.now.toISOString(),
    });
    return { name };
  }
}

/** product.md 6: toggling organisation access is the developer's; it works on a closed or unpaid organisation. */
@CommandHandler(DeactivateOrganizationCommand)
export class DeactivateOrganizationHandler implements ICommandHandler<DeactivateOrganizationCommand> {
  constructor(@Inject(CommandExecutor) private readonly executor: CommandExecutor) {}

  async execute({ ctx }: DeactivateOrganizationCommand) {
    await this.executor.execute(ctx, organizationStream(ctx.organizationId!), organizationDecider, {
      type: 'DeactivateOrganization',
      now: ctx.now.toISOString(),
    });
    return { deactivated: true };
  }
}

@CommandHandler(ActivateOrganizationCommand)
export class ActivateOrganizationHandler implements ICommandHandler<ActivateOrganizationCommand> {
  constructor(@Inject(CommandExecutor) private readonly executor: CommandExecutor) {}

  async execute({ ctx }: ActivateOrganizationCommand) {
    await this.executor.execute(ctx, organizationStream(ctx.organizationId!), organizationDecider, {
      type: 'ActivateOrganization',
      now: ctx.now.toISOString(),
    });
    return { deactivated: false };
  }
}

/**
 * api.md 7.3 updateOrganizationUser {userId, name, orgRoleId}: the role among the assignable ones, the
 * school-owner's role fixed (product.md 6); the name is the member's user name, changed by the admin.
 */
@CommandHandler(UpdateOrganizationUserCommand)
export class UpdateOrganizationUserHandler implements ICommandHandler<UpdateOrganizationUserCommand> {
  constructor(
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(CROSS_ORG_DB) private readonly crossOrgDb: Db,
  ) {}

  async execute({ ctx, input }: UpdateOrganizationUserCommand) {
    const organizationId = ctx.organizationId!;
    const now = ctx.now.toISOString();
    await this.executor.executeMany(ctx, async () => {
      const org = await this.executor.load(organizationStream(organizationId), organizationDecider);
      const decisions: StreamDecision[] = [
        decideOn(org, organizationDecider, {
          type: 'ChangeMemberRole',
          userId: input.userId,
          orgRoleId: input.orgRoleId,
          now,
        }),
      ];
      if (input.name !== undefined) {
        const user = await this.executor.load(userStream(input.userId), userDecider);
        if (user.state.status === 'none') throw new DomainError('org.userNotMember');
        // Whether the user is a member of any other organisation (none of which the caller may read).
        const elsewhere = await readMemberElsewhere(this.crossOrgDb, input.userId, organizationId);
        decisions.push(
          decideOn(user, userDecider, {
            type: 'RenameUser',
            name: input.name,
            changedByUserId: ctx.userId ?? '',
            memberElsewhere: elsewhere,
            now,
          }),
        );
      }
      return decisions;
    });
    return { userId: input.userId };
  }
}

/**
 * Ends a membership. The guard reads the membership on every call, so the removed user's sessions lose
 * this organisation with the next request; their other organisations stay.
 */
@CommandHandler(RemoveOrganizationUserCommand)
export class RemoveOrganizationUserHandler implements ICommandHandler<RemoveOrganizationUserCommand> {
  constructor(@Inject(CommandExecutor) private readonly executor: CommandExecutor) {}

  async execute({ ctx, userId }: RemoveOrganizationUserCommand) {
    await this.executor.executeMany(ctx, async () => {
      const [org, user] = await Promise.all([
        this.executor.load(organizationStream(ctx.organizationId!), organizationDecider),
        this.executor.load(userStream(userId), userDecider),
      ]);
      if (user.state.status === 'none') throw new DomainError('org.userNotMember');
      return [
        decideOn(org, organizationDecider, {
          type: 'RemoveMember',
          userId,
          name: user.state.name,
          email: user.state.email,
          now: ctx.now.toISOString(),
        }),
      ];
    });
    return { userId };
  }
}
