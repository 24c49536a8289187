import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  employeeDecider,
  employeeStream,
  type AddEmployeeInput,
  type AddInstructorInput,
  type EditEmployeeInput,
  type EditInstructorInput,
  type EmployeeKind,
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

@CommandHandler(AddInstructorCommand)
export class AddInstructorHandler implements ICommandHandler<AddInstructorCommand> {
  constructor(
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(EmployeesQueries) private readonly queries: EmployeesQueries,
  ) {}

  async execute({ ctx, employeeId, input }: AddInstructorCommand) {
    const organizationId = ctx.organizationId!;
    await this.queries.requireCourses(organizationId, input.branches);
    const user = await this.queries.userCheck(organizationId, input.userId, employeeId);
    await this.executor.execute(ctx, employeeStream(employeeId), employeeDecider, {
      type: 'AddInstructor',
      employeeId,
      organizationId,
      input,
      user,
    });
    return { id: employeeId };
  }
}

@CommandHandler(EditInstructorCommand)
export class EditInstructorHandler implements ICommandHandler<EditInstructorCommand> {
  constructor(
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(EmployeesQueries) private readonly queries: EmployeesQueries,
  ) {}

  async execute({ ctx, input }: EditInstructorCommand) {
    const organizationId = ctx.organizationId!;
    const { id, ...rest } = input;
    await this.queries.requireCourses(organizationId, rest.branches);
    const user = await this.queries.userCheck(organizationId, rest.userId, id);
    await this.executor.execute(ctx, employeeStream(id), employeeDecider, {
      type: 'EditInstructor',
      employeeId: id,
      organizationId,
      input: rest,
      user,
    });
    return { id };
  }
}

@CommandHandler(AddEmployeeCommand)
export class AddEmployeeHandler implements ICommandHandler<AddEmployeeCommand> {
  constructor(
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(EmployeesQueries) private readonly queries: EmployeesQueries,
  ) {}

  async execute({ ctx, employeeId, input }: AddEmployeeCommand) {
    const organizationId = ctx.organizationId!;
    await this.queries.requireCourses(organizationId, input.branches);
    const user = await this.queries.userCheck(organizationId, input.userId, employeeId);
    await this.executor.execute(ctx, employeeStream(employeeId), employeeDecider, {
      type: 'AddEmployee',
      employeeId,
      organizationId,
      input,
      user,
    });
    return { id: employeeId };
  }
}

@CommandHandler(EditEmployeeCommand)
export class EditEmployeeHandler implements ICommandHandler<EditEmployeeCommand> {
  constructor(
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(EmployeesQueries) private readonly queries: EmployeesQueries,
  ) {}

  async execute({ ctx, input }: EditEmployeeCommand) {
    const organizationId = ctx.organizationId!;
    const { id, ...rest } = input;
    await this.queries.requireCourses(organizationId, rest.branches);
    const user = await this.queries.userCheck(organizationId, rest.userId, id);
    await this.executor.execute(ctx, employeeStream(id), employeeDecider, {
      type: 'EditEmployee',
      employeeId: id,
      organizationId,
      input: rest,
      user,
    });
    return { id };
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
