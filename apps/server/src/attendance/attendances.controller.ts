import { Body, Controller, Get, HttpCode, Inject, Post, Query, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ROLES, addAttendanceSchema, attendanceIdSchema, editAttendanceSchema } from '@okul/domain';
import type { Response } from 'express';
import { MinRole } from '../auth/decorators';
import { audited } from '../infra/audited';
import { CommandExecutor } from '../infra/command-executor';
import { parseBody } from '../infra/http/parse';
import { commandContext, newEntityId, type AppRequest } from '../infra/http/request-context';
import { ReadCache, sendCached } from '../infra/read-model/read-cache';
import { AddAttendanceCommand, DeleteAttendanceCommand, EditAttendanceCommand } from './attendance.commands';
import { AttendancesQueries, getAttendancesQuerySchema } from './attendances.queries';
import { ApiAnswer, ApiBody, ApiErrors, ApiQuery } from '../infra/http/api-doc';
import { attendanceWrittenSchema, attendancesPageSchema, idAnswerSchema } from '@okul/domain';

/** api.md 7.3 Attendance: instructor level (product.md 2 routes /giris/yoklama*). */
@Controller('api/v1/orgs/:orgID')
export class AttendancesController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(AttendancesQueries) private readonly queries: AttendancesQueries,
    @Inject(ReadCache) private readonly cache: ReadCache,
  ) {}

  @ApiQuery(getAttendancesQuerySchema)
  @ApiAnswer(attendancesPageSchema)
  @Get('getAttendances')
  @MinRole(ROLES.schoolInstructor)
  async getAttendances(@Req() req: AppRequest, @Query() query: unknown, @Res() res: Response) {
    const org = req.org!.id;
    const q = await this.queries.filter(
      org,
      req.principal!.userId,
      parseBody(getAttendancesQuerySchema, query),
    );
    // A page of a large institution's list, searched as the user types: kept while the read models it is
    // built from stay as they were (no time limit: nothing in a page changes with the clock).
    const answer = await this.cache.get(
      `getAttendances|${org}|${JSON.stringify(q)}`,
      org,
      ['attendances', 'students', 'courses', 'employees', 'accounts'],
      new Date(),
      async () => ({ text: await this.queries.pageJson(org, q), validUntil: Number.POSITIVE_INFINITY }),
    );
    await sendCached(req, res, answer);
  }

  @ApiBody(addAttendanceSchema)
  @ApiAnswer(attendanceWrittenSchema)
  @ApiErrors('course.notFound', 'attendance.noEnrollment', 'attendance.alreadyExists')
  @Post('addAttendance')
  @HttpCode(200)
  @MinRole(ROLES.schoolInstructor)
  addAttendance(@Req() req: AppRequest, @Body() body: unknown) {
    const ctx = commandContext(req);
    return audited(this.executor, ctx, 'add_attendance', () =>
      this.commands.execute(
        new AddAttendanceCommand(ctx, newEntityId(ctx, 'attendance'), parseBody(addAttendanceSchema, body)),
      ),
    );
  }

  @ApiBody(editAttendanceSchema)
  @ApiAnswer(idAnswerSchema)
  @ApiErrors('attendance.notFound', 'attendance.courseFixed', 'attendance.noEnrollment')
  @Post('editAttendance')
  @HttpCode(200)
  @MinRole(ROLES.schoolInstructor)
  editAttendance(@Req() req: AppRequest, @Body() body: unknown) {
    const ctx = commandContext(req);
    return audited(this.executor, ctx, 'edit_attendance', () =>
      this.commands.execute(new EditAttendanceCommand(ctx, parseBody(editAttendanceSchema, body))),
    );
  }

  @ApiBody(attendanceIdSchema)
  @ApiAnswer(idAnswerSchema)
  @ApiErrors('attendance.notFound')
  @Post('deleteAttendance')
  @HttpCode(200)
  @MinRole(ROLES.schoolInstructor)
  deleteAttendance(@Req() req: AppRequest, @Body() body: unknown) {
    const ctx = commandContext(req);
    return audited(this.executor, ctx, 'delete_attendance', () =>
      this.commands.execute(new DeleteAttendanceCommand(ctx, parseBody(attendanceIdSchema, body).id)),
    );
  }
}
