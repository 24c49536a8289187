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
  refuseOrganizationVerificationSchema,
} from '@okul/domain';
import { MinRole, SkipOrgGating } from '../auth/decorators';
import { CommandExecutor } from '../infra/command-executor';
import { audited } from '../infra/audited';
import { parseBody } from '../infra/http/parse';
import { commandContext, newEntityId, type AppRequest } from '../infra/http/request-context';
import { InviteUserCommand } from './invitation.commands';
import {
  ActivateOrganizationCommand,
  DeactivateOrganizationCommand,
  RemoveOrganizationUserCommand,
  RenameOrganizationCommand,
  UpdateOrganizationUserCommand,
} from './organizations.commands';
import { OrganizationsQueries } from './organizations.queries';
import {
  ApproveOrganizationVerificationCommand,
  RefuseOrganizationVerificationCommand,
} from './organization-verification.commands';
import { ApiAnswer, ApiBody, ApiErrors } from '../infra/http/api-doc';
import { organizationUserSchema, successAnswerSchema } from '@okul/domain';
import { z } from 'zod';

const verificationAnswerSchema = successAnswerSchema.extend({
  verificationStatus: z.enum(['approved', 'refused']),
  verificationReason: z.string().nullable(),
});

/** api.md 7.3, the Organisation row: name, access toggles, users and invitations. */
@Controller('api/v1/orgs/:orgID')
export class OrganizationsController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(OrganizationsQueries) private readonly queries: OrganizationsQueries,
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

  /**
   * product.md 4: a personal membership is verified by hand, by a developer (or the admin) from the
   * organisation picker. Like the access toggles it works on an organisation that is not paid yet.
   */
  @ApiBody(emptyBodySchema)
  @ApiAnswer(verificationAnswerSchema)
  @ApiErrors('org.notFound', 'org.verificationNotRequired')
  @Post('approveOrganizationVerification')
  @HttpCode(200)
  @MinRole(ROLES.developer)
  @SkipOrgGating()
  async approveOrganizationVerification(@Req() req: AppRequest, @Body() body: unknown) {
    const ctx = commandContext(req);
    return audited(this.executor, ctx, 'approve_organization_verification', async () => {
      parseBody(emptyBodySchema, body);
      return this.commands.execute(new ApproveOrganizationVerificationCommand(ctx));
    });
  }

  @ApiBody(refuseOrganizationVerificationSchema)
  @ApiAnswer(verificationAnswerSchema)
  @ApiErrors(
    'org.notFound',
    'org.verificationNotRequired',
    'org.verificationAlreadyApproved',
    'org.verificationReasonMissing',
  )
  @Post('refuseOrganizationVerification')
  @HttpCode(200)
  @MinRole(ROLES.developer)
  @SkipOrgGating()
  async refuseOrganizationVerification(@Req() req: AppRequest, @Body() body: unknown) {
    const ctx = commandContext(req);
    return audited(this.executor, ctx, 'refuse_organization_verification', async () => {
      const { reason } = parseBody(refuseOrganizationVerificationSchema, body);
      return this.commands.execute(new RefuseOrganizationVerificationCommand(ctx, reason));
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
        const octx = { ...ctx, organizationId: req.org!.id };
        const { invitationId, delivery } = await this.commands.execute(
          new InviteUserCommand(octx, newEntityId(octx, 'invitation'), input, req.principal!.name),
        );
        return { success: true, invitationId, delivery };
      },
      { email: typeof email === 'string' ? email.slice(0, 100) : null },
    );
  }
}
