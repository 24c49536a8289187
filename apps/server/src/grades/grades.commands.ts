import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { gradeDecider, gradeStream, type AddGradeInput, type EditGradeInput } from '@okul/domain';
import { readGradeLookup, requireOpenCourse, readGradeOwner, type Db } from '@okul/projections';
import { CommandExecutor, type CommandContext } from '../infra/command-executor';
import { DB } from '../infra/tokens';

export class AddGradeCommand extends Command<{ id: string }> {
  constructor(
    readonly ctx: CommandContext,
    readonly gradeId: string,
    readonly input: AddGradeInput,
  ) {
    super();
  }
}

export class EditGradeCommand extends Command<{ id: string }> {
  constructor(
    readonly ctx: CommandContext,
    readonly input: EditGradeInput,
  ) {
    super();
  }
}

export class DeleteGradeCommand extends Command<{ id: string }> {
  constructor(
    readonly ctx: CommandContext,
    readonly gradeId: string,
  ) {
    super();
  }
}

const base = (ctx: CommandContext, gradeId: string) => ({
  gradeId,
  organizationId: ctx.organizationId!,
  userId: ctx.userId,
  now: ctx.now.toISOString(),
});

@CommandHandler(AddGradeCommand)
export class AddGradeHandler implements ICommandHandler<AddGradeCommand> {
  constructor(
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(DB) private readonly db: Db,
  ) {}

  async execute({ ctx, gradeId, input }: AddGradeCommand) {
    const org = ctx.organizationId!;
    await requireOpenCourse(this.db, org, input.courseId);
    const lookup = await readGradeLookup(this.db, org, input.studentId, input.courseId);
    await this.executor.execute(ctx, gradeStream(gradeId), gradeDecider, {
      type: 'AddGrade',
      ...base(ctx, gradeId),
      input,
      lookup,
    });
    return { id: gradeId };
  }
}

@CommandHandler(EditGradeCommand)
export class EditGradeHandler implements ICommandHandler<EditGradeCommand> {
  constructor(
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(DB) private readonly db: Db,
  ) {}

  async execute({ ctx, input }: EditGradeCommand) {
    const { id, ...rest } = input;
    const owner = await readGradeOwner(this.db, ctx.organizationId!, id);
    const lookup = owner
      ? await readGradeLookup(this.db, ctx.organizationId!, owner.studentId, owner.courseId)
      : { studentExists: false, classesHoldingStudent: [] };
    await this.executor.execute(ctx, gradeStream(id), gradeDecider, {
      type: 'EditGrade',
      ...base(ctx, id),
      input: rest,
      lookup,
    });
    return { id };
  }
}

@CommandHandler(DeleteGradeCommand)
export class DeleteGradeHandler implements ICommandHandler<DeleteGradeCommand> {
  constructor(@Inject(CommandExecutor) private readonly executor: CommandExecutor) {}

  async execute({ ctx, gradeId }: DeleteGradeCommand) {
    await this.executor.execute(ctx, gradeStream(gradeId), gradeDecider, {
      type: 'DeleteGrade',
      ...base(ctx, gradeId),
    });
    return { id: gradeId };
  }
}
