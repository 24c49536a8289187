import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Inject } from '@nestjs/common';
import {
  courseDecider,
  courseStream,
  decideCourseSchedulesRemoval,
  scheduleDecider,
  scheduleStream,
  type AddCourseInput,
  type CourseCommand,
} from '@okul/domain';
import { readCourseScheduleIds, readNextCourseIndex, type Db } from '@okul/projections';
import { CommandExecutor, type CommandContext, type StreamDecision } from '../infra/command-executor';
import { DB } from '../infra/tokens';

type EditCourse = Extract<CourseCommand, { type: 'EditCourse' }>;
type DeleteCourse = Extract<CourseCommand, { type: 'DeleteCourse' }>;
type ResurrectCourse = Extract<CourseCommand, { type: 'ResurrectCourse' }>;

export class EditCourseCommand extends Command<{ id: string }> {
  constructor(
    readonly ctx: CommandContext,
    readonly command: EditCourse,
  ) {
    super();
  }
}

export class DeleteCourseCommand extends Command<{ id: string }> {
  constructor(
    readonly ctx: CommandContext,
    readonly command: DeleteCourse,
  ) {
    super();
  }
}

export class ResurrectCourseCommand extends Command<{ id: string }> {
  constructor(
    readonly ctx: CommandContext,
    readonly command: ResurrectCourse,
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

@CommandHandler(EditCourseCommand)
export class EditCourseHandler implements ICommandHandler<EditCourseCommand> {
  constructor(@Inject(CommandExecutor) private readonly executor: CommandExecutor) {}

  async execute({ ctx, command }: EditCourseCommand) {
    await this.executor.execute(ctx, courseStream(command.courseId), courseDecider, command);
    return { id: command.courseId };
  }
}

@CommandHandler(ResurrectCourseCommand)
export class ResurrectCourseHandler implements ICommandHandler<ResurrectCourseCommand> {
  constructor(@Inject(CommandExecutor) private readonly executor: CommandExecutor) {}

  async execute({ ctx, command }: ResurrectCourseCommand) {
    await this.executor.execute(ctx, courseStream(command.courseId), courseDecider, command);
    return { id: command.courseId };
  }
}

/**
 * product.md 4: deleting a course also removes its schedules, irreversibly. The course and its schedules
 * are appended together, so the course delete dialog's promise holds even if a step fails.
 */
@CommandHandler(DeleteCourseCommand)
export class DeleteCourseHandler implements ICommandHandler<DeleteCourseCommand> {
  constructor(
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(DB) private readonly db: Db,
  ) {}

  async execute({ ctx, command }: DeleteCourseCommand) {
    const organizationId = ctx.organizationId!;
    await this.executor.executeMany(ctx, async () => {
      const ids = await readCourseScheduleIds(this.db, organizationId, command.courseId);
      const [course, ...schedules] = await Promise.all([
        this.executor.load(courseStream(command.courseId), courseDecider),
        ...ids.map((id) => this.executor.load(scheduleStream(id), scheduleDecider)),
      ]);
      const courseEvents = courseDecider.decide(command, course.state);
      const removals = decideCourseSchedulesRemoval(
        { organizationId, userId: ctx.userId, now: command.now },
        ids.map((scheduleId, i) => ({ scheduleId, state: schedules[i].state })),
      );
      const loaded = new Map(ids.map((id, i) => [id, schedules[i]]));
      const decisions: StreamDecision[] = [
        { stream: course, events: courseEvents },
        ...removals.map((r): StreamDecision => ({ stream: loaded.get(r.scheduleId)!, events: r.events })),
      ];
      return decisions;
    });
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
    const nextIndex = await readNextCourseIndex(this.db, ctx.organizationId!);
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
