import { Body, Controller, Get, HttpCode, Inject, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  ROLES,
  addCourseSchema,
  hasRole,
  courseIdSchema,
  editCourseSchema,
  type CourseCommand,
} from '@okul/domain';
import type { Db } from '@okul/projections';
import { MinRole, VisitorRead } from '../auth/decorators';
import { CommandExecutor, type CommandContext } from '../infra/command-executor';
import { audited } from '../infra/audited';
import { parseBody } from '../infra/http/parse';
import { commandContext, newEntityId, type AppRequest } from '../infra/http/request-context';
import { DB } from '../infra/tokens';
import { AddCourseCommand, RunCourseCommand } from './course.commands';
import { ApiAnswer, ApiBody, ApiErrors } from '../infra/http/api-doc';
import { coursesAnswerSchema, idAnswerSchema } from '@okul/domain';

interface CourseRow {
  id: string;
  name: string;
  course_explanation: string;
  code: string | null;
  is_group_course: boolean;
  is_private_course: boolean;
  idx: number;
  safe_name: string;
  cover_photo: string | null;
  deleted_at: Date | null;
  created_at: Date;
  created_by: string | null;
  edited_at: Date | null;
  edited_by: string | null;
}

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

/** Translates HTTP to course commands on the CommandBus and answers getCourses from the read model. */
@Controller('api/v1/orgs/:orgID')
export class CoursesController {
  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
  ) {}

  // product.md 3: courses sorted ascending by index. Deleted ones carry deletedAt (shown apart by the client).
  // product.md 3 Public data: signed-out visitors (and non-members) read active courses' public fields.
  @ApiAnswer(coursesAnswerSchema)
  @Get('getCourses')
  @VisitorRead()
  @MinRole(ROLES.schoolStudent)
  async getCourses(@Req() req: AppRequest) {
    const r = await this.db.query<CourseRow>(
      `SELECT * FROM courses WHERE organization_id = $1 ORDER BY idx, name`,
      [req.org!.id],
    );
    if (!hasRole(req.org!.roleId, ROLES.schoolStudent)) {
      return r.rows
        .filter((c) => c.deleted_at === null)
        .map((c) => ({
          id: c.id,
          name: c.name,
          courseName: c.name,
          courseExplanation: c.course_explanation,
          code: c.code,
          isGroupCourse: c.is_group_course,
          isPrivateCourse: c.is_private_course,
          index: c.idx,
          safeName: c.safe_name,
          coverPhoto: c.cover_photo,
        }));
    }
    return r.rows.map((c) => ({
      id: c.id,
      name: c.name,
      courseName: c.name,
      courseExplanation: c.course_explanation,
      code: c.code,
      isGroupCourse: c.is_group_course,
      isPrivateCourse: c.is_private_course,
      index: c.idx,
      safeName: c.safe_name,
      coverPhoto: c.cover_photo,
      deletedAt: iso(c.deleted_at),
      createdAt: iso(c.created_at),
      createdBy: c.created_by,
      editedAt: iso(c.edited_at),
      editedBy: c.edited_by,
    }));
  }

  /** Parse, dispatch; a refusal (validation included) is logged as `<action>_failed`. */
  private run(
    req: AppRequest,
    action: string,
    build: (ctx: CommandContext) => Exclude<CourseCommand, { type: 'AddCourse' }>,
  ) {
    const ctx = commandContext(req);
    return audited(this.executor, ctx, action, () =>
      this.commands.execute(new RunCourseCommand(ctx, build(ctx))),
    );
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
      return { type: 'EditCourse', courseId: id, organizationId: ctx.organizationId!, input };
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
      return {
        type: 'DeleteCourse',
        courseId: id,
        organizationId: ctx.organizationId!,
        now: ctx.now.toISOString(),
      };
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
      return { type: 'ResurrectCourse', courseId: id, organizationId: ctx.organizationId! };
    });
  }
}
