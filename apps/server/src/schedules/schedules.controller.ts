import { Body, Controller, Get, HttpCode, Inject, Post, Query, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  ROLES,
  addScheduleSchema,
  idAnswerSchema,
  occurrencesAnswerSchema,
  removeScheduleClassSchema,
  removeScheduleStudentSchema,
  scheduleIdSchema,
  schedulesAnswerSchema,
  scheduleUpdatedAnswerSchema,
  updateScheduleDetailsSchema,
  updateScheduleMembersSchema,
} from '@okul/domain';
import { readOccurrences, readSchedules, type Db } from '@okul/projections';
import { MinRole } from '../auth/decorators';
import { ApiAnswer, ApiBody, ApiErrors, ApiQuery } from '../infra/http/api-doc';
import { audited } from '../infra/audited';
import { CommandExecutor } from '../infra/command-executor';
import { parseBody } from '../infra/http/parse';
import { commandContext, newEntityId, type AppRequest } from '../infra/http/request-context';
import { DB } from '../infra/tokens';
import {
  AddScheduleCommand,
  DeleteScheduleCommand,
  RemoveScheduleClassCommand,
  RemoveScheduleStudentCommand,
  UpdateScheduleDetailsCommand,
  UpdateScheduleMembersCommand,
} from './schedules.commands';
import { getOccurrencesQuerySchema, getSchedulesQuerySchema } from './schedules.queries';

/**
 * api.md 7.3 Schedules. The Programlar page and the writes are school-admin (product.md 2); the lessons are
 * read by instructors too, for Ana Sayfa and "Yoklama al" (docs/DECISIONS.md).
 */
@Controller('api/v1/orgs/:orgID')
export class SchedulesController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(DB) private readonly db: Db,
  ) {}

  @ApiQuery(getSchedulesQuerySchema)
  @ApiAnswer(schedulesAnswerSchema)
  @Get('getSchedules')
  @MinRole(ROLES.schoolInstructor)
  getSchedules(@Req() req: AppRequest, @Query() query: unknown) {
    return readSchedules(this.db, req.org!.id, parseBody(getSchedulesQuerySchema, query));
  }

  @ApiQuery(getOccurrencesQuerySchema)
  @ApiAnswer(occurrencesAnswerSchema)
  @Get('getScheduleOccurrences')
  @MinRole(ROLES.schoolInstructor)
  getScheduleOccurrences(@Req() req: AppRequest, @Query() query: unknown) {
    const { members, ...q } = parseBody(getOccurrencesQuerySchema, query);
    return readOccurrences(this.db, req.org!.id, { ...q, members: members === '1' });
  }

  @ApiBody(addScheduleSchema)
  @ApiAnswer(idAnswerSchema)
  @ApiErrors(
    'course.notFound',
    'schedule.courseRequired',
    'schedule.studentsNotEnrolled',
    'schedule.classesInvalid',
  )
  @Post('addSchedule')
  @HttpCode(200)
  @MinRole(ROLES.schoolAdmin)
  addSchedule(@Req() req: AppRequest, @Body() body: unknown) {
    const ctx = commandContext(req);
    return audited(this.executor, ctx, 'add_schedule', () =>
      this.commands.execute(
        new AddScheduleCommand(ctx, newEntityId(ctx, 'schedule'), parseBody(addScheduleSchema, body)),
      ),
    );
  }

  @ApiBody(updateScheduleDetailsSchema)
  @ApiAnswer(scheduleUpdatedAnswerSchema)
  @ApiErrors('schedule.notFound', 'course.notFound', 'schedule.periodMissing')
  @Post('updateScheduleDetails')
  @HttpCode(200)
  @MinRole(ROLES.schoolAdmin)
  updateScheduleDetails(@Req() req: AppRequest, @Body() body: unknown) {
    const ctx = commandContext(req);
    return audited(this.executor, ctx, 'update_schedule_details', () =>
      this.commands.execute(
        new UpdateScheduleDetailsCommand(ctx, parseBody(updateScheduleDetailsSchema, body)),
      ),
    );
  }

  @ApiBody(updateScheduleMembersSchema)
  @ApiAnswer(idAnswerSchema)
  @ApiErrors('schedule.notFound', 'schedule.studentsNotEnrolled', 'schedule.classesInvalid')
  @Post('updateScheduleMembers')
  @HttpCode(200)
  @MinRole(ROLES.schoolAdmin)
  updateScheduleMembers(@Req() req: AppRequest, @Body() body: unknown) {
    const ctx = commandContext(req);
    return audited(this.executor, ctx, 'update_schedule_members', () => {
      const { scheduleId, ...members } = parseBody(updateScheduleMembersSchema, body);
      return this.commands.execute(new UpdateScheduleMembersCommand(ctx, scheduleId, members));
    });
  }

  @ApiBody(removeScheduleStudentSchema)
  @ApiAnswer(idAnswerSchema)
  @ApiErrors('schedule.notFound', 'schedule.studentRemoveFailed')
  @Post('removeScheduleStudent')
  @HttpCode(200)
  @MinRole(ROLES.schoolAdmin)
  removeScheduleStudent(@Req() req: AppRequest, @Body() body: unknown) {
    const ctx = commandContext(req);
    return audited(this.executor, ctx, 'remove_schedule_student', () => {
      const { scheduleID, studentID } = parseBody(removeScheduleStudentSchema, body);
      return this.commands.execute(new RemoveScheduleStudentCommand(ctx, scheduleID, studentID));
    });
  }

  @ApiBody(removeScheduleClassSchema)
  @ApiAnswer(idAnswerSchema)
  @ApiErrors('schedule.notFound', 'schedule.classRemoveFailed')
  @Post('removeScheduleClass')
  @HttpCode(200)
  @MinRole(ROLES.schoolAdmin)
  removeScheduleClass(@Req() req: AppRequest, @Body() body: unknown) {
    const ctx = commandContext(req);
    return audited(this.executor, ctx, 'remove_schedule_class', () => {
      const { scheduleID, classID } = parseBody(removeScheduleClassSchema, body);
      return this.commands.execute(new RemoveScheduleClassCommand(ctx, scheduleID, classID));
    });
  }

  @ApiBody(scheduleIdSchema)
  @ApiAnswer(idAnswerSchema)
  @ApiErrors('schedule.notFound')
  @Post('deleteSchedule')
  @HttpCode(200)
  @MinRole(ROLES.schoolAdmin)
  deleteSchedule(@Req() req: AppRequest, @Body() body: unknown) {
    const ctx = commandContext(req);
    return audited(this.executor, ctx, 'delete_schedule', () =>
      this.commands.execute(new DeleteScheduleCommand(ctx, parseBody(scheduleIdSchema, body).id)),
    );
  }
}
