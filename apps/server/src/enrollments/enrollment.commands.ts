import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  enrollmentDecider,
  enrollmentStream,
  type AddEnrollmentInput,
  type EditEnrollmentInput,
} from '@okul/domain';
import { requireOpenCourse, type Db } from '@okul/projections';
import { DB } from '../infra/tokens';
import { CommandExecutor, type CommandContext } from '../infra/command-executor';
import { EnrollmentsQueries } from './enrollments.queries';

/*
 * Enrolments live in their student's stream (enrollments/decider.ts), so the rules over all of a student's
 * enrolments of a course (one active, no overlap) hold under concurrency: two racing changes conflict on the
 * stream's expected version and the later one is decided again.
 */

export class AddEnrollmentCommand extends Command<{ id: string }> {
  constructor(
    readonly ctx: CommandContext,
    readonly enrollmentId: string,
    readonly input: AddEnrollmentInput,
  ) {
    super();
  }
}

export class EditEnrollmentCommand extends Command<{ id: string }> {
  constructor(
    readonly ctx: CommandContext,
    readonly input: EditEnrollmentInput,
  ) {
    super();
  }
}

export class EndEnrollmentCommand extends Command<{ id: string }> {
  constructor(
    readonly ctx: CommandContext,
    readonly enrollmentId: string,
  ) {
    super();
  }
}

const base = (ctx: CommandContext) => ({
  organizationId: ctx.organizationId!,
  userId: ctx.userId,
  now: ctx.now.toISOString(),
});

/** A new enrolment needs an open course of this organisation; the student's stream decides the rest. */
@CommandHandler(AddEnrollmentCommand)
export class AddEnrollmentHandler implements ICommandHandler<AddEnrollmentCommand> {
  constructor(
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(EnrollmentsQueries) private readonly queries: EnrollmentsQueries,
    @Inject(DB) private readonly db: Db,
  ) {}

  async execute({ ctx, enrollmentId, input }: AddEnrollmentCommand) {
    const { studentId, ...rest } = input;
    await requireOpenCourse(this.db, ctx.organizationId!, rest.courseId);
    await this.executor.execute(ctx, enrollmentStream(studentId), enrollmentDecider, {
      type: 'AddEnrollment',
      enrollmentId,
      studentId,
      ...base(ctx),
      input: rest,
    });
    return { id: enrollmentId };
  }
}

/** The enrolment's student (whose stream holds it) comes from the read model; a given studentId is ignored. */
@CommandHandler(EditEnrollmentCommand)
export class EditEnrollmentHandler implements ICommandHandler<EditEnrollmentCommand> {
  constructor(
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(EnrollmentsQueries) private readonly queries: EnrollmentsQueries,
  ) {}

  async execute({ ctx, input }: EditEnrollmentCommand) {
    const { id, studentId: _given, ...changes } = input;
    const studentId = await this.queries.studentOf(ctx.organizationId!, id);
    await this.executor.execute(ctx, enrollmentStream(studentId), enrollmentDecider, {
      type: 'EditEnrollment',
      enrollmentId: id,
      studentId,
      ...base(ctx),
      changes,
    });
    return { id };
  }
}

@CommandHandler(EndEnrollmentCommand)
export class EndEnrollmentHandler implements ICommandHandler<EndEnrollmentCommand> {
  constructor(
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(EnrollmentsQueries) private readonly queries: EnrollmentsQueries,
  ) {}

  async execute({ ctx, enrollmentId }: EndEnrollmentCommand) {
    const studentId = await this.queries.studentOf(ctx.organizationId!, enrollmentId);
    await this.executor.execute(ctx, enrollmentStream(studentId), enrollmentDecider, {
      type: 'EndEnrollment',
      enrollmentId,
      studentId,
      ...base(ctx),
    });
    return { id: enrollmentId };
  }
}
