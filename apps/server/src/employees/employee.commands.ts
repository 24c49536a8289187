import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  employeeDecider,
  employeeStream,
  type AddEmployeeInput,
  type AddInstructorInput,
  type EditEmployeeInput,
  type EditInstructorInput,
  type EmployeeCommand,
  type EmployeeKind,
  type LinkedUserCheck,
} from '@okul/domain';
import { CommandExecutor, type CommandContext } from '../infra/command-executor';
import { EmployeesQueries } from './employees.queries';

type Answer = { id: string };

export class AddInstructorCommand extends Command<Answer> {
  constructor(
    readonly ctx: CommandContext,
    readonly employeeId: string,
    readonly input: AddInstructorInput,
  ) {
    super();
  }
}

export class EditInstructorCommand extends Command<Answer> {
  constructor(
    readonly ctx: CommandContext,
    readonly input: EditInstructorInput,
  ) {
    super();
  }
}

export class AddEmployeeCommand extends Command<Answer> {
  constructor(
    readonly ctx: CommandContext,
    readonly employeeId: string,
    readonly input: AddEmployeeInput,
  ) {
    super();
  }
}

export class EditEmployeeCommand extends Command<Answer> {
  constructor(
    readonly ctx: CommandContext,
    readonly input: EditEmployeeInput,
  ) {
    super();
  }
}

/** deleteInstructor and deleteEmployee: soft delete into the old list (product.md 4). */
export class DeleteEmployeeCommand extends Command<Answer> {
  constructor(
    readonly ctx: CommandContext,
    readonly employeeId: string,
    readonly kind: EmployeeKind,
  ) {
    super();
  }
}

/** resurrectInstructor and resurrectEmployee: back from the old list. */
export class ResurrectEmployeeCommand extends Command<Answer> {
  constructor(
    readonly ctx: CommandContext,
    readonly employeeId: string,
    readonly kind: EmployeeKind,
  ) {
    super();
  }
}

/** permanentlyDeleteEmployee (ours, product.md 4): a deleted other employee removed for good. */
export class PermanentlyDeleteEmployeeCommand extends Command<Answer> {
  constructor(
    readonly ctx: CommandContext,
    readonly employeeId: string,
  ) {
    super();
  }
}

/**
 * An add or edit of a staff member: its branches are courses of this organisation and its linked user is
 * checked (api.md 7.3), then the employee's stream decides the command `decide` builds from them.
 */
async function saveEmployee(
  executor: CommandExecutor,
  queries: EmployeesQueries,
  ctx: CommandContext,
  employeeId: string,
  input: { branches: AddEmployeeInput['branches']; userId: AddEmployeeInput['userId'] },
  decide: (ids: {
    employeeId: string;
    organizationId: string;
    user: LinkedUserCheck | null;
  }) => EmployeeCommand,
) {
  const organizationId = ctx.organizationId!;
  await queries.requireCourses(organizationId, input.branches);
  const user = await queries.userCheck(organizationId, input.userId, employeeId);
  await executor.execute(
    ctx,
    employeeStream(employeeId),
    employeeDecider,
    decide({ employeeId, organizationId, user }),
  );
  return { id: employeeId };
}

@CommandHandler(AddInstructorCommand)
export class AddInstructorHandler implements ICommandHandler<AddInstructorCommand> {
  constructor(
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(EmployeesQueries) private readonly queries: EmployeesQueries,
  ) {}

  execute({ ctx, employeeId, input }: AddInstructorCommand) {
    return saveEmployee(this.executor, this.queries, ctx, employeeId, input, (ids) => ({
      type: 'AddInstructor',
      input,
      ...ids,
    }));
  }
}

@CommandHandler(EditInstructorCommand)
export class EditInstructorHandler implements ICommandHandler<EditInstructorCommand> {
  constructor(
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(EmployeesQueries) private readonly queries: EmployeesQueries,
  ) {}

  execute({ ctx, input }: EditInstructorCommand) {
    const { id, ...rest } = input;
    return saveEmployee(this.executor, this.queries, ctx, id, rest, (ids) => ({
      type: 'EditInstructor',
      input: rest,
      ...ids,
    }));
  }
}

@CommandHandler(AddEmployeeCommand)
export class AddEmployeeHandler implements ICommandHandler<AddEmployeeCommand> {
  constructor(
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(EmployeesQueries) private readonly queries: EmployeesQueries,
  ) {}

  execute({ ctx, employeeId, input }: AddEmployeeCommand) {
    return saveEmployee(this.executor, this.queries, ctx, employeeId, input, (ids) => ({
      type: 'AddEmployee',
      input,
      ...ids,
    }));
  }
}

@CommandHandler(EditEmployeeCommand)
export class EditEmployeeHandler implements ICommandHandler<EditEmployeeCommand> {
  constructor(
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(EmployeesQueries) private readonly queries: EmployeesQueries,
  ) {}

  execute({ ctx, input }: EditEmployeeCommand) {
    const { id, ...rest } = input;
    return saveEmployee(this.executor, this.queries, ctx, id, rest, (ids) => ({
      type: 'EditEmployee',
      input: rest,
      ...ids,
    }));
  }
}

@CommandHandler(DeleteEmployeeCommand)
export class DeleteEmployeeHandler implements ICommandHandler<DeleteEmployeeCommand> {
  constructor(@Inject(CommandExecutor) private readonly executor: CommandExecutor) {}

  async execute({ ctx, employeeId, kind }: DeleteEmployeeCommand) {
    await this.executor.execute(ctx, employeeStream(employeeId), employeeDecider, {
      type: 'DeleteEmployee',
      employeeId,
      organizationId: ctx.organizationId!,
      kind,
      now: ctx.now.toISOString(),
    });
    return { id: employeeId };
  }
}

@CommandHandler(ResurrectEmployeeCommand)
export class ResurrectEmployeeHandler implements ICommandHandler<ResurrectEmployeeCommand> {
  constructor(@Inject(CommandExecutor) private readonly executor: CommandExecutor) {}

  async execute({ ctx, employeeId, kind }: ResurrectEmployeeCommand) {
    await this.executor.execute(ctx, employeeStream(employeeId), employeeDecider, {
      type: 'ResurrectEmployee',
      employeeId,
      organizationId: ctx.organizationId!,
      kind,
    });
    return { id: employeeId };
  }
}

@CommandHandler(PermanentlyDeleteEmployeeCommand)
export class PermanentlyDeleteEmployeeHandler implements ICommandHandler<PermanentlyDeleteEmployeeCommand> {
  constructor(@Inject(CommandExecutor) private readonly executor: CommandExecutor) {}

  async execute({ ctx, employeeId }: PermanentlyDeleteEmployeeCommand) {
    await this.executor.execute(ctx, employeeStream(employeeId), employeeDecider, {
      type: 'PermanentlyDeleteEmployee',
      employeeId,
      organizationId: ctx.organizationId!,
      now: ctx.now.toISOString(),
    });
    return { id: employeeId };
  }
}
