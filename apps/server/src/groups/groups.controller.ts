import { Body, Controller, Get, HttpCode, Inject, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  ROLES,
  classIdSchema,
  classesAnswerSchema,
  createClassSchema,
  idAnswerSchema,
  editClassMembersSchema,
  editClassSchema,
} from '@okul/domain';
import { readClasses, type Db } from '@okul/projections';
import { MinRole } from '../auth/decorators';
import { ApiAnswer, ApiBody, ApiErrors } from '../infra/http/api-doc';
import { audited } from '../infra/audited';
import { CommandExecutor } from '../infra/command-executor';
import { parseBody } from '../infra/http/parse';
import { commandContext, newEntityId, type AppRequest } from '../infra/http/request-context';
import { DB } from '../infra/tokens';
import {
  CreateClassCommand,
  DeleteClassCommand,
  EditClassCommand,
  EditClassMembersCommand,
} from './groups.commands';

/**
 * api.md 7.3 Classes (groups). product.md 6: loading the classes requires school-staff; the Groups page
 * (/giris/gruplar) and its writes are school-admin.
 */
@Controller('api/v1/orgs/:orgID')
export class GroupsController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(DB) private readonly db: Db,
  ) {}

  @ApiAnswer(classesAnswerSchema)
  @Get('getClasses')
  @MinRole(ROLES.schoolStaff)
  getClasses(@Req() req: AppRequest) {
    return readClasses(this.db, req.org!.id);
  }

  @ApiBody(createClassSchema)
  @ApiAnswer(idAnswerSchema)
  @ApiErrors('course.notFound', 'class.invalidFields', 'class.courseRequired')
  @Post('createClass')
  @HttpCode(200)
  @MinRole(ROLES.schoolAdmin)
  createClass(@Req() req: AppRequest, @Body() body: unknown) {
    const ctx = commandContext(req);
    return audited(this.executor, ctx, 'create_class', () =>
      this.commands.execute(
        new CreateClassCommand(ctx, newEntityId(ctx, 'class'), parseBody(createClassSchema, body)),
      ),
    );
  }

  @ApiBody(editClassSchema)
  @ApiAnswer(idAnswerSchema)
  @ApiErrors('class.notFound', 'class.courseFixed', 'class.invalidFields')
  @Post('editClass')
  @HttpCode(200)
  @MinRole(ROLES.schoolAdmin)
  editClass(@Req() req: AppRequest, @Body() body: unknown) {
    const ctx = commandContext(req);
    return audited(this.executor, ctx, 'edit_class', () =>
      this.commands.execute(new EditClassCommand(ctx, parseBody(editClassSchema, body))),
    );
  }

  @ApiBody(editClassMembersSchema)
  @ApiAnswer(idAnswerSchema)
  @ApiErrors('class.notFound', 'class.notEnrolled', 'class.tooManyMembers')
  @Post('editClassMembers')
  @HttpCode(200)
  @MinRole(ROLES.schoolAdmin)
  editClassMembers(@Req() req: AppRequest, @Body() body: unknown) {
    const ctx = commandContext(req);
    return audited(this.executor, ctx, 'edit_class_members', () =>
      this.commands.execute(new EditClassMembersCommand(ctx, parseBody(editClassMembersSchema, body))),
    );
  }

  @ApiBody(classIdSchema)
  @ApiAnswer(idAnswerSchema)
  @ApiErrors('class.notFound')
  @Post('deleteClass')
  @HttpCode(200)
  @MinRole(ROLES.schoolAdmin)
  deleteClass(@Req() req: AppRequest, @Body() body: unknown) {
    const ctx = commandContext(req);
    return audited(this.executor, ctx, 'delete_class', () =>
      this.commands.execute(new DeleteClassCommand(ctx, parseBody(classIdSchema, body).id)),
    );
  }
}
