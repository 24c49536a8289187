import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  classDecider,
  classStream,
  type CreateClassInput,
  type EditClassInput,
  type EditClassMembersInput,
} from '@okul/domain';
import { readStudentEnrollments, requireOpenCourse, type Db } from '@okul/projections';
import { CommandExecutor, type CommandContext } from '../infra/command-executor';
import { DB } from '../infra/tokens';

export class CreateClassCommand extends Command<{ id: string }> {
  constructor(
    readonly ctx: CommandContext,
    readonly classId: string,
    readonly input: CreateClassInput,
  ) {
    super();
  }
}

export class EditClassCommand extends Command<{ id: string }> {
  constructor(
    readonly ctx: CommandContext,
    readonly input: EditClassInput,
  ) {
    super();
  }
}

export class EditClassMembersCommand extends Command<{ id: string }> {
  constructor(
    readonly ctx: CommandContext,
    readonly input: EditClassMembersInput,
  ) {
    super();
  }
}

export class DeleteClassCommand extends Command<{ id: string }> {
  constructor(
    readonly ctx: CommandContext,
    readonly classId: string,
  ) {
    super();
  }
}

const base = (ctx: CommandContext, classId: string) => ({
  classId,
  organizationId: ctx.organizationId!,
  userId: ctx.userId,
  now: ctx.now.toISOString(),
});

/** A group belongs to a course of this organisation that is not deleted (404 otherwise). */
@CommandHandler(CreateClassCommand)
export class CreateClassHandler implements ICommandHandler<CreateClassCommand> {
  constructor(
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(DB) private readonly db: Db,
  ) {}

  async execute({ ctx, classId, input }: CreateClassCommand) {
    await requireOpenCourse(this.db, ctx.organizationId!, input.courseId);
    await this.executor.execute(ctx, classStream(classId), classDecider, {
      type: 'CreateClass',
      ...base(ctx, classId),
      input,
    });
    return { id: classId };
  }
}

@CommandHandler(EditClassCommand)
export class EditClassHandler implements ICommandHandler<EditClassCommand> {
  constructor(@Inject(CommandExecutor) private readonly executor: CommandExecutor) {}

  async execute({ ctx, input }: EditClassCommand) {
    const { id, ...rest } = input;
    await this.executor.execute(ctx, classStream(id), classDecider, {
      type: 'EditClass',
      ...base(ctx, id),
      input: rest,
    });
    return { id };
  }
}

/** The proposed members' enrolments come from the read model, read again on every attempt. */
@CommandHandler(EditClassMembersCommand)
export class EditClassMembersHandler implements ICommandHandler<EditClassMembersCommand> {
  constructor(
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(DB) private readonly db: Db,
  ) {}

  async execute({ ctx, input }: EditClassMembersCommand) {
    const students = await readStudentEnrollments(this.db, ctx.organizationId!, input.studentIds);
    await this.executor.execute(ctx, classStream(input.id), classDecider, {
      type: 'EditClassMembers',
      ...base(ctx, input.id),
      studentIds: input.studentIds,
      students,
    });
    return { id: input.id };
  }
}

@CommandHandler(DeleteClassCommand)
export class DeleteClassHandler implements ICommandHandler<DeleteClassCommand> {
  constructor(@Inject(CommandExecutor) private readonly executor: CommandExecutor) {}

  async execute({ ctx, classId }: DeleteClassCommand) {
    await this.executor.execute(ctx, classStream(classId), classDecider, {
      type: 'DeleteClass',
      ...base(ctx, classId),
    });
    return { id: classId };
  }
}
