import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  DomainError,
  scheduleDecider,
  scheduleStream,
  type AddScheduleInput,
  type MemberLookup,
  type ScheduleMembers,
  type UpdateScheduleDetailsInput,
} from '@okul/domain';
import {
  isActiveInstructor,
  readClassesByIds,
  readStudentEnrollments,
  requireOpenCourse,
  type Db,
} from '@okul/projections';
import { CommandExecutor, type CommandContext } from '../infra/command-executor';
import { DB } from '../infra/tokens';

export class AddScheduleCommand extends Command<{ id: string }> {
  constructor(
    readonly ctx: CommandContext,
    readonly scheduleId: string,
    readonly input: AddScheduleInput,
  ) {
    super();
  }
}

export class UpdateScheduleDetailsCommand extends Command<{ id: string; changed: boolean; info?: string }> {
  constructor(
    readonly ctx: CommandContext,
    readonly input: UpdateScheduleDetailsInput,
  ) {
    super();
  }
}

export class UpdateScheduleMembersCommand extends Command<{ id: string }> {
  constructor(
    readonly ctx: CommandContext,
    readonly scheduleId: string,
    readonly members: ScheduleMembers,
  ) {
    super();
  }
}

export class RemoveScheduleStudentCommand extends Command<{ id: string }> {
  constructor(
    readonly ctx: CommandContext,
    readonly scheduleId: string,
    readonly studentId: string,
  ) {
    super();
  }
}

export class RemoveScheduleClassCommand extends Command<{ id: string }> {
  constructor(
    readonly ctx: CommandContext,
    readonly scheduleId: string,
    readonly classId: string,
  ) {
    super();
  }
}

export class DeleteScheduleCommand extends Command<{ id: string }> {
  constructor(
    readonly ctx: CommandContext,
    readonly scheduleId: string,
  ) {
    super();
  }
}

const base = (ctx: CommandContext, scheduleId: string) => ({
  scheduleId,
  organizationId: ctx.organizationId!,
  userId: ctx.userId,
  now: ctx.now.toISOString(),
});

/** The member rules' lookups from the read models: the students' enrolments and the named groups. */
async function memberLookup(db: Db, organizationId: string, m: ScheduleMembers): Promise<MemberLookup> {
  const [students, classes] = await Promise.all([
    readStudentEnrollments(db, organizationId, m.students),
    readClassesByIds(db, organizationId, m.classes),
  ]);
  return { students, classes };
}

/** The schedule's Eğitmen: an active instructor of this organisation, as attendance takes them (null is none). */
async function requireInstructor(db: Db, organizationId: string, instructorId: string | null | undefined) {
  if (instructorId && !(await isActiveInstructor(db, organizationId, instructorId)))
    throw new DomainError('schedule.instructorUnknown');
}

@CommandHandler(AddScheduleCommand)
export class AddScheduleHandler implements ICommandHandler<AddScheduleCommand> {
  constructor(
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(DB) private readonly db: Db,
  ) {}

  async execute({ ctx, scheduleId, input }: AddScheduleCommand) {
    await requireOpenCourse(this.db, ctx.organizationId!, input.courseId);
    await requireInstructor(this.db, ctx.organizationId!, input.instructorId);
    const lookup = await memberLookup(this.db, ctx.organizationId!, input);
    await this.executor.execute(ctx, scheduleStream(scheduleId), scheduleDecider, {
      type: 'AddSchedule',
      ...base(ctx, scheduleId),
      input,
      lookup,
    });
    return { id: scheduleId };
  }
}

/** product.md 5: an unchanged edit answers the info "Değişiklik yok" and writes nothing. */
@CommandHandler(UpdateScheduleDetailsCommand)
export class UpdateScheduleDetailsHandler implements ICommandHandler<UpdateScheduleDetailsCommand> {
  constructor(
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(DB) private readonly db: Db,
  ) {}

  async execute({ ctx, input }: UpdateScheduleDetailsCommand) {
    const { scheduleId, ...patch } = input;
    if (patch.courseId) await requireOpenCourse(this.db, ctx.organizationId!, patch.courseId);
    await requireInstructor(this.db, ctx.organizationId!, patch.instructorId);
    const written = await this.executor.execute(ctx, scheduleStream(scheduleId), scheduleDecider, {
      type: 'UpdateScheduleDetails',
      ...base(ctx, scheduleId),
      input: patch,
    });
    return written.length > 0
      ? { id: scheduleId, changed: true }
      : { id: scheduleId, changed: false, info: 'Değişiklik yok' };
  }
}

@CommandHandler(UpdateScheduleMembersCommand)
export class UpdateScheduleMembersHandler implements ICommandHandler<UpdateScheduleMembersCommand> {
  constructor(
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(DB) private readonly db: Db,
  ) {}

  async execute({ ctx, scheduleId, members }: UpdateScheduleMembersCommand) {
    const lookup = await memberLookup(this.db, ctx.organizationId!, members);
    await this.executor.execute(ctx, scheduleStream(scheduleId), scheduleDecider, {
      type: 'UpdateScheduleMembers',
      ...base(ctx, scheduleId),
      members,
      lookup,
    });
    return { id: scheduleId };
  }
}

@CommandHandler(RemoveScheduleStudentCommand)
export class RemoveScheduleStudentHandler implements ICommandHandler<RemoveScheduleStudentCommand> {
  constructor(@Inject(CommandExecutor) private readonly executor: CommandExecutor) {}

  async execute({ ctx, scheduleId, studentId }: RemoveScheduleStudentCommand) {
    await this.executor.execute(ctx, scheduleStream(scheduleId), scheduleDecider, {
      type: 'RemoveScheduleStudent',
      ...base(ctx, scheduleId),
      studentId,
    });
    return { id: scheduleId };
  }
}

@CommandHandler(RemoveScheduleClassCommand)
export class RemoveScheduleClassHandler implements ICommandHandler<RemoveScheduleClassCommand> {
  constructor(@Inject(CommandExecutor) private readonly executor: CommandExecutor) {}

  async execute({ ctx, scheduleId, classId }: RemoveScheduleClassCommand) {
    await this.executor.execute(ctx, scheduleStream(scheduleId), scheduleDecider, {
      type: 'RemoveScheduleClass',
      ...base(ctx, scheduleId),
      classId,
    });
    return { id: scheduleId };
  }
}

@CommandHandler(DeleteScheduleCommand)
export class DeleteScheduleHandler implements ICommandHandler<DeleteScheduleCommand> {
  constructor(@Inject(CommandExecutor) private readonly executor: CommandExecutor) {}

  async execute({ ctx, scheduleId }: DeleteScheduleCommand) {
    await this.executor.execute(ctx, scheduleStream(scheduleId), scheduleDecider, {
      type: 'DeleteSchedule',
      ...base(ctx, scheduleId),
      reason: 'user',
    });
    return { id: scheduleId };
  }
}
