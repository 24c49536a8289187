import { Body, Controller, Get, HttpCode, Inject, Post, Query, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  ROLES,
  addGradeSchema,
  editGradeSchema,
  gradeIdSchema,
  gradesAnswerSchema,
  idAnswerSchema,
  message,
} from '@okul/domain';
import { readGrades, type Db } from '@okul/projections';
import { z } from 'zod';
import { MinRole } from '../auth/decorators';
import { ApiAnswer, ApiBody, ApiErrors, ApiQuery } from '../infra/http/api-doc';
import { audited } from '../infra/audited';
import { CommandExecutor } from '../infra/command-executor';
import { parseBody } from '../infra/http/parse';
import { commandContext, newEntityId, type AppRequest } from '../infra/http/request-context';
import { DB } from '../infra/tokens';
import { AddGradeCommand, DeleteGradeCommand, EditGradeCommand } from './grades.commands';

const getGradesQuerySchema = z.strictObject({
  studentId: z.uuid({ error: message('grade.studentNotFound') }).optional(),
  classId: z.uuid({ error: message('class.notFound') }).optional(),
  courseId: z.uuid({ error: message('course.notFound') }).optional(),
});

/**
 * api.md 7.3 Grades. The student detail (school-instructor, product.md 2) shows and takes grades, so grades are
 * read and written from school-instructor up (docs/DECISIONS.md).
 */
@Controller('api/v1/orgs/:orgID')
export class GradesController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(DB) private readonly db: Db,
  ) {}

  @ApiQuery(getGradesQuerySchema)
  @ApiAnswer(gradesAnswerSchema)
  @Get('getGrades')
  @MinRole(ROLES.schoolInstructor)
  getGrades(@Req() req: AppRequest, @Query() query: unknown) {
    return readGrades(this.db, req.org!.id, parseBody(getGradesQuerySchema, query));
  }

  @ApiBody(addGradeSchema)
  @ApiAnswer(idAnswerSchema)
  @ApiErrors('grade.courseRequired', 'grade.classInvalid', 'grade.studentNotFound', 'course.notFound')
  @Post('addGrade')
  @HttpCode(200)
  @MinRole(ROLES.schoolInstructor)
  addGrade(@Req() req: AppRequest, @Body() body: unknown) {
    const ctx = commandContext(req);
    return audited(this.executor, ctx, 'add_grade', () =>
      this.commands.execute(
        new AddGradeCommand(ctx, newEntityId(ctx, 'grade'), parseBody(addGradeSchema, body)),
      ),
    );
  }

  @ApiBody(editGradeSchema)
  @ApiAnswer(idAnswerSchema)
  @ApiErrors('grade.notFound', 'grade.classInvalid')
  @Post('editGrade')
  @HttpCode(200)
  @MinRole(ROLES.schoolInstructor)
  editGrade(@Req() req: AppRequest, @Body() body: unknown) {
    const ctx = commandContext(req);
    return audited(this.executor, ctx, 'edit_grade', () =>
      this.commands.execute(new EditGradeCommand(ctx, parseBody(editGradeSchema, body))),
    );
  }

  @ApiBody(gradeIdSchema)
  @ApiAnswer(idAnswerSchema)
  @ApiErrors('grade.notFound')
  @Post('deleteGrade')
  @HttpCode(200)
  @MinRole(ROLES.schoolInstructor)
  deleteGrade(@Req() req: AppRequest, @Body() body: unknown) {
    const ctx = commandContext(req);
    return audited(this.executor, ctx, 'delete_grade', () =>
      this.commands.execute(new DeleteGradeCommand(ctx, parseBody(gradeIdSchema, body).id)),
    );
  }
}
