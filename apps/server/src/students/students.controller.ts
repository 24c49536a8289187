import { Body, Controller, Get, HttpCode, Inject, Post, Query, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  ROLES,
  hasRole,
  editStudentSchema,
  eraseStudentPersonalDataSchema,
  registerStudentSchema,
  studentBalanceQuerySchema,
  studentIdSchema,
} from '@okul/domain';
import type { Response } from 'express';
import { MinRole, SkipOrgGating } from '../auth/decorators';
import { audited } from '../infra/audited';
import { CommandExecutor } from '../infra/command-executor';
import { parseBody } from '../infra/http/parse';
import { commandContext, newEntityId, type AppRequest } from '../infra/http/request-context';
import { BalancesService } from './balances.service';
import { DashboardService } from './dashboard.service';
import { ReadCache, sendCached } from '../infra/read-model/read-cache';
import { sendJsonText } from '../infra/read-model/sql-json';
import {
  EditStudentCommand,
  EraseStudentPersonalDataCommand,
  RegisterStudentCommand,
  ResurrectStudentCommand,
  SoftDeleteStudentCommand,
  withStudentPrefix,
} from './student.commands';
import { StudentsQueries, getStudentsQuerySchema } from './students.queries';
import { ApiAnswer, ApiBody, ApiErrors, ApiQuery } from '../infra/http/api-doc';
import {
  attendedRowSchema,
  balanceSheetRowSchema,
  courseBalanceRowSchema,
  dashboardSchema,
  idAnswerSchema,
  studentWrittenSchema,
  studentsAnswerSchema,
} from '@okul/domain';
import { z } from 'zod';

/**
 * api.md 7.3 Students: the list, registration, edit, soft delete and restore (our paths deleteStudent and
 * resurrectStudent, docs/DECISIONS.md), the three balance calls, and the main page (getDashboard).
 */
@Controller('api/v1/orgs/:orgID')
export class StudentsController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(StudentsQueries) private readonly queries: StudentsQueries,
    @Inject(BalancesService) private readonly balances: BalancesService,
    @Inject(DashboardService) private readonly dashboardService: DashboardService,
    @Inject(ReadCache) private readonly cache: ReadCache,
  ) {}

  // Instructor level: the student detail and the attendance form of instructors read the students
  // (product.md 4, visitor data loading); the Öğrenciler screen itself is school-admin in the client.
  @ApiQuery(getStudentsQuerySchema)
  @ApiAnswer(studentsAnswerSchema, 'Students (full rows, or list rows with view=list)')
  @Get('getStudents')
  @MinRole(ROLES.schoolInstructor)
  async getStudents(@Req() req: AppRequest, @Query() query: unknown, @Res() res: Response) {
    const q = parseBody(getStudentsQuerySchema, query);
    const { id: org, roleId } = req.org!;
    const now = new Date();
    if (q.q || q.id || q.studentNumber) {
      sendJsonText(res, (await this.queries.listJson(org, roleId, now, q)).text);
      return;
    }
    // The whole list of a large institution is megabytes: kept while the read models stay as they were.
    const admin = hasRole(roleId, ROLES.schoolAdmin);
    const answer = await this.cache.get(
      `getStudents|${org}|${q.view ?? 'full'}|${admin}`,
      org,
      ['students', 'enrollments', 'courses', 'accounts'],
      now,
      () => this.queries.listJson(org, roleId, now, q),
    );
    await sendCached(req, res, answer);
  }

  @ApiBody(registerStudentSchema)
  @ApiAnswer(studentWrittenSchema)
  @ApiErrors('student.alreadyExists', 'common.conflict')
  @Post('registerStudent')
  @HttpCode(200)
  @MinRole(ROLES.schoolAdmin)
  registerStudent(@Req() req: AppRequest, @Body() body: unknown) {
    const ctx = commandContext(req);
    return audited(this.executor, ctx, 'register_student', () =>
      withStudentPrefix('create', () =>
        this.commands.execute(
          new RegisterStudentCommand(
            ctx,
            newEntityId(ctx, 'student'),
            parseBody(registerStudentSchema, body),
          ),
        ),
      ),
    );
  }

  @ApiBody(editStudentSchema)
  @ApiAnswer(studentWrittenSchema)
  @ApiErrors('student.notFound', 'student.alreadyExists', 'student.numberMismatch', 'common.conflict')
  @Post('editStudent')
  @HttpCode(200)
  @MinRole(ROLES.schoolAdmin)
  editStudent(@Req() req: AppRequest, @Body() body: unknown) {
    const ctx = commandContext(req);
    return audited(this.executor, ctx, 'edit_student', () =>
      withStudentPrefix('edit', () =>
        this.commands.execute(new EditStudentCommand(ctx, parseBody(editStudentSchema, body))),
      ),
    );
  }

  @ApiBody(studentIdSchema)
  @ApiAnswer(idAnswerSchema)
  @ApiErrors('student.notFound', 'student.alreadyDeleted')
  @Post('deleteStudent')
  @HttpCode(200)
  @MinRole(ROLES.schoolAdmin)
  deleteStudent(@Req() req: AppRequest, @Body() body: unknown) {
    const ctx = commandContext(req);
    return audited(this.executor, ctx, 'soft_delete_student', () =>
      this.commands.execute(new SoftDeleteStudentCommand(ctx, parseBody(studentIdSchema, body).id)),
    );
  }

  @ApiBody(studentIdSchema)
  @ApiAnswer(idAnswerSchema)
  @ApiErrors('student.notFound', 'student.notDeleted')
  @Post('resurrectStudent')
  @HttpCode(200)
  @MinRole(ROLES.schoolAdmin)
  resurrectStudent(@Req() req: AppRequest, @Body() body: unknown) {
    const ctx = commandContext(req);
    return audited(this.executor, ctx, 'resurrect_student', () =>
      this.commands.execute(new ResurrectStudentCommand(ctx, parseBody(studentIdSchema, body).id)),
    );
  }

  // KVKK erasure: the school-owner alone, as the one answerable for the institution's personal data.
  @ApiBody(eraseStudentPersonalDataSchema)
  @ApiAnswer(idAnswerSchema)
  @ApiErrors('student.notFound', 'student.eraseConfirmMismatch')
  @Post('eraseStudentPersonalData')
  @HttpCode(200)
  @MinRole(ROLES.schoolOwner)
  eraseStudentPersonalData(@Req() req: AppRequest, @Body() body: unknown) {
    const ctx = commandContext(req);
    return audited(this.executor, ctx, 'erase_student_personal_data', () => {
      const { id, confirmation } = parseBody(eraseStudentPersonalDataSchema, body);
      return this.commands.execute(new EraseStudentPersonalDataCommand(ctx, id, confirmation));
    });
  }

  // product.md 2 student detail: the balance calendar, enrolments and payments are school-admin only.
  @ApiBody(studentBalanceQuerySchema)
  @ApiAnswer(z.array(attendedRowSchema))
  @Post('getStudentAttended')
  @HttpCode(200)
  @SkipOrgGating()
  @MinRole(ROLES.schoolAdmin)
  async getStudentAttended(@Req() req: AppRequest, @Body() body: unknown) {
    const { id } = parseBody(studentBalanceQuerySchema, body);
    return this.balances.attended(req.org!.id, id, new Date());
  }

  @ApiBody(studentBalanceQuerySchema)
  @ApiAnswer(z.array(courseBalanceRowSchema))
  @Post('getStudentBalances')
  @HttpCode(200)
  @SkipOrgGating()
  @MinRole(ROLES.schoolAdmin)
  async getStudentBalances(@Req() req: AppRequest, @Body() body: unknown) {
    const { id } = parseBody(studentBalanceQuerySchema, body);
    return this.balances.perCourse(req.org!.id, id, new Date());
  }

  @ApiBody(studentBalanceQuerySchema)
  @ApiAnswer(z.array(balanceSheetRowSchema))
  @Post('getStudentBalanceSheet')
  @HttpCode(200)
  @SkipOrgGating()
  @MinRole(ROLES.schoolAdmin)
  async getStudentBalanceSheet(@Req() req: AppRequest, @Body() body: unknown, @Res() res: Response) {
    const { id } = parseBody(studentBalanceQuerySchema, body);
    const org = req.org!.id;
    const now = new Date();
    // Years of lessons and payments of one student: kept until the organisation writes or a period is charged.
    const answer = await this.cache.get(
      `getStudentBalanceSheet|${org}|${id}`,
      org,
      ['students', 'balances'],
      now,
      async () => {
        const { rows, validUntil } = await this.balances.sheet(org, id, now);
        return { text: JSON.stringify(rows), validUntil };
      },
    );
    await sendCached(req, res, answer);
  }

  // product.md 2: /giris/anasayfa is school-instructor; its payment tracking part is school-admin.
  @ApiAnswer(dashboardSchema)
  @Get('getDashboard')
  @MinRole(ROLES.schoolInstructor)
  async getDashboard(@Req() req: AppRequest, @Res() res: Response) {
    const { id: org, roleId } = req.org!;
    const now = new Date();
    const answer = await this.cache.get(
      `getDashboard|${org}|${hasRole(roleId, ROLES.schoolAdmin)}`,
      org,
      ['students', 'enrollments', 'balances', 'courses'],
      now,
      async () => {
        const { validUntil, ...body } = await this.dashboardService.dashboard(org, roleId, now);
        return { text: JSON.stringify(body), validUntil };
      },
    );
    await sendCached(req, res, answer);
  }
}
