import { Body, Controller, HttpCode, Inject, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ROLES, importStudentsAnswerSchema, importStudentsSchema } from '@okul/domain';
import { MinRole } from '../auth/decorators';
import { audited } from '../infra/audited';
import { CommandExecutor } from '../infra/command-executor';
import { ApiAnswer, ApiBody, ApiErrors } from '../infra/http/api-doc';
import { parseBody } from '../infra/http/parse';
import { commandContext, newEntityId, type AppRequest } from '../infra/http/request-context';
import { ImportStudentsCommand } from './student-import.commands';

/**
 * Import of an existing student list (ours, beyond api.md): the client reads the CSV or Excel file, maps its
 * columns and sends the rows in chunks; each row is answered created, existing (imported before) or refused
 * with the form's message.
 */
@Controller('api/v1/orgs/:orgID')
export class StudentImportController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
  ) {}

  @ApiBody(importStudentsSchema)
  @ApiAnswer(importStudentsAnswerSchema, 'One outcome per row: created, existing or refused with its reason')
  @ApiErrors('studentImport.noRows', 'studentImport.tooManyRows', 'common.conflict')
  @Post('importStudents')
  @HttpCode(200)
  @MinRole(ROLES.schoolAdmin)
  importStudents(@Req() req: AppRequest, @Body() body: unknown) {
    const ctx = commandContext(req);
    return audited(this.executor, ctx, 'import_students', () =>
      this.commands.execute(
        new ImportStudentsCommand(
          ctx,
          newEntityId(ctx, 'student-import'),
          parseBody(importStudentsSchema, body),
        ),
      ),
    );
  }
}
