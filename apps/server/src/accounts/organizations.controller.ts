import { Body, Controller, Get, HttpCode, Inject, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  DomainError,
  ROLES,
  editOrganizationSchema,
  emptyBodySchema,
  inviteUserSchema,
  updateOrganizationUserSchema,
  removeOrganizationUserSchema,
} from '@okul/domain';
import { MinRole, SkipOrgGating } from '../auth/decorators';
import { CommandExecutor } from '../infra/command-executor';
import { audited } from '../infra/audited';
import { parseBody } from '../infra/http/parse';
import { commandContext, type AppRequest } from '../infra/http/request-context';
import { InvitationsService } from './invitations.service';
import {
  ActivateOrganizationCommand,
  DeactivateOrganizationCommand,
  RemoveOrganizationUserCommand,
  RenameOrganizationCommand,
  UpdateOrganizationUserCommand,
} from './organizations.commands';
import { OrganizationsQueries } from './organizations.queries';
import { ApiAnswer, ApiBody, ApiErrors } from '../infra/http/api-doc';
import { organizationUserSchema, successAnswerSchema } from '@okul/domain';
import { z } from 'zod';

/** api.md 7.3, the Organisation row: name, access toggles, users and invitations. */
@Controller('api/v1/orgs/:orgID')
export class OrganizationsController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(OrganizationsQueries) private readonly queries: OrganizationsQueries,
    @Inject(InvitationsService) private readonly invitations: InvitationsService,
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
  ) {}

  @ApiBody(editOrganizationSchema)
  @ApiAnswer(successAnswerSchema.extend({ name: z.string() }))
  @Post('editOrganization')
  @HttpCode(200)
  @MinRole(ROLES.schoolAdmin)
  async editOrganization(@Req() req: AppRequest, @Body() body: unknown) {
    const ctx = commandContext(req);
    return audited(this.executor, ctx, 'edit_organization', async () => {
      const { name } = parseBody(editOrganizationSchema, body);
      return { success: true, ...(await this.commands.execute(new RenameOrganizationCommand(ctx, name))) };
    });
  }

  /** product.md 6: toggling organisation access is the developer's; it works on a closed or unpaid organisation. */
  @ApiBody(emptyBodySchema)
  @ApiAnswer(successAnswerSchema.extend({ deactivated: z.boolean() }))
  @ApiErrors('org.notFound')
  @Post('deactivateOrganization')
  @HttpCode(200)
  @MinRole(ROLES.developer)
  @SkipOrgGating()
  async deactivateOrganization(@Req() req: AppRequest, @Body() body: unknown) {
    const ctx = commandContext(req);
    return audited(this.executor, ctx, 'deactivate_organization', async () => {
      parseBody(emptyBodySchema, body);
      return { success: true, ...(await this.commands.execute(new DeactivateOrganizationCommand(ctx))) };
    });
  }

  @ApiBody(emptyBodySchema)
  @ApiAnswer(successAnswerSchema.extend({ deactivated: z.boolean() }))
  @ApiErrors('org.notFound')
  @Post('activateOrganization')
  @HttpCode(200)
  @MinRole(ROLES.developer)
  @SkipOrgGating()
  async activateOrganization(@Req() req: AppRequest, @Body() body: unknown) {
    const ctx = commandContext(req);
    return audited(this.executor, ctx, 'activate_organization', async () => {
      parseBody(emptyBodySchema, body);
      return { success: true, ...(await this.commands.execute(new ActivateOrganizationCommand(ctx))) };
    });
  }

  /** product.md 6: loading the organisation's users list requires school-staff. */
  @ApiAnswer(z.array(organizationUserSchema))
  @Get('getOrganizationUsers')
  @MinRole(ROLES.schoolStaff)
  getOrganizationUsers(@Req() req: AppRequest) {
    return this.queries.users(req.org!.id);
  }

  @ApiBody(updateOrganizationUserSchema)
  @ApiAnswer(successAnswerSchema)
  @ApiErrors('org.userNotMember', 'org.ownerFixed', 'org.roleNotAssignable')
  @Post('updateOrganizationUser')
  @HttpCode(200)
  @MinRole(ROLES.schoolAdmin)
  async updateOrganizationUser(@Req() req: AppRequest, @Body() body: unknown) {
    const ctx = commandContext(req);
    return audited(this.executor, ctx, 'update_org_user', async () => {
      const input = parseBody(updateOrganizationUserSchema, body);
      await this.commands.execute(new UpdateOrganizationUserCommand(ctx, input));
      return { success: true };
    });
  }

  @ApiBody(removeOrganizationUserSchema)
  @ApiAnswer(successAnswerSchema)
  @ApiErrors('org.userNotMember', 'org.ownerNotRemovable')
  @Post('removeOrganizationUser')
  @HttpCode(200)
  @MinRole(ROLES.schoolAdmin)
  async removeOrganizationUser(@Req() req: AppRequest, @Body() body: unknown) {
    const ctx = commandContext(req);
    return audited(this.executor, ctx, 'delete_user', async () => {
      const { userId } = parseBody(removeOrganizationUserSchema, body);
      await this.commands.execute(new RemoveOrganizationUserCommand(ctx, userId));
      return { success: true };
    });
  }

  @ApiBody(inviteUserSchema)
  @ApiAnswer(successAnswerSchema.loose())
  @ApiErrors(
    'org.idMismatch',
    'org.alreadyMember',
    'invitation.alreadyPending',
    'invitation.accountExists',
    'org.roleNotAssignable',
  )
  @Post('inviteUser')
  @HttpCode(200)
  @MinRole(ROLES.schoolAdmin)
  async inviteUser(@Req() req: AppRequest, @Body() body: unknown) {
    const ctx = commandContext(req);
    const email = (body as { email?: unknown } | null)?.email;
    return audited(
      this.executor,
      ctx,
      'invite_user',
      async () => {
        const input = parseBody(inviteUserSchema, body);
        if (input.orgId.toLowerCase() !== req.org!.id.toLowerCase()) throw new DomainError('org.idMismatch');
        const r = await this.invitations.invite(ctx, req.principal!, req.org!.id, input);
        return { success: true, ...r };
      },
      { email: typeof email === 'string' ? email.slice(0, 100) : null },
    );
  }
}
