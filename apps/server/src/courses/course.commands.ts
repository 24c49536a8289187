import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Inject } from '@nestjs/common';
import { courseDecider, courseStream, type AddCourseInput, type CourseCommand } from '@okul/domain';
import type { Db } from '@okul/projections';
import { CommandExecutor, type CommandContext } from '../infra/command-executor';
import { DB } from '../infra/tokens';

/** Any course command of the decider, dispatched on the CommandBus; answers the course id. */
export class RunCourseCommand extends Command<{ id: string }> {
  constructor(
    readonly ctx: CommandContext,
    readonly command: Exclude<CourseCommand, { type: 'AddCourse' }>,
  ) {
    super();
  }
}

/** Adding needs the next index (product.md 3: courses sorted by index), read from the read model. */
export class AddCourseCommand extends Command<{ id: string }> {
  constructor(
    readonly ctx: CommandContext,
    readonly courseId: string,
    readonly input: AddCourseInput,
  ) {
    super();
  }
}

@CommandHandler(RunCourseCommand)
export class RunCourseHandler implements ICommandHandler<RunCourseCommand> {
  constructor(@Inject(CommandExecutor) private readonly executor: CommandExecutor) {}

  async execute({ ctx, command }: RunCourseCommand) {
    await this.executor.execute(ctx, courseStream(command.courseId), courseDecider, command);
    return { id: command.courseId };
  }
}

@CommandHandler(AddCourseCommand)
export class AddCourseHandler implements ICommandHandler<AddCourseCommand> {
  constructor(
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(DB) private readonly db: Db,
  ) {}

  async execute({ ctx, courseId, input }: AddCourseCommand) {
    const max = await this.db.query<{ n: number | null }>(
      `SELECT max(idx) AS n FROM courses WHERE organization_id = $1`,
      [ctx.organizationId],
    );
    const n = max.rows[0]?.n;
    const nextIndex = n === null || n === undefined ? 0 : Number(n) + 1;
    await this.executor.execute(ctx, courseStream(courseId), courseDecider, {
      type: 'AddCourse',
      courseId,
      organizationId: ctx.organizationId!,
      input,
      nextIndex,
    });
    return { id: courseId };
  }
}
