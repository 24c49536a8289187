import { Body, Controller, Get, HttpCode, Inject, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  ROLES,
  addEmployeeSchema,
  idAnswerSchema,
  recordsWithIdSchema,
  addInstructorSchema,
  editEmployeeSchema,
  editInstructorSchema,
  employeeIdSchema,
  hasRole,
  instructorIdSchema,
  myInstructorsAnswerSchema,
} from '@okul/domain';
import { MinRole, VisitorRead } from '../auth/decorators';
import { audited } from '../infra/audited';
import { ApiAnswer, ApiBody } from '../infra/http/api-doc';
import { CommandExecutor } from '../infra/command-executor';
import { parseBody } from '../infra/http/parse';
import { commandContext, newEntityId, type AppRequest } from '../infra/http/request-context';
import {
  AddEmployeeCommand,
  AddInstructorCommand,
  DeleteEmployeeCommand,
  EditEmployeeCommand,
  EditInstructorCommand,
  PermanentlyDeleteEmployeeCommand,
  ResurrectEmployeeCommand,
} from './employee.commands';
import { EmployeesQueries } from './employees.queries';

/**
 * api.md 7.3 Instructors and Employees. Writes are school-admin (product.md 2 /giris/egitmenler and
 * /giris/calisanlar). getInstructors is public data (product.md 3): visitors get the public fields of active
 * instructors; members get the records, deleted ones included.
 */
@Controller('api/v1/orgs/:orgID')
export class EmployeesController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(EmployeesQueries) private readonly queries: EmployeesQueries,
  ) {}

  @Get('getInstructors')
  @ApiAnswer(recordsWithIdSchema)
  @VisitorRead()
  @MinRole(ROLES.schoolStudent)
  getInstructors(@Req() req: AppRequest) {
    const org = req.org!;
    return hasRole(org.roleId, ROLES.schoolStudent)
      ? this.queries.instructors(org.id)
      : this.queries.publicInstructors(org.id);
  }

  /** The instructor record(s) the caller teaches under here: the panel shows "their" lessons first. */
  @Get('getMyInstructors')
  @ApiAnswer(myInstructorsAnswerSchema)
  @MinRole(ROLES.schoolInstructor)
  getMyInstructors(@Req() req: AppRequest) {
    return this.queries.instructorsOfUser(req.org!.id, req.principal!.userId);
  }

  @Post('addInstructor')
  @ApiBody(addInstructorSchema)
  @ApiAnswer(idAnswerSchema)
  @HttpCode(200)
  @MinRole(ROLES.schoolAdmin)
  addInstructor(@Req() req: AppRequest, @Body() body: unknown) {
    const ctx = commandContext(req);
    return audited(this.executor, ctx, 'add_instructor', () =>
      this.commands.execute(
        new AddInstructorCommand(ctx, newEntityId(ctx, 'employee'), parseBody(addInstructorSchema, body)),
      ),
    );
  }

  @Post('editInstructor')
  @ApiBody(editInstructorSchema)
  @ApiAnswer(idAnswerSchema)
  @HttpCode(200)
  @MinRole(ROLES.schoolAdmin)
  editInstructor(@Req() req: AppRequest, @Body() body: unknown) {
    const ctx = commandContext(req);
    return audited(this.executor, ctx, 'edit_instructor', () =>
      this.commands.execute(new EditInstructorCommand(ctx, parseBody(editInstructorSchema, body))),
    );
  }

  @Post('deleteInstructor')
  @ApiBody(instructorIdSchema)
  @ApiAnswer(idAnswerSchema)
  @HttpCode(200)
  @MinRole(ROLES.schoolAdmin)
  deleteInstructor(@Req() req: AppRequest, @Body() body: unknown) {
    const ctx = commandContext(req);
    return audited(this.executor, ctx, 'soft_delete_instructor', () =>
      this.commands.execute(
        new DeleteEmployeeCommand(ctx, parseBody(instructorIdSchema, body).id, 'instructor'),
      ),
    );
  }

  @Post('resurrectInstructor')
  @ApiBody(instructorIdSchema)
  @ApiAnswer(idAnswerSchema)
  @HttpCode(200)
  @MinRole(ROLES.schoolAdmin)
  resurrectInstructor(@Req() req: AppRequest, @Body() body: unknown) {
    const ctx = commandContext(req);
    return audited(this.executor, ctx, 'resurrect_instructor', () =>
      this.commands.execute(
        new ResurrectEmployeeCommand(ctx, parseBody(instructorIdSchema, body).id, 'instructor'),
      ),
    );
  }

  @Get('getEmployees')
  @ApiAnswer(recordsWithIdSchema)
  @MinRole(ROLES.schoolAdmin)
  getEmployees(@Req() req: AppRequest) {
    return this.queries.employeesWithWages(req.org!.id, new Date().toISOString());
  }

  @Post('addEmployee')
  @ApiBody(addEmployeeSchema)
  @ApiAnswer(idAnswerSchema)
  @HttpCode(200)
  @MinRole(ROLES.schoolAdmin)
  addEmployee(@Req() req: AppRequest, @Body() body: unknown) {
    const ctx = commandContext(req);
    return audited(this.executor, ctx, 'add_employee', () =>
      this.commands.execute(
        new AddEmployeeCommand(ctx, newEntityId(ctx, 'employee'), parseBody(addEmployeeSchema, body)),
      ),
    );
  }

  @Post('editEmployee')
  @ApiBody(editEmployeeSchema)
  @ApiAnswer(idAnswerSchema)
  @HttpCode(200)
  @MinRole(ROLES.schoolAdmin)
  editEmployee(@Req() req: AppRequest, @Body() body: unknown) {
    const ctx = commandContext(req);
    return audited(this.executor, ctx, 'edit_employee', () =>
      this.commands.execute(new EditEmployeeCommand(ctx, parseBody(editEmployeeSchema, body))),
    );
  }

  @Post('deleteEmployee')
  @ApiBody(employeeIdSchema)
  @ApiAnswer(idAnswerSchema)
  @HttpCode(200)
  @MinRole(ROLES.schoolAdmin)
  deleteEmployee(@Req() req: AppRequest, @Body() body: unknown) {
    const ctx = commandContext(req);
    return audited(this.executor, ctx, 'soft_delete_employee', () =>
      this.commands.execute(new DeleteEmployeeCommand(ctx, parseBody(employeeIdSchema, body).id, 'employee')),
    );
  }

  @Post('resurrectEmployee')
  @ApiBody(employeeIdSchema)
  @ApiAnswer(idAnswerSchema)
  @HttpCode(200)
  @MinRole(ROLES.schoolAdmin)
  resurrectEmployee(@Req() req: AppRequest, @Body() body: unknown) {
    const ctx = commandContext(req);
    return audited(this.executor, ctx, 'resurrect_employee', () =>
      this.commands.execute(
        new ResurrectEmployeeCommand(ctx, parseBody(employeeIdSchema, body).id, 'employee'),
      ),
    );
  }

  /** Ours (product.md 4: the permanent delete icon of deleted other employees); log action delete_employee. */
  @Post('permanentlyDeleteEmployee')
  @ApiBody(employeeIdSchema)
  @ApiAnswer(idAnswerSchema)
  @HttpCode(200)
  @MinRole(ROLES.schoolAdmin)
  permanentlyDeleteEmployee(@Req() req: AppRequest, @Body() body: unknown) {
    const ctx = commandContext(req);
    return audited(this.executor, ctx, 'delete_employee', () =>
      this.commands.execute(new PermanentlyDeleteEmployeeCommand(ctx, parseBody(employeeIdSchema, body).id)),
    );
  }
}
