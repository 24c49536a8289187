import { Inject, Injectable } from '@nestjs/common';
import {
  DomainError,
  organizationDecider,
  organizationStream,
  userDecider,
  userStream,
  type OrganizationCommand,
} from '@okul/domain';
import { readMemberElsewhere, readOrgMembers, type Db } from '@okul/projections';
import {
  CommandExecutor,
  decideOn,
  type CommandContext,
  type StreamDecision,
} from '../infra/command-executor';
import { CROSS_ORG_DB, DB } from '../infra/tokens';

/** editOrganization, (de)activateOrganization, getOrganizationUsers, updateOrganizationUser (api.md 7.3). */
@Injectable()
export class OrganizationsService {
  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(CROSS_ORG_DB) private readonly crossOrgDb: Db,
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
  ) {}

  async decide(ctx: CommandContext, organizationId: string, command: OrganizationCommand): Promise<void> {
    await this.executor.execute(ctx, organizationStream(organizationId), organizationDecider, command);
  }

  /** product.md 3 users list entry: user and orgRoleId; active members, owner first. */
  async users(organizationId: string) {
    const rows = await readOrgMembers(this.db, organizationId);
    return rows.map((u) => ({
      user: {
        id: u.id,
        name: u.name,
        surname: u.surname,
        displayName: [u.name, u.surname].filter(Boolean).join(' '),
        email: u.email,
        isEmailVerified: u.is_email_verified,
        createdAt: new Date(u.created_at).toISOString(),
      },
      orgRoleId: u.org_role_id,
      isActive: u.is_active,
      addedAt: new Date(u.added_at).toISOString(),
    }));
  }

  /**
   * api.md 7.3 updateOrganizationUser {userId, name, orgRoleId}: the role among the assignable ones, the
   * school-owner's role fixed (product.md 6); the name is the member's user name, changed by the admin.
   */
  async updateUser(
    ctx: CommandContext,
    organizationId: string,
    input: { userId: string; name?: string; orgRoleId: number },
  ): Promise<void> {
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
  }

  /**
   * Ends a membership. The guard reads the membership on every call, so the removed user's sessions lose
   * this organisation with the next request; their other organisations stay.
   */
  async removeUser(ctx: CommandContext, organizationId: string, userId: string): Promise<void> {
    await this.executor.executeMany(ctx, async () => {
      const [org, user] = await Promise.all([
        this.executor.load(organizationStream(organizationId), organizationDecider),
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
  }
}
