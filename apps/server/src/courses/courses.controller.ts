import { Body, Controller, Get, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import type { Response } from 'express';
import { CommandBus, type Command } from '@nestjs/cqrs';
import { ROLES, addCourseSchema, hasRole, courseIdSchema, editCourseSchema } from '@okul/domain';
import { readCourses, readPublicCourses, type Db } from '@okul/projections';
import { MinRole, VisitorRead } from '../auth/decorators';
import { CommandExecutor, type CommandContext } from '../infra/command-executor';
import { audited } from '../infra/audited';
import { parseBody } from '../infra/http/parse';
import { commandContext, newEntityId, type AppRequest } from '../infra/http/request-context';
import { ReadCache, sendCached } from '../infra/read-model/read-cache';
import { DB } from '../infra/tokens';
import {
  AddCourseCommand,
  DeleteCourseCommand,
  EditCourseCommand,
  ResurrectCourseCommand,
} from './course.commands';
import { ApiAnswer, ApiBody, ApiErrors } from '../infra/http/api-doc';
import { coursesAnswerSchema, idAnswerSchema } from '@okul/domain';

/** Translates HTTP to course commands on the CommandBus and answers getCourses from the read model. */
@Controller('api/v1/orgs/:orgID')
export class CoursesController {
  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(ReadCache) private readonly cache: ReadCache,
  ) {}

  // product.md 3: courses sorted ascending by index. Deleted ones carry deletedAt (shown apart by the client).
  // product.md 3 Public data: signed-out visitors (and non-members) read active courses' public fields.
  @ApiAnswer(coursesAnswerSchema)
  @Get('getCourses')
  @VisitorRead()
  @MinRole(ROLES.schoolStudent)
  async getCourses(@Req() req: AppRequest, @Res() res: Response) {
    const organizationId = req.org!.id;
    const member = hasRole(req.org!.roleId, ROLES.schoolStudent);
    // Read on every screen of the panel: one answer per organisation (members' and visitors' apart) until
    // its next event; the courses read model does not change with the clock.
    const answer = await this.cache.get(
      `getCourses|${organizationId}|${member ? 'members' : 'visitors'}`,
      organizationId,
      ['courses'],
      new Date(),
      async () => {
        const courses = member
          ? await readCourses(this.db, organizationId)
          : await readPublicCourses(this.db, organizationId);
        return { text: JSON.stringify(courses), validUntil: Number.POSITIVE_INFINITY };
      },
    );
    await sendCached(req, res, answer);
  }

  /** Parse, dispatch; a refusal (validation included) is logged as `<action>_failed`. */
  private run<T>(req: AppRequest, action: string, build: (ctx: CommandContext) => Command<T>) {
    const ctx = commandContext(req);
    return audited(this.executor, ctx, action, () => this.commands.execute(build(ctx)));
  }

  @ApiBody(addCourseSchema)
  @ApiAnswer(idAnswerSchema)
  @ApiErrors('course.alreadyExists')
  @Post('addCourse')
  @HttpCode(200)
  @MinRole(ROLES.schoolAdmin)
  addCourse(@Req() req: AppRequest, @Body() body: unknown) {
    const ctx = commandContext(req);
    return audited(this.executor, ctx, 'add_course', () =>
      this.commands.execute(
        new AddCourseCommand(ctx, newEntityId(ctx, 'course'), parseBody(addCourseSchema, body)),
      ),
    );
  }

  @ApiBody(editCourseSchema)
  @ApiAnswer(idAnswerSchema)
  @ApiErrors('course.notFound')
  @Post('editCourse')
  @HttpCode(200)
  @MinRole(ROLES.schoolAdmin)
  editCourse(@Req() req: AppRequest, @Body() body: unknown) {
    return this.run(req, 'edit_course', (ctx) => {
      const { id, ...input } = parseBody(editCourseSchema, body);
      return new EditCourseCommand(ctx, {
        type: 'EditCourse',
        courseId: id,
        organizationId: ctx.organizationId!,
        input,
      });
    });
  }

  @ApiBody(courseIdSchema)
  @ApiAnswer(idAnswerSchema)
  @ApiErrors('course.notFound', 'course.alreadyDeleted')
  @Post('deleteCourse')
  @HttpCode(200)
  @MinRole(ROLES.schoolAdmin)
  deleteCourse(@Req() req: AppRequest, @Body() body: unknown) {
    return this.run(req, 'soft_delete_course', (ctx) => {
      const { id } = parseBody(courseIdSchema, body);
      return new DeleteCourseCommand(ctx, {
        type: 'DeleteCourse',
        courseId: id,
        organizationId: ctx.organizationId!,
        now: ctx.now.toISOString(),
      });
    });
  }

  @ApiBody(courseIdSchema)
  @ApiAnswer(idAnswerSchema)
  @ApiErrors('course.notFound', 'course.notDeleted')
  @Post('resurrectCourse')
  @HttpCode(200)
  @MinRole(ROLES.schoolAdmin)
  resurrectCourse(@Req() req: AppRequest, @Body() body: unknown) {
    return this.run(req, 'resurrect_course', (ctx) => {
      const { id } = parseBody(courseIdSchema, body);
      return new ResurrectCourseCommand(ctx, {
        type: 'ResurrectCourse',
        courseId: id,
        organizationId: ctx.organizationId!,
      });
    });
  }
}
