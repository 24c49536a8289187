import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  DomainError,
  attendanceDecider,
  attendanceNumberDecider,
  attendanceNumberStream,
  attendanceStream,
  planAttendanceCreation,
  type AttendanceInput,
  type EditAttendanceInput,
} from '@okul/domain';
import { readAttendanceTargets, type Db } from '@okul/projections';
import { DB } from '../infra/tokens';
import { CommandExecutor, type CommandContext } from '../infra/command-executor';
import { AttendancesQueries } from './attendances.queries';

export class AddAttendanceCommand extends Command<{ id: string; code: string; attendanceNumber: number }> {
  constructor(
    readonly ctx: CommandContext,
    /** Minted for this request by `newEntityId` (the new stream is not read: `CommandExecutor.loadMinted`). */
    readonly attendanceId: string,
    readonly input: AttendanceInput,
  ) {
    super();
  }
}

export class EditAttendanceCommand extends Command<{ id: string }> {
  constructor(
    readonly ctx: CommandContext,
    readonly input: EditAttendanceInput,
  ) {
    super();
  }
}

export class DeleteAttendanceCommand extends Command<{ id: string }> {
  constructor(
    readonly ctx: CommandContext,
    readonly attendanceId: string,
  ) {
    super();
  }
}

/**
 * The attendance and the month's code counter are appended together (attendance-number-decider.ts), so two
 * attendances recorded at once never share a code. The attendees' enrolments come from the read model,
 * read again on every attempt.
 */
@CommandHandler(AddAttendanceCommand)
export class AddAttendanceHandler implements ICommandHandler<AddAttendanceCommand> {
  constructor(
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(AttendancesQueries) private readonly queries: AttendancesQueries,
    @Inject(DB) private readonly db: Db,
  ) {}

  async execute({ ctx, attendanceId, input }: AddAttendanceCommand) {
    const organizationId = ctx.organizationId!;
    const now = ctx.now.toISOString();
    // The lookups are read together, and before the turn on the month's counter (which lasts from its read to
    // the append, while the commands of this process that draw from it queue): each read may first wait for
    // its read model to apply what was written before it (infra/read-side-waits.ts).
    // The course and the attendees are one statement (readAttendanceTargets). A refusal is the first failing
    // lookup's, course then instructor, whichever answered first.
    const [targets, instructor] = await Promise.allSettled([
      readAttendanceTargets(this.db, organizationId, input.courseId, input.attendants),
      this.queries.requireInstructor(organizationId, input.instructorId),
    ]);
    if (targets.status === 'rejected') throw targets.reason;
    if (!targets.value.courseOpen) throw new DomainError('course.notFound');
    if (instructor.status === 'rejected') throw instructor.reason;
    const attendees = targets.value.attendees;
    let result = { code: '', attendanceNumber: 0 };
    await this.executor.executeMany(ctx, async () => {
      const numbersStream = attendanceNumberStream(organizationId, now);
      const attendance = await this.executor.loadMinted(attendanceStream(attendanceId), attendanceDecider);
      // The counter last: the turn on it lasts from this read until the draw is queued, reads excluded.
      const numbers = await this.executor.load(numbersStream, attendanceNumberDecider);
      const plan = planAttendanceCreation(
        { attendanceId, organizationId, userId: ctx.userId, now, input, attendees },
        { numbers: numbers.state, attendance: attendance.state },
      );
      result = { code: plan.code, attendanceNumber: plan.numberEvents[0].data.sequence };
      return [
        { stream: numbers, events: plan.numberEvents, allocation: true },
        { stream: attendance, events: plan.attendanceEvents },
      ];
    });
    return { id: attendanceId, ...result };
  }
}

@CommandHandler(EditAttendanceCommand)
export class EditAttendanceHandler implements ICommandHandler<EditAttendanceCommand> {
  constructor(
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(AttendancesQueries) private readonly queries: AttendancesQueries,
  ) {}

  async execute({ ctx, input }: EditAttendanceCommand) {
    const { id, ...rest } = input;
    // An attendance keeps the instructor it was recorded with, even one deleted since; a new one must be active.
    const current = await this.executor.load(attendanceStream(id), attendanceDecider);
    const recorded = current.state.status === 'none' ? null : current.state.instructorId;
    if (rest.instructorId !== recorded)
      await this.queries.requireInstructor(ctx.organizationId!, rest.instructorId);
    const attendees = await this.queries.attendees(ctx.organizationId!, rest.attendants);
    await this.executor.execute(ctx, attendanceStream(id), attendanceDecider, {
      type: 'EditAttendance',
      attendanceId: id,
      organizationId: ctx.organizationId!,
      userId: ctx.userId,
      now: ctx.now.toISOString(),
      input: rest,
      attendees,
    });
    return { id };
  }
}

@CommandHandler(DeleteAttendanceCommand)
export class DeleteAttendanceHandler implements ICommandHandler<DeleteAttendanceCommand> {
  constructor(@Inject(CommandExecutor) private readonly executor: CommandExecutor) {}

  async execute({ ctx, attendanceId }: DeleteAttendanceCommand) {
    await this.executor.execute(ctx, attendanceStream(attendanceId), attendanceDecider, {
      type: 'DeleteAttendance',
      attendanceId,
      organizationId: ctx.organizationId!,
      userId: ctx.userId,
      now: ctx.now.toISOString(),
    });
    return { id: attendanceId };
  }
}
