import { Body, Controller, Get, HttpCode, Inject, Post, Query, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ROLES, addEnrollmentSchema, editEnrollmentSchema, endEnrollmentSchema } from '@okul/domain';
import type { Response } from 'express';
import { MinRole } from '../auth/decorators';
import { audited } from '../infra/audited';
import { CommandExecutor } from '../infra/command-executor';
import { parseBody } from '../infra/http/parse';
import { commandContext, newEntityId, type AppRequest } from '../infra/http/request-context';
import { sendJsonText } from '../infra/read-model/sql-json';
import { AddEnrollmentCommand, EditEnrollmentCommand, EndEnrollmentCommand } from './enrollment.commands';
import { EnrollmentsQueries, getEnrollmentsQuerySchema } from './enrollments.queries';
import { ApiAnswer, ApiBody, ApiErrors, ApiQuery } from '../infra/http/api-doc';
import { enrollmentsAnswerSchema, idAnswerSchema } from '@okul/domain';

/** api.md 7.3 Enrolments (school-admin, product.md 6). */
@Controller('api/v1/orgs/:orgID')
export class EnrollmentsController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(EnrollmentsQueries) private readonly queries: EnrollmentsQueries,
  ) {}

  @ApiQuery(getEnrollmentsQuerySchema)
  @ApiAnswer(enrollmentsAnswerSchema)
  @Get('getEnrollments')
  @MinRole(ROLES.schoolAdmin)
  async getEnrollments(@Req() req: AppRequest, @Query() query: unknown, @Res() res: Response) {
    const q = parseBody(getEnrollmentsQuerySchema, query);
    sendJsonText(res, await this.queries.listJson(req.org!.id, new Date(), q));
  }

  @ApiBody(addEnrollmentSchema)
  @ApiAnswer(idAnswerSchema)
  @ApiErrors(
    'course.notFound',
    'student.notFound',
    'student.deleted',
    'enrollment.courseActive',
    'enrollment.alreadyExists',
    'enrollment.discountInvalid',
  )
  @Post('addEnrollment')
  @HttpCode(200)
  @MinRole(ROLES.schoolAdmin)
  addEnrollment(@Req() req: AppRequest, @Body() body: unknown) {
    const ctx = commandContext(req);
    return audited(this.executor, ctx, 'add_enrollment', () =>
      this.commands.execute(
        new AddEnrollmentCommand(ctx, newEntityId(ctx, 'enrollment'), parseBody(addEnrollmentSchema, body)),
      ),
    );
  }

  @ApiBody(editEnrollmentSchema)
  @ApiAnswer(idAnswerSchema)
  @ApiErrors('enrollment.notFound', 'enrollment.updateRefused', 'enrollment.discountInvalid')
  @Post('editEnrollment')
  @HttpCode(200)
  @MinRole(ROLES.schoolAdmin)
  editEnrollment(@Req() req: AppRequest, @Body() body: unknown) {
    const ctx = commandContext(req);
    return audited(this.executor, ctx, 'edit_enrollment', () =>
      this.commands.execute(new EditEnrollmentCommand(ctx, parseBody(editEnrollmentSchema, body))),
    );
  }

  @ApiBody(endEnrollmentSchema)
  @ApiAnswer(idAnswerSchema)
  @ApiErrors('enrollment.notFound', 'enrollment.alreadyEnded')
  @Post('endEnrollment')
  @HttpCode(200)
  @MinRole(ROLES.schoolAdmin)
  endEnrollment(@Req() req: AppRequest, @Body() body: unknown) {
    const ctx = commandContext(req);
    return audited(this.executor, ctx, 'end_enrollment', () =>
      this.commands.execute(new EndEnrollmentCommand(ctx, parseBody(endEnrollmentSchema, body).id)),
    );
  }
}
